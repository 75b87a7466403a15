// A tolerant reader for JSON that was cut off (a reply that hit the token
// limit). It returns a tree in which every string, object and array says
// whether it was complete, so the envelope parser can keep what fully arrived
// (a finished `skill_md`, finished scripts) and drop what did not, instead of
// guessing the rest the way a repair tool would. Raw control characters in
// strings are accepted as written; anything unreadable ends the read there.

export type PartialNode =
  | { kind: 'string'; value: string; done: boolean }
  | { kind: 'object'; entries: Array<[string, PartialNode]>; done: boolean }
  | { kind: 'array'; items: PartialNode[]; done: boolean }
  | { kind: 'literal'; value: number | boolean | null; done: boolean };

const MAX_DEPTH = 64;

/** Reads one JSON value starting at `start` (whitespace allowed before it); `null` when nothing readable is there. */
export function readPartialJson(text: string, start = 0): PartialNode | null {
  return readPartialJsonAt(text, start).node;
}

/**
 * Like readPartialJson, and also says whether reading stopped because the text
 * ended (`eof`: a cut-off value) rather than at something that is not JSON.
 */
export function readPartialJsonAt(text: string, start = 0): { node: PartialNode | null; eof: boolean } {
  const r = new PartialReader(text, start);
  const node = r.value(0);
  return { node, eof: r.atEnd() };
}

class PartialReader {
  private i: number;
  constructor(
    private readonly s: string,
    start: number,
  ) {
    this.i = start;
  }

  atEnd(): boolean {
    this.ws();
    return this.i >= this.s.length;
  }

  private ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  value(depth: number): PartialNode | null {
    this.ws();
    if (this.i >= this.s.length || depth > MAX_DEPTH) return null;
    const c = this.s[this.i];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    return this.literal();
  }

  private object(depth: number): PartialNode {
    const node: PartialNode & { kind: 'object' } = { kind: 'object', entries: [], done: false };
    this.i++; // {
    for (;;) {
      this.ws();
      if (this.i >= this.s.length) return node;
      const c = this.s[this.i];
      if (c === '}') {
        this.i++;
        node.done = true;
        return node;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c !== '"') return node; // unreadable: stop here
      const key = this.string();
      if (!key.done) return node;
      this.ws();
      if (this.s[this.i] !== ':') return node;
      this.i++;
      const v = this.value(depth + 1);
      if (v === null) return node;
      node.entries.push([key.value, v]);
      if (!v.done) return node;
    }
  }

  private array(depth: number): PartialNode {
    const node: PartialNode & { kind: 'array' } = { kind: 'array', items: [], done: false };
    this.i++; // [
    for (;;) {
      this.ws();
      if (this.i >= this.s.length) return node;
      const c = this.s[this.i];
      if (c === ']') {
        this.i++;
        node.done = true;
        return node;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      const v = this.value(depth + 1);
      if (v === null) return node;
      node.items.push(v);
      if (!v.done) return node;
    }
  }

  /**
   * A string of standard escapes only (the usual case), decoded by JSON.parse in one pass: no
   * piece per escape to join (a long text of short lines was one concatenation per line). Null
   * when it cannot be (a raw control character, an unknown escape, a cut escape at the end): the
   * lenient reader below takes those.
   */
  private nativeString(): (PartialNode & { kind: 'string' }) | null {
    const s = this.s;
    let q = this.i;
    for (;;) {
      q = s.indexOf('"', q + 1);
      if (q === -1) break;
      let k = q - 1;
      while (s.charCodeAt(k) === 92 /* \ */) k--;
      if ((q - 1 - k) % 2 === 0) break;
    }
    const done = q !== -1;
    const end = done ? q : s.length;
    // Cut text: only when it does not end inside an escape (a backslash, or \u and fewer than 4 digits).
    if (!done && /\\(?:u[0-9a-fA-F]{0,3})?$/.test(s.slice(Math.max(this.i + 1, end - 6), end))) return null;
    let value: unknown;
    try {
      value = JSON.parse(`${s.slice(this.i, end)}${done ? '' : '"'}`);
    } catch {
      return null;
    }
    this.i = done ? end + 1 : s.length;
    return { kind: 'string', value: value as string, done };
  }

  private string(): PartialNode & { kind: 'string' } {
    const native = this.nativeString();
    if (native) return native;
    const s = this.s;
    let i = this.i + 1;
    let out = '';
    let runStart = i;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 34 /* " */) {
        out += s.slice(runStart, i);
        this.i = i + 1;
        return { kind: 'string', value: out, done: true };
      }
      if (c !== 92 /* \ */) {
        i++;
        continue;
      }
      out += s.slice(runStart, i);
      if (i + 1 >= s.length) {
        runStart = s.length; // cut inside an escape: drop the lone backslash
        break;
      }
      const e = s[i + 1]!;
      if (e === 'u') {
        const hex = s.slice(i + 2, i + 6);
        if (hex.length < 4) {
          i = s.length;
          runStart = i;
          break;
        }
        const code = /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : NaN;
        out += Number.isNaN(code) ? hex : String.fromCharCode(code);
        i += 6;
      } else {
        out += JSON_ESCAPES[e] ?? e;
        i += 2;
      }
      runStart = i;
    }
    if (runStart < s.length) out += s.slice(runStart);
    this.i = s.length;
    return { kind: 'string', value: out, done: false };
  }

  private literal(): PartialNode | null {
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.s.slice(this.i, this.i + 64));
    if (!m) return null;
    const text = m[0];
    this.i += text.length;
    // A number at the very end may still have been growing.
    const done = this.i < this.s.length;
    const value = text === 'true' ? true : text === 'false' ? false : text === 'null' ? null : Number(text);
    return { kind: 'literal', value, done };
  }
}

/** What each one-character JSON escape (`\n`, `\"` …) stands for; `\uXXXX` is decoded apart. */
export const JSON_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The plain JSON value of a node, or `undefined` when it (or anything inside it) is incomplete. */
export function completeValue(node: PartialNode): unknown {
  if (!node.done) return undefined;
  switch (node.kind) {
    case 'string':
    case 'literal':
      return node.value;
    case 'array': {
      const out: unknown[] = [];
      for (const item of node.items) {
        const v = completeValue(item);
        if (v === undefined) return undefined;
        out.push(v);
      }
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, item] of node.entries) {
        const v = completeValue(item);
        if (v === undefined) return undefined;
        out[k] = v;
      }
      return out;
    }
  }
}

/** The value of `key` in an object node (last one wins, as in JSON.parse). */
export function entryOf(node: PartialNode | undefined, key: string): PartialNode | undefined {
  if (!node || node.kind !== 'object') return undefined;
  let found: PartialNode | undefined;
  for (const [k, v] of node.entries) if (k === key) found = v;
  return found;
}
