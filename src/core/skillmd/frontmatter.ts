// The YAML frontmatter of a SKILL.md: finding it between `---` lines
// (CRLF and a BOM tolerated), parsing it with `yaml` while keeping positions,
// mapping every problem to a diagnostic with a 1-based file line, and
// turning the document into plain JavaScript in one walk (plainYamlValue)
// for the documents frontmatter almost always is.

import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { errorDiag, warningDiag, type Diagnostic } from '../diagnostics.js';

export interface FrontmatterSplit {
  /** True when the file opens with a `---` line. */
  present: boolean;
  /** The YAML text between the fences (LF line endings). */
  yaml: string;
  /** 1-based file line of the first YAML line. */
  yamlLine: number;
  /** Everything after the closing fence (or the whole file). */
  body: string;
  /** 1-based file line where `body` starts. */
  bodyLine: number;
  diagnostics: Diagnostic[];
}

const FENCE = /^---[ \t]*$/;

/**
 * Normalises line endings and strips a BOM, then cuts the frontmatter off the body.
 * Speed: it walks line starts with indexOf and slices the text once, instead
 * of splitting the whole file into lines and joining the parts again.
 */
export function splitFrontmatter(raw: string): FrontmatterSplit {
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const firstEnd = lineEnd(text, 0);
  if (!FENCE.test(text.slice(0, firstEnd))) {
    return { present: false, yaml: '', yamlLine: 1, body: text, bodyLine: 1, diagnostics: [] };
  }
  // `start` is the offset of line `line` (0-based); `firstEnd + 1` opens line 1.
  let line = 1;
  for (let start = firstEnd + 1; start <= text.length; line++) {
    const end = lineEnd(text, start);
    if (FENCE.test(text.slice(start, end))) {
      return {
        present: true,
        yaml: text.slice(firstEnd + 1, Math.max(firstEnd + 1, start - 1)),
        yamlLine: 2,
        body: text.slice(end + 1),
        // A file that ends on the closing fence has no line for a body: point at the fence.
        bodyLine: end < text.length ? line + 2 : line + 1,
        diagnostics: [],
      };
    }
    start = end + 1;
  }
  return {
    present: true,
    yaml: '',
    yamlLine: 2,
    body: text.slice(firstEnd + 1),
    bodyLine: firstEnd < text.length ? 2 : 1,
    diagnostics: [
      errorDiag(
        'frontmatter-unclosed',
        'frontmatter',
        'the frontmatter opened with "---" on line 1 is never closed: add a "---" line after the last YAML line',
        1,
      ),
    ],
  };
}

/** Offset of the `\n` ending the line that starts at `start` (or the text length). */
function lineEnd(text: string, start: number): number {
  const i = text.indexOf('\n', start);
  return i < 0 ? text.length : i;
}

export interface ParsedYaml {
  /** The plain value when the YAML is a mapping, else null. */
  data: Record<string, unknown> | null;
  doc: Document.Parsed | null;
  /** Returns the 1-based file line of the node at `path` (or of its closest existing parent). */
  lineOf: (path: readonly (string | number)[]) => number | undefined;
  /** 1-based file line of each top-level key. */
  keyLines: Record<string, number>;
  diagnostics: Diagnostic[];
  /** The first error's message (one line) when the YAML did not parse. */
  error?: string;
}

/** Parses frontmatter YAML; never throws. `yamlLine` is the file line of the YAML's first line. */
export function parseFrontmatterYaml(yamlText: string, yamlLine: number): ParsedYaml {
  const diagnostics: Diagnostic[] = [];
  const keyLines: Record<string, number> = {};
  let counter: LinePositions | undefined;
  const fileLine = (offset: number | undefined): number | undefined =>
    offset === undefined || offset < 0 || !counter ? undefined : counter.linePos(offset).line + yamlLine - 1;

  if (flowTooDeep(yamlText)) {
    diagnostics.push(errorDiag('yaml-syntax', 'frontmatter', `the frontmatter YAML nests [ or { more than ${MAX_FLOW_DEPTH} deep; flatten it`, yamlLine));
    return { data: null, doc: null, lineOf: () => undefined, keyLines, diagnostics };
  }
  let doc: Document.Parsed;
  try {
    ({ doc, counter } = parseYamlDocument(yamlText));
  } catch (err) {
    diagnostics.push(errorDiag('yaml-syntax', 'frontmatter', `the frontmatter YAML could not be read: ${firstLine(err)}`, yamlLine));
    return { data: null, doc: null, lineOf: () => undefined, keyLines, diagnostics, error: firstLine(err) };
  }

  for (const e of doc.errors) {
    diagnostics.push(errorDiag('yaml-syntax', 'frontmatter', `YAML error: ${firstLine(e)}`, fileLine(e.pos[0]) ?? yamlLine));
  }
  for (const w of doc.warnings) {
    diagnostics.push(warningDiag('yaml-warning', 'frontmatter', `YAML warning: ${firstLine(w)}`, fileLine(w.pos[0]) ?? yamlLine));
  }

  const lineOf = (path: readonly (string | number)[]): number | undefined => {
    for (let n = path.length; n >= 0; n--) {
      try {
        const node: unknown = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
        const range = (node as { range?: [number, number, number] } | null)?.range;
        if (range) return fileLine(range[0]);
      } catch {
        // a path through a scalar: try the parent
      }
    }
    return undefined;
  };

  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (!isPair(item)) continue;
      const key = isScalar(item.key) ? String(item.key.value) : undefined;
      const range = (item.key as { range?: [number, number, number] } | null)?.range;
      if (key !== undefined && range && !(key in keyLines)) {
        const l = fileLine(range[0]);
        if (l !== undefined) keyLines[key] = l;
      }
    }
  }

  if (doc.errors.length > 0) return { data: null, doc, lineOf, keyLines, diagnostics, error: firstLine(doc.errors[0]) };

  let value: unknown;
  try {
    value = plainYamlValue(doc.contents);
    if (value === NOT_PLAIN) value = doc.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    diagnostics.push(errorDiag('yaml-syntax', 'frontmatter', `the frontmatter YAML could not be read: ${firstLine(err)}`, yamlLine));
    return { data: null, doc, lineOf, keyLines, diagnostics, error: firstLine(err) };
  }
  if (value === null || value === undefined) {
    return { data: {}, doc, lineOf, keyLines, diagnostics };
  }
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Map) {
    diagnostics.push(
      errorDiag(
        'frontmatter-not-mapping',
        'frontmatter',
        'the frontmatter must be a YAML mapping of keys (name:, description:, …), not a list or a single value',
        yamlLine,
      ),
    );
    return { data: null, doc, lineOf, keyLines, diagnostics };
  }
  return { data: value as Record<string, unknown>, doc, lineOf, keyLines, diagnostics };
}

type LinePositions = { linePos(offset: number): { line: number } };

/**
 * The document and its line positions. Parsed without a line counter and pretty errors first (they cost a tenth
 * of the parse); a text with an error or a warning, or with a CR, is parsed again with them.
 */
function parseYamlDocument(yamlText: string): { doc: Document.Parsed; counter: LinePositions } {
  const doc = parseDocument(yamlText, { uniqueKeys: true });
  if (doc.errors.length === 0 && doc.warnings.length === 0 && !yamlText.includes('\r')) return { doc, counter: lineStarts(yamlText) };
  const counter = new LineCounter();
  return { doc: parseDocument(yamlText, { lineCounter: counter, prettyErrors: true, uniqueKeys: true }), counter };
}

/** Line positions as LineCounter gives them (1-based `line` of an offset) for an LF text: the parser reports a new line after every `\n`. */
function lineStarts(text: string): LinePositions {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return {
    linePos(offset: number) {
      let low = 0;
      let high = starts.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (offset < starts[mid]!) high = mid;
        else low = mid + 1;
      }
      return { line: low };
    },
  };
}

/**
 * Deeper flow nesting than this is refused before the YAML parser sees it: a
 * 1 MiB run of `[` made it exhaust memory and end the process. Real
 * frontmatter nests a few levels.
 */
const MAX_FLOW_DEPTH = 1000;

/** Whether `[`/`{` nest deeper than MAX_FLOW_DEPTH in `text`, counted without regard to quotes (an upper bound). */
function flowTooDeep(text: string): boolean {
  // The depth is at most the number of openers: with few of them (real frontmatter) the per-character walk is skipped.
  let openers = 0;
  for (const c of ['[', '{']) for (let i = text.indexOf(c); i >= 0 && openers <= MAX_FLOW_DEPTH; i = text.indexOf(c, i + 1)) openers++;
  if (openers <= MAX_FLOW_DEPTH) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) {
      if (++depth > MAX_FLOW_DEPTH) return true;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}

function firstLine(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return (msg.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '').trim();
}

// ------------------------------------------------------------ plain values

// The plain JavaScript value of a parsed YAML document, for the documents
// frontmatter almost always is: mappings, sequences and scalars, no alias,
// no explicit tag, no merge key, no key that is itself a collection. It gives
// what the yaml package's Document.toJS() gives for those (keys as strings,
// scalars as resolved, `__proto__` an own key) in one walk without its
// per-node context; for anything else it answers NOT_PLAIN and the caller
// uses toJS().

export const NOT_PLAIN: unique symbol = Symbol('not plain YAML');

/** The JS value of a document's contents (`doc.contents`), or NOT_PLAIN when toJS() is needed. */
export function plainYamlValue(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isAlias(node) || (node as { tag?: string }).tag !== undefined) return NOT_PLAIN;
  if (isScalar(node)) return node.value;
  if (isSeq(node)) {
    const out: unknown[] = [];
    for (const item of node.items) {
      const v = plainYamlValue(item);
      if (v === NOT_PLAIN) return NOT_PLAIN;
      out.push(v);
    }
    return out;
  }
  if (!isMap(node)) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const pair of node.items) {
    if (!isPair(pair)) return NOT_PLAIN;
    const key = pair.key === null ? null : isScalar(pair.key) && (pair.key as { tag?: string }).tag === undefined ? pair.key.value : NOT_PLAIN;
    if (key === NOT_PLAIN || key === '<<' || (key !== null && typeof key === 'object')) return NOT_PLAIN;
    const name = key === null ? '' : String(key);
    const value = plainYamlValue(pair.value);
    if (value === NOT_PLAIN) return NOT_PLAIN;
    // As toJS: `__proto__` becomes an own key (toJS defines every key already present or inherited; assigning the others is the same).
    if (name === '__proto__') Object.defineProperty(out, name, { value, writable: true, enumerable: true, configurable: true });
    else out[name] = value;
  }
  return out;
}
