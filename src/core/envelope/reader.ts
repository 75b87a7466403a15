// The message reader behind createEnvelopeStream (stream.ts) and
// parseEnvelope (parse.ts): it reads a reply piece by piece and decodes the
// text of the envelope's `message` while it is written, together with the
// phase (message or skill) the model is in.
//
// Each piece is read once, character by character outside JSON strings and by
// indexed jumps inside them, so the total work is linear in the input. The
// reader mirrors the candidate scanner of ../json/scan.ts (braces outside
// double-quoted strings) and yields message text only when it is sure it
// belongs to the envelope the final parse will pick: the object must start the
// reply (or a ```json fence), the `message` key must come first in its object
// or after `skill`, and nothing earlier may already have been a complete
// envelope. When unsure it yields nothing. Its output does not depend on how
// the text is cut into pieces; parseEnvelope runs it over the whole reply to
// know what a stream of that reply has shown, and keeps that text.

import type { DraftPhase } from './events.js';
import { JSON_ESCAPES } from '../json/partial.js';
import { closingQuote } from '../json/scan.js';

/** Keys whose values hold the draft: nothing inside them is ever streamed as the message. */
const DRAFT_KEYS = new Set(['skill', 'spec', 'skill_md', 'skillMd', 'scripts']);

const FENCE_LINE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*(?:json[c5]?[ \t]*)?$/i;
const DRAFT_FENCE_LINE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*(?:[A-Za-z]+[ \t]+)?(?:skill(?:\.md)?|script[ \t]*:.*)$/i;
const MAX_KEY = 32;

const enum Expect {
  Key,
  Colon,
  Value,
  Comma,
}

interface Frame {
  array: boolean;
  /** Inside the draft (under `skill`, `spec`, …). */
  draft: boolean;
  /** Every ancestor is a one-key wrapper object (`{"response": {…}}`). */
  wrapperChain: boolean;
  expect: Expect;
  keys: number;
  firstKey: string | null;
  key: string | null;
  sawSkill: boolean;
}

/**
 * The reader's state and steps. A class (internal) rather than closures so
 * that every stream shares the same optimised methods: with closures, each new
 * stream's functions are new call targets and the engine re-optimises them.
 */
export class EnvelopeReader {
  /**
   * @param isEnvelope whether the text of a complete top-level object already
   *   holds the reply's envelope (then nothing after it is the message).
   */
  constructor(private readonly isEnvelope: (objectText: string) => boolean) {}

  // Prose between objects.
  private inRoot = false;
  private sawNonWs = false;
  private afterFence = false;
  private line = '';
  private proseDraft = false;

  // The current top-level object.
  private braceDepth = 0;
  /** Text of the current object while it may still need checking at its end; null when not needed. */
  private capture: string[] | null = null;
  /** Where in the current chunk the captured text starts. */
  private captureFrom = 0;
  private rootConfident = false;
  private structural = true;
  private frames: Frame[] = [];
  private scalar = false;

  // Strings.
  private inString = false;
  private stringRole: 'key' | 'stream' | 'skip' = 'skip';
  private keyBuf = '';
  private escape = false;
  private hex: string | null = null;

  // Deltas.
  private locked = false;
  private streamedRoot = false;
  private heldHigh = '';
  /** The message text decoded from the current piece, joined once when the piece is read (a concatenation per escape kept a chain of small strings alive). */
  private out: string[] = [];

  private top(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  private newFrame(array: boolean, parent: Frame | undefined): Frame {
    const draft = parent !== undefined && (parent.draft || (!parent.array && parent.key !== null && DRAFT_KEYS.has(parent.key)));
    const wrapperChain =
      parent === undefined || (parent.wrapperChain && !parent.array && parent.keys === 1 && parent.key !== 'message' && parent.key !== 'skill');
    return { array, draft, wrapperChain, expect: array ? Expect.Value : Expect.Key, keys: 0, firstKey: null, key: null, sawSkill: false };
  }

  private emit(piece: string): void {
    if (piece === '') return;
    let s = this.heldHigh + piece;
    this.heldHigh = '';
    const last = s.charCodeAt(s.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.heldHigh = s.slice(-1);
      s = s.slice(0, -1);
    }
    this.out.push(s);
  }

  private startRoot(offset: number): void {
    this.inRoot = true;
    this.braceDepth = 1;
    this.capture = this.locked ? null : [];
    this.captureFrom = offset;
    this.rootConfident = !this.locked && (!this.sawNonWs || this.afterFence);
    this.structural = true;
    this.frames = [this.newFrame(false, undefined)];
    this.scalar = false;
  }

  private closeRoot(chunk: string, endOffset: number): void {
    this.inRoot = false;
    this.frames = [];
    this.sawNonWs = true;
    this.afterFence = false;
    this.line = '';
    if (this.streamedRoot) {
      this.locked = true; // one message per reply
      return;
    }
    const captured = this.capture;
    this.capture = null;
    if (this.locked || captured === null) return;
    // Was this object already an envelope? Then nothing later is the message.
    captured.push(chunk.slice(this.captureFrom, endOffset));
    if (this.isEnvelope(captured.join(''))) this.locked = true;
  }

  private proseLineEnd(): void {
    if (FENCE_LINE.test(this.line)) this.afterFence = true;
    if (DRAFT_FENCE_LINE.test(this.line)) this.proseDraft = true;
    this.line = '';
  }

  /** Reads prose up to the next top-level `{`; returns the index to continue at. */
  private prose(chunk: string, i: number): number {
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 123 /* { */) {
        this.startRoot(i);
        return i + 1;
      }
      if (c === 10) {
        this.proseLineEnd();
        continue;
      }
      if (this.line.length < 200) this.line += chunk[i];
      if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) {
        this.sawNonWs = true;
        this.afterFence = false;
      }
    }
    return i;
  }

  /** Reads string contents; returns the index after the closing quote, or the chunk end. */
  private stringPart(chunk: string, i: number): number {
    const n = chunk.length;
    while (i < n) {
      if (this.hex !== null) {
        // Collecting the 4 hex digits of \uXXXX (possibly across chunks).
        const need = 4 - this.hex.length;
        this.hex += chunk.slice(i, i + need);
        i = Math.min(n, i + need);
        if (this.hex.length < 4) return i;
        const code = /^[0-9a-fA-F]{4}$/.test(this.hex) ? parseInt(this.hex, 16) : NaN;
        if (this.stringRole === 'stream') this.emit(Number.isNaN(code) ? this.hex : String.fromCharCode(code));
        else if (this.stringRole === 'key' && this.keyBuf.length < MAX_KEY) this.keyBuf += Number.isNaN(code) ? this.hex : String.fromCharCode(code);
        this.hex = null;
        continue;
      }
      if (this.escape) {
        this.escape = false;
        const e = chunk[i]!;
        i++;
        if (e === 'u') {
          this.hex = '';
          continue;
        }
        const decoded = JSON_ESCAPES[e] ?? e;
        if (this.stringRole === 'stream') this.emit(decoded);
        else if (this.stringRole === 'key' && this.keyBuf.length < MAX_KEY) this.keyBuf += decoded;
        continue;
      }
      if (this.stringRole === 'skip') {
        // Nothing to decode: jump to the closing quote; without one, note whether the chunk ends inside an escape.
        const q = closingQuote(chunk, i);
        if (q < 0) {
          let k = n - 1;
          while (k >= i && chunk.charCodeAt(k) === 92) k--;
          this.escape = (n - 1 - k) % 2 === 1;
          return n;
        }
        this.endString();
        return q + 1;
      }
      // Plain characters run until a quote or a backslash (a tight loop: no allocation per run).
      let stop = i;
      let c = 0;
      while (stop < n) {
        c = chunk.charCodeAt(stop);
        if (c === 34 || c === 92) break;
        stop++;
      }
      if (stop > i) {
        if (this.stringRole === 'stream') this.emit(chunk.slice(i, stop));
        else if (this.stringRole === 'key' && this.keyBuf.length < MAX_KEY) this.keyBuf += chunk.slice(i, Math.min(stop, i + MAX_KEY));
      }
      if (stop >= n) return n;
      if (c === 92) {
        this.escape = true;
        i = stop + 1;
        continue;
      }
      this.endString();
      return stop + 1;
    }
    return i;
  }

  private endString(): void {
    this.inString = false;
    const f = this.top();
    if (this.stringRole === 'stream') {
      if (this.heldHigh !== '') {
        this.out.push(this.heldHigh);
        this.heldHigh = '';
      }
      this.locked = true;
    }
    if (!this.structural || f === undefined) return;
    if (this.stringRole === 'key') {
      f.key = this.keyBuf;
      f.keys++;
      if (f.firstKey === null) f.firstKey = this.keyBuf;
      if (this.keyBuf === 'skill') f.sawSkill = true;
      f.expect = Expect.Colon;
    } else {
      f.expect = Expect.Comma;
    }
  }

  private beginString(): void {
    this.inString = true;
    this.escape = false;
    this.hex = null;
    const f = this.top();
    this.stringRole = 'skip';
    if (!this.structural || f === undefined) return;
    if (!f.array && f.expect === Expect.Key) {
      this.stringRole = 'key';
      this.keyBuf = '';
      return;
    }
    if (f.expect !== Expect.Value) {
      this.structural = false;
      return;
    }
    if (
      !f.array &&
      f.key === 'message' &&
      this.rootConfident &&
      !this.locked &&
      !this.streamedRoot &&
      !f.draft &&
      f.wrapperChain &&
      ((f.firstKey === 'message' && f.keys === 1) || f.sawSkill)
    ) {
      this.stringRole = 'stream';
      this.streamedRoot = true;
      this.capture = null; // the streamed object needs no check at its end
    }
  }

  /** Reads JSON structure outside strings; returns the index to continue at. */
  private structure(chunk: string, i: number): number {
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (this.scalar) {
        // A number or literal runs until a delimiter.
        if (c === 44 || c === 125 || c === 93 || c === 32 || c === 10 || c === 13 || c === 9) {
          this.scalar = false;
          const f = this.top();
          if (f) f.expect = Expect.Comma;
        } else if (c === 34 || c === 123) {
          this.scalar = false;
          this.structural = false;
        } else continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (c === 34 /* " */) {
        this.beginString();
        return i + 1;
      }
      if (c === 123 /* { */) {
        this.braceDepth++;
        if (this.structural) {
          const f = this.top();
          if (f && f.expect === Expect.Value) {
            this.frames.push(this.newFrame(false, f));
            f.expect = Expect.Comma;
          } else this.structural = false;
        }
        continue;
      }
      if (c === 125 /* } */) {
        this.braceDepth--;
        if (this.structural) {
          const f = this.top();
          if (f && !f.array && (f.expect === Expect.Key || f.expect === Expect.Comma)) this.frames.pop();
          else this.structural = false;
        }
        if (this.braceDepth === 0) {
          this.closeRoot(chunk, i + 1);
          return i + 1;
        }
        continue;
      }
      if (!this.structural) continue;
      const f = this.top();
      if (f === undefined) {
        this.structural = false;
        continue;
      }
      if (c === 91 /* [ */) {
        if (f.expect === Expect.Value) {
          this.frames.push(this.newFrame(true, f));
          f.expect = Expect.Comma;
        } else this.structural = false;
      } else if (c === 93 /* ] */) {
        if (f.array && (f.expect === Expect.Value || f.expect === Expect.Comma)) this.frames.pop();
        else this.structural = false;
      } else if (c === 58 /* : */) {
        if (!f.array && f.expect === Expect.Colon) f.expect = Expect.Value;
        else this.structural = false;
      } else if (c === 44 /* , */) {
        if (f.expect === Expect.Comma) f.expect = f.array ? Expect.Value : Expect.Key;
        else this.structural = false;
      } else if (f.expect === Expect.Value) {
        this.scalar = true;
      } else {
        this.structural = false;
      }
    }
    return i;
  }

  /** Whether the model is writing the message or the draft right now. */
  phase(): DraftPhase {
    if (this.inRoot) return this.top()?.draft ? 'skill' : 'message';
    return this.proseDraft ? 'skill' : 'message';
  }

  /** Reads the next piece of the reply; returns the message text it decoded (often ''). */
  read(chunk: string): string {
    this.out = [];
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.inString) i = this.stringPart(chunk, i);
      else if (!this.inRoot) i = this.prose(chunk, i);
      else i = this.structure(chunk, i);
    }
    if (this.capture !== null) {
      this.capture.push(this.captureFrom === 0 ? chunk : chunk.slice(this.captureFrom));
      this.captureFrom = 0;
    }
    const out = this.out.length === 1 ? this.out[0]! : this.out.join('');
    this.out = [];
    return out;
  }
}

/** The message text a stream of `text` shows (the same however the text is cut into pieces). */
export function shownMessage(text: string, isEnvelope: (objectText: string) => boolean): string {
  return text === '' ? '' : new EnvelopeReader(isEnvelope).read(text);
}
