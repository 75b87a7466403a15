// The text between inline nodes, gathered as ranges of the source instead of
// one character at a time. Appending a character per step builds a string of
// a million one-character pieces for a long reply, and V8 pays for it with
// garbage collection and flattening that grow faster than the text (1 MiB of
// curly quotes took 130 times as long as 64 KiB). Here a run of neighbouring
// source characters stays one range and becomes one slice.

export class TextRun {
  /** Slices cut so far by every run (the chat Markdown tests count them). */
  static slices = 0;
  private readonly parts: string[] = [];
  /** The pending source range `[from, to)`, extended while additions are adjacent. */
  private from = 0;
  private to = 0;

  constructor(private readonly src: string) {}

  /** Adds `src[from, to)`. */
  add(from: number, to: number): void {
    if (to <= from) return;
    if (from !== this.to || this.from === this.to) {
      this.seal();
      this.from = from;
    }
    this.to = to;
  }

  /** Removes the spaces at the end of the text; returns how many there were. */
  trimSpaces(): number {
    let removed = 0;
    while (this.to > this.from && this.src[this.to - 1] === ' ') {
      this.to--;
      removed++;
    }
    if (this.to > this.from) return removed;
    while (this.parts.length > 0) {
      const last = this.parts[this.parts.length - 1]!;
      let end = last.length;
      while (end > 0 && last[end - 1] === ' ') end--;
      removed += last.length - end;
      if (end > 0) {
        this.parts[this.parts.length - 1] = last.slice(0, end);
        break;
      }
      this.parts.pop();
    }
    return removed;
  }

  /** The text gathered so far ('' when none); the run starts empty again. */
  take(): string {
    if (this.parts.length === 0) return this.cut();
    this.seal();
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts.length = 0;
    return text;
  }

  /** The pending range as one slice ('' when it is empty); the range starts empty again. */
  private cut(): string {
    let text = '';
    if (this.to > this.from) {
      text = this.src.slice(this.from, this.to);
      TextRun.slices++;
    }
    this.from = this.to = 0;
    return text;
  }

  private seal(): void {
    const text = this.cut();
    if (text) this.parts.push(text);
  }
}
