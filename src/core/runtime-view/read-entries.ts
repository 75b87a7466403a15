// The tool entries Forge's runtime reads from a SKILL.md body
// (forge-skills/parser Parse), line by line with no notion of Markdown:
// `## Tool: <name>` opens an entry; any other line whose trimmed text starts
// with `#` closes it (also a `# comment` inside a code fence); inside an entry
// `**Input:**`, `**Output:**` and `**Output format:**` lines set the specs to
// the rest of that line and every other non-blank line joins the description;
// outside an entry a `- word` bullet (no space, at most 64 bytes) becomes an
// entry with only a name.

import { isGoSpace, utf8Length } from '../forge-runtime/go-text.js';
import { forEachLineSpan } from './scan-lines.js';

export interface RuntimeEntry {
  name: string;
  /** `tool`: a `## Tool:` heading; `phantom`: a legacy `- word` bullet. */
  kind: 'tool' | 'phantom';
  /** 1-based file line of the heading or bullet. */
  line: number;
  /** The description as the runtime joins it (trimmed lines, one space between). */
  description: string;
  /** The lines the description was joined from, each trimmed with its 1-based file line (a table row among them is sent as text too). */
  descriptionLines: Array<{ line: number; text: string }>;
  inputSpec: string;
  outputSpec: string;
  outputFormat: string;
  /** 1-based lines of the spec lines the runtime used (the last one of each kind wins). */
  inputSpecLine?: number;
  outputSpecLine?: number;
  /** The `#` line that ended the entry, when one did (not the next `## Tool:`). */
  endedBy?: { line: number; text: string };
}

export interface ReadEntriesResult {
  entries: RuntimeEntry[];
  /** 1-based file line that stopped the runtime's scan (64 KiB or longer): the runtime drops the skill. */
  tooLongLine?: number;
}

/**
 * An entry while its lines are read. It is kept in one reused draft, and the
 * entry object is made once it is complete, with every property in its final
 * order: a 1 MiB body of short headings holds tens of thousands of entries,
 * all alive to the end of the parse, so each object and property store made
 * per entry is copied by the young-generation GC and then promoted.
 */
export class EntryDraft {
  name = '';
  kind: RuntimeEntry['kind'] = 'tool';
  line = 0;
  description = '';
  descriptionLines: RuntimeEntry['descriptionLines'] | null = null;
  inputSpec = '';
  outputSpec = '';
  outputFormat = '';
  /** Undefined while no spec line of that kind was read. */
  inputSpecLine: number | undefined = undefined;
  outputSpecLine: number | undefined = undefined;
  /** Whether the first `**Output:**` line came before the first `**Input:**` line (the order their line keys are added in). */
  outputLineFirst = false;
  endedBy: RuntimeEntry['endedBy'] = undefined;

  open(name: string, kind: RuntimeEntry['kind'], line: number): void {
    this.name = name;
    this.kind = kind;
    this.line = line;
    this.description = '';
    this.descriptionLines = null;
    this.inputSpec = '';
    this.outputSpec = '';
    this.outputFormat = '';
    this.inputSpecLine = undefined;
    this.outputSpecLine = undefined;
    this.outputLineFirst = false;
    this.endedBy = undefined;
  }

  /** Whether the entry has none of the optional keys (spec lines, the line that ended it). */
  get plain(): boolean {
    return this.inputSpecLine === undefined && this.outputSpecLine === undefined && this.endedBy === undefined;
  }

  /** The entry: its fixed keys, then the optional ones in the order the runtime's reading set them. */
  entry(): RuntimeEntry {
    const e: RuntimeEntry = {
      name: this.name,
      kind: this.kind,
      line: this.line,
      description: this.description,
      descriptionLines: this.descriptionLines ?? [],
      inputSpec: this.inputSpec,
      outputSpec: this.outputSpec,
      outputFormat: this.outputFormat,
    };
    if (this.plain) return e;
    if (this.outputLineFirst) e.outputSpecLine = this.outputSpecLine!;
    if (this.inputSpecLine !== undefined) e.inputSpecLine = this.inputSpecLine;
    if (this.outputSpecLine !== undefined && !this.outputLineFirst) e.outputSpecLine = this.outputSpecLine;
    if (this.endedBy) e.endedBy = this.endedBy;
    return e;
  }
}

const TOOL = '## Tool:';
const INPUT = '**Input:**';
const OUTPUT = '**Output:**';
const OUTPUT_FORMAT = '**Output format:**';

/** Reads `body`, whose first line is line `firstLine` of the file. */
export function readRuntimeEntries(body: string, firstLine = 1): ReadEntriesResult {
  const { items, tooLongLine } = scanRuntimeEntries(body, firstLine, (d) => d.entry());
  const result: ReadEntriesResult = { entries: items };
  if (tooLongLine !== undefined) result.tooLongLine = tooLongLine;
  return result;
}

/** `s` from `a` to `b` without Go's white space at either end. */
function trimmedSlice(s: string, a: number, b: number): string {
  while (a < b && isGoSpace(s.charCodeAt(a))) a++;
  while (b > a && isGoSpace(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

/**
 * The runtime's reading of `body`, each entry handed to `make` once it is
 * complete (the draft is reused: `make` copies what it keeps). Lines are read
 * as spans of the text and only the pieces kept are cut out.
 */
export function scanRuntimeEntries<T>(body: string, firstLine: number, make: (draft: EntryDraft) => T): { items: T[]; tooLongLine?: number } {
  const items: T[] = [];
  const draft = new EntryDraft();
  let inEntry = false;
  const finish = (): void => {
    if (inEntry) items.push(make(draft));
    inEntry = false;
  };

  const tooLongAt = forEachLineSpan(body, (s, start, stop, k) => {
    // The line's trimmed text is s[a, b).
    let a = start;
    let b = stop;
    while (a < b && isGoSpace(s.charCodeAt(a))) a++;
    while (b > a && isGoSpace(s.charCodeAt(b - 1))) b--;
    const line = firstLine + k;
    if (b - a >= TOOL.length && s.startsWith(TOOL, a)) {
      finish();
      const name = trimmedSlice(s, a + TOOL.length, b);
      if (name !== '') {
        draft.open(name, 'tool', line);
        inEntry = true;
      }
      return;
    }
    if (a < b && s.charCodeAt(a) === 35 /* # */) {
      if (inEntry) draft.endedBy = { line, text: s.slice(a, b) };
      finish();
      return;
    }
    if (inEntry) {
      readEntryLine(draft, s, a, b, line);
      return;
    }
    if (b - a >= 2 && s.charCodeAt(a) === 45 /* - */ && s.charCodeAt(a + 1) === 32) readBullet(s, a + 2, b, line, draft, make, items);
  });
  finish();
  return tooLongAt === undefined ? { items } : { items, tooLongLine: firstLine + tooLongAt };
}

/** A `- word` bullet outside an entry: a phantom entry when the word has no space and is at most 64 bytes. */
function readBullet<T>(s: string, a: number, b: number, line: number, draft: EntryDraft, make: (draft: EntryDraft) => T, items: T[]): void {
  while (a < b && isGoSpace(s.charCodeAt(a))) a++;
  // A UTF-8 length is at least the UTF-16 length: a longer span is no name, and is not cut out.
  if (a === b || b - a > 64) return;
  const name = s.slice(a, b);
  if (name.includes(' ') || utf8Length(name) > 64) return;
  draft.open(name, 'phantom', line);
  items.push(make(draft));
}

function readEntryLine(entry: EntryDraft, s: string, a: number, b: number, line: number): void {
  const n = b - a;
  if (n >= INPUT.length && s.startsWith(INPUT, a)) {
    entry.inputSpec = trimmedSlice(s, a + INPUT.length, b);
    entry.inputSpecLine = line;
  } else if (n >= OUTPUT.length && s.startsWith(OUTPUT, a)) {
    entry.outputSpec = trimmedSlice(s, a + OUTPUT.length, b);
    if (entry.outputSpecLine === undefined && entry.inputSpecLine === undefined) entry.outputLineFirst = true;
    entry.outputSpecLine = line;
  } else if (n >= OUTPUT_FORMAT.length && s.startsWith(OUTPUT_FORMAT, a)) {
    entry.outputFormat = trimmedSlice(s, a + OUTPUT_FORMAT.length, b);
  } else if (n > 0) {
    const text = s.slice(a, b);
    if (entry.description !== '') entry.description += ' ';
    entry.description += text;
    (entry.descriptionLines ??= []).push({ line, text });
  }
}
