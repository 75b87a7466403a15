// Incremental reading of a reply as it streams in (SPEC §5 "Streaming"): the
// text of the envelope's `message` is decoded and emitted as `message_delta`
// events while it is generated, and `progress` says how much has arrived and
// whether the model is writing the message or the skill. `end()` returns what
// `parseEnvelope` gives for the whole text.
//
// Each chunk is read once, character by character outside JSON strings and by
// indexed jumps inside them, so the total work is linear in the input. The
// reader mirrors the candidate scanner of json-scan.ts (braces outside
// double-quoted strings) and emits deltas only when it is sure they belong to
// the envelope the final parse will pick: the object must start the reply (or
// a ```json fence), the `message` key must come first in its object or after
// `skill`, and nothing earlier may already have been a complete envelope.
// When unsure it emits nothing: the final `message` event carries the text.

import type { BuilderEvent, DraftPhase, ParsedEnvelope } from './events.js';
import { findEnvelopeInText, parseEnvelope } from './envelope.js';

export interface EnvelopeStream {
  /**
   * Feeds the next piece of the reply; returns the events it produced: at most
   * one `message_delta` and one `progress` (sent on the first push, when the
   * phase changes and after every 256 more characters). Do not mutate the array.
   */
  push(chunk: string): BuilderEvent[];
  /** Ends the reply: the same result as `parseEnvelope` of everything pushed. */
  end(): ParsedEnvelope;
  /** Characters received so far. */
  readonly chars: number;
}

/** Keys whose values hold the draft: nothing inside them is ever streamed as the message. */
const DRAFT_KEYS = new Set(['skill', 'spec', 'skill_md', 'skillMd', 'scripts']);

const FENCE_LINE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*(?:json[c5]?)?[ \t]*$/i;
const DRAFT_FENCE_LINE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*(?:[A-Za-z]+[ \t]+)?(?:skill(?:\.md)?|script[ \t]*:.*)$/i;
const MAX_KEY = 32;
/** A `progress` event at least every this many characters (and on every phase change). */
const PROGRESS_STEP = 256;
const NO_EVENTS: BuilderEvent[] = [];

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

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function createEnvelopeStream(): EnvelopeStream {
  // The text so far. Appending builds a rope in O(1); it is flattened once, in end().
  let text = '';
  let chars = 0;
  let lastProgressChars = -1;
  let lastPhase: DraftPhase = 'message';

  // Prose between objects.
  let inRoot = false;
  let sawNonWs = false;
  let afterFence = false;
  let line = '';
  let proseDraft = false;

  // The current top-level object.
  let braceDepth = 0;
  /** Text of the current object while it may still need checking at its end; null when not needed. */
  let capture: string[] | null = null;
  /** Where in the current chunk the captured text starts. */
  let captureFrom = 0;
  let rootConfident = false;
  let structural = true;
  let frames: Frame[] = [];
  let scalar = false;

  // Strings.
  let inString = false;
  let stringRole: 'key' | 'stream' | 'skip' = 'skip';
  let keyBuf = '';
  let escape = false;
  let hex: string | null = null;

  // Deltas.
  let locked = false;
  let streamedRoot = false;
  let heldHigh = '';
  let out = '';

  function top(): Frame | undefined {
    return frames[frames.length - 1];
  }

  function newFrame(array: boolean, parent: Frame | undefined): Frame {
    const draft = parent !== undefined && (parent.draft || (!parent.array && parent.key !== null && DRAFT_KEYS.has(parent.key)));
    const wrapperChain =
      parent === undefined ||
      (parent.wrapperChain && !parent.array && parent.keys === 1 && parent.key !== 'message' && parent.key !== 'skill');
    return { array, draft, wrapperChain, expect: array ? Expect.Value : Expect.Key, keys: 0, firstKey: null, key: null, sawSkill: false };
  }

  function emit(text: string): void {
    if (text === '') return;
    let s = heldHigh + text;
    heldHigh = '';
    const last = s.charCodeAt(s.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      heldHigh = s.slice(-1);
      s = s.slice(0, -1);
    }
    out += s;
  }

  function startRoot(offset: number): void {
    inRoot = true;
    braceDepth = 1;
    capture = locked ? null : [];
    captureFrom = offset;
    rootConfident = !locked && (!sawNonWs || afterFence);
    structural = true;
    frames = [newFrame(false, undefined)];
    scalar = false;
  }

  function closeRoot(chunk: string, endOffset: number): void {
    inRoot = false;
    frames = [];
    sawNonWs = true;
    afterFence = false;
    line = '';
    if (streamedRoot) {
      locked = true; // one message per reply
      return;
    }
    const captured = capture;
    capture = null;
    if (locked || captured === null) return;
    // Was this object already an envelope? Then nothing later is the message.
    captured.push(chunk.slice(captureFrom, endOffset));
    if (findEnvelopeInText(captured.join('')) !== null) locked = true;
  }

  function proseLineEnd(): void {
    if (FENCE_LINE.test(line)) afterFence = true;
    if (DRAFT_FENCE_LINE.test(line)) proseDraft = true;
    line = '';
  }

  /** Reads prose up to the next top-level `{`; returns the index to continue at. */
  function prose(chunk: string, i: number): number {
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 123 /* { */) {
        startRoot(i);
        return i + 1;
      }
      if (c === 10) {
        proseLineEnd();
        continue;
      }
      if (line.length < 200) line += chunk[i];
      if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) {
        sawNonWs = true;
        afterFence = false;
      }
    }
    return i;
  }

  /** Reads string contents; returns the index after the closing quote, or the chunk end. */
  function stringPart(chunk: string, i: number): number {
    const n = chunk.length;
    while (i < n) {
      if (hex !== null) {
        // Collecting the 4 hex digits of \uXXXX (possibly across chunks).
        const need = 4 - hex.length;
        hex += chunk.slice(i, i + need);
        i = Math.min(n, i + need);
        if (hex.length < 4) return i;
        const code = /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : NaN;
        if (stringRole === 'stream') emit(Number.isNaN(code) ? hex : String.fromCharCode(code));
        else if (stringRole === 'key' && keyBuf.length < MAX_KEY) keyBuf += Number.isNaN(code) ? hex : String.fromCharCode(code);
        hex = null;
        continue;
      }
      if (escape) {
        escape = false;
        const e = chunk[i]!;
        i++;
        if (e === 'u') {
          hex = '';
          continue;
        }
        const decoded = ESCAPES[e] ?? e;
        if (stringRole === 'stream') emit(decoded);
        else if (stringRole === 'key' && keyBuf.length < MAX_KEY) keyBuf += decoded;
        continue;
      }
      if (stringRole === 'skip') {
        // Nothing to decode: jump from quote to quote, an odd run of backslashes before one escapes it.
        let q = chunk.indexOf('"', i);
        while (q >= 0) {
          let k = q - 1;
          while (k >= i && chunk.charCodeAt(k) === 92) k--;
          if ((q - 1 - k) % 2 === 0) break;
          q = chunk.indexOf('"', q + 1);
        }
        if (q < 0) {
          let k = n - 1;
          while (k >= i && chunk.charCodeAt(k) === 92) k--;
          escape = (n - 1 - k) % 2 === 1;
          return n;
        }
        endString();
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
        if (stringRole === 'stream') emit(chunk.slice(i, stop));
        else if (stringRole === 'key' && keyBuf.length < MAX_KEY) keyBuf += chunk.slice(i, Math.min(stop, i + MAX_KEY));
      }
      if (stop >= n) return n;
      if (c === 92) {
        escape = true;
        i = stop + 1;
        continue;
      }
      endString();
      return stop + 1;
    }
    return i;
  }

  function endString(): void {
    inString = false;
    const f = top();
    if (stringRole === 'stream') {
      if (heldHigh !== '') {
        out += heldHigh;
        heldHigh = '';
      }
      locked = true;
    }
    if (!structural || f === undefined) return;
    if (stringRole === 'key') {
      f.key = keyBuf;
      f.keys++;
      if (f.firstKey === null) f.firstKey = keyBuf;
      if (keyBuf === 'skill') f.sawSkill = true;
      f.expect = Expect.Colon;
    } else {
      f.expect = Expect.Comma;
    }
  }

  function beginString(): void {
    inString = true;
    escape = false;
    hex = null;
    const f = top();
    stringRole = 'skip';
    if (!structural || f === undefined) return;
    if (!f.array && f.expect === Expect.Key) {
      stringRole = 'key';
      keyBuf = '';
      return;
    }
    if (f.expect !== Expect.Value) {
      structural = false;
      return;
    }
    if (
      !f.array &&
      f.key === 'message' &&
      rootConfident &&
      !locked &&
      !streamedRoot &&
      !f.draft &&
      f.wrapperChain &&
      ((f.firstKey === 'message' && f.keys === 1) || f.sawSkill)
    ) {
      stringRole = 'stream';
      streamedRoot = true;
      capture = null; // the streamed object needs no check at its end
    }
  }

  /** Reads JSON structure outside strings; returns the index to continue at. */
  function structure(chunk: string, i: number): number {
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (scalar) {
        // A number or literal runs until a delimiter.
        if (c === 44 || c === 125 || c === 93 || c === 32 || c === 10 || c === 13 || c === 9) {
          scalar = false;
          const f = top();
          if (f) f.expect = Expect.Comma;
        } else if (c === 34 || c === 123) {
          scalar = false;
          structural = false;
        } else continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (c === 34 /* " */) {
        beginString();
        return i + 1;
      }
      if (c === 123 /* { */) {
        braceDepth++;
        if (structural) {
          const f = top();
          if (f && f.expect === Expect.Value) {
            frames.push(newFrame(false, f));
            f.expect = Expect.Comma;
          } else structural = false;
        }
        continue;
      }
      if (c === 125 /* } */) {
        braceDepth--;
        if (structural) {
          const f = top();
          if (f && !f.array && (f.expect === Expect.Key || f.expect === Expect.Comma)) frames.pop();
          else structural = false;
        }
        if (braceDepth === 0) {
          closeRoot(chunk, i + 1);
          return i + 1;
        }
        continue;
      }
      if (!structural) continue;
      const f = top();
      if (f === undefined) {
        structural = false;
        continue;
      }
      if (c === 91 /* [ */) {
        if (f.expect === Expect.Value) {
          frames.push(newFrame(true, f));
          f.expect = Expect.Comma;
        } else structural = false;
      } else if (c === 93 /* ] */) {
        if (f.array && (f.expect === Expect.Value || f.expect === Expect.Comma)) frames.pop();
        else structural = false;
      } else if (c === 58 /* : */) {
        if (!f.array && f.expect === Expect.Colon) f.expect = Expect.Value;
        else structural = false;
      } else if (c === 44 /* , */) {
        if (f.expect === Expect.Comma) f.expect = f.array ? Expect.Value : Expect.Key;
        else structural = false;
      } else if (f.expect === Expect.Value) {
        scalar = true;
      } else {
        structural = false;
      }
    }
    return i;
  }

  function phase(): DraftPhase {
    if (inRoot) return top()?.draft ? 'skill' : 'message';
    return proseDraft ? 'skill' : 'message';
  }

  return {
    get chars() {
      return chars;
    },
    push(chunk: string): BuilderEvent[] {
      if (typeof chunk !== 'string' || chunk === '') return [];
      text += chunk;
      chars += chunk.length;
      out = '';
      let i = 0;
      const n = chunk.length;
      while (i < n) {
        if (inString) i = stringPart(chunk, i);
        else if (!inRoot) i = prose(chunk, i);
        else i = structure(chunk, i);
      }
      if (capture !== null) {
        capture.push(captureFrom === 0 ? chunk : chunk.slice(captureFrom));
        captureFrom = 0;
      }
      // Progress when the phase changes or another PROGRESS_STEP characters arrived
      // (consumers throttle by time anyway; this keeps tiny chunks cheap).
      const ph = phase();
      const progress = ph !== lastPhase || chars - lastProgressChars >= PROGRESS_STEP || lastProgressChars < 0;
      if (!progress && out === '') return NO_EVENTS;
      const events: BuilderEvent[] = [];
      if (progress) {
        events.push({ type: 'progress', chars, phase: ph });
        lastPhase = ph;
        lastProgressChars = chars;
      }
      if (out !== '') events.push({ type: 'message_delta', delta: out });
      out = '';
      return events;
    },
    end(): ParsedEnvelope {
      return parseEnvelope(text);
    },
  };
}
