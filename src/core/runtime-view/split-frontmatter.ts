// Where Forge's runtime splits a SKILL.md into frontmatter and body
// (forge-skills/parser ParseWithMetadata → extractFrontmatter), reproduced on
// UTF-8 bytes because the runtime counts bytes: leading blank characters are
// skipped, the file must then start with `---`, the frontmatter ends at the
// first later line that trims to `---`, and the body starts three bytes into
// that line. The runtime advances by each line's length without its `\r`, so
// in a CRLF file the split lands early, inside the frontmatter; reproducing
// that is the point (the body then starts with a piece of the last YAML line).

import { goTrimSpace } from '../forge-runtime/go-text.js';
import { hasLoneSurrogate, MAX_LINE_BYTES } from './scan-lines.js';

export interface RuntimeSplit {
  /** The YAML text the runtime unmarshals, or null when it sees no frontmatter. */
  frontmatter: string | null;
  /** The text the runtime reads tool entries from. */
  body: string;
  /** 1-based line of the whole file on which `body` starts. */
  bodyLine: number;
}

const encoder = new TextEncoder();
/** Keeps a U+FEFF that starts the body: Go's string(bytes) keeps it (a default TextDecoder drops it). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const NL = 10;

export function splitRuntimeFrontmatter(text: string): RuntimeSplit {
  return splitOnText(text) ?? splitOnBytes(text);
}

/**
 * The same split on the string itself, when byte and UTF-16 offsets cannot
 * lead anywhere else: no `\r` (the runtime's count is then each line's true
 * offset), well-formed text, no line before the closing fence long enough
 * to be 64 KiB in UTF-8, and ASCII in the three units the body starts after.
 * `undefined` when that does not hold. Speed: no encoding of the file and no
 * decoding of every line.
 */
function splitOnText(text: string): RuntimeSplit | undefined {
  if (text.includes('\r') || hasLoneSurrogate(text)) return undefined;
  const whole: RuntimeSplit = { frontmatter: null, body: text, bodyLine: 1 };
  let t = 0;
  while (t < text.length && (text[t] === ' ' || text[t] === '\t' || text[t] === '\n')) t++;
  if (!text.startsWith('---', t)) return whole;
  const nl = text.indexOf('\n', t + 3);
  if (nl < 0) return whole;
  const fmStart = nl + 1;
  // A line can trim to `---` only if it holds `---`: the next one is found once and the lines before it are not cut out.
  let dashes = -1;
  for (let start = fmStart; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if ((end - start) * 3 >= MAX_LINE_BYTES) return undefined; // the runtime may stop on it: the byte path decides
    if (dashes < start) {
      const at = text.indexOf('---', start);
      dashes = at < 0 ? text.length : at;
    }
    if (dashes + 3 <= end && goTrimSpace(text.slice(start, end)) === '---') {
      // eslint-disable-next-line no-control-regex -- the class is every non-ASCII character; \x00 is only its lower bound
      if (/[^\x00-\x7f]/.test(text.slice(start, start + 3))) return undefined;
      let bodyStart = start + 3;
      if (text[bodyStart] === '\n') bodyStart++;
      bodyStart = Math.min(bodyStart, text.length);
      let bodyLine = 1;
      for (let i = text.indexOf('\n'); i >= 0 && i < bodyStart; i = text.indexOf('\n', i + 1)) bodyLine++;
      return { frontmatter: text.slice(fmStart, start), body: text.slice(bodyStart), bodyLine };
    }
    start = end + 1;
  }
  return whole;
}

/** The split on UTF-8 bytes, as the runtime counts them (exported for the test that holds the string path to it). */
export function splitOnBytes(text: string): RuntimeSplit {
  const bytes = encoder.encode(text);
  const whole: RuntimeSplit = { frontmatter: null, body: text, bodyLine: 1 };
  let t = 0;
  while (t < bytes.length && (bytes[t] === 32 || bytes[t] === 9 || bytes[t] === 13 || bytes[t] === NL)) t++;
  if (!(bytes[t] === 45 && bytes[t + 1] === 45 && bytes[t + 2] === 45)) return whole;
  const nl = bytes.indexOf(NL, t + 3);
  if (nl < 0) return whole;
  const fmStart = nl + 1;
  const rest = bytes.subarray(fmStart);

  // The runtime's scan of the lines after the opening fence (scanLines), walked without collecting them.
  let closeIdx = -1;
  let pos = 0;
  for (let start = 0; start < rest.length;) {
    let end = rest.indexOf(NL, start);
    const last = end < 0;
    if (last) end = rest.length;
    if (end - start >= MAX_LINE_BYTES) break; // the scan stops with an error: no closing fence
    let stop = end;
    if (stop > start && rest[stop - 1] === 13) stop--;
    if (hasDashes(rest, start, stop) && goTrimSpace(decoder.decode(rest.subarray(start, stop))) === '---') {
      closeIdx = pos;
      break;
    }
    pos += stop - start + 1; // the runtime's count: the line without its `\r`, plus one
    start = last ? rest.length : end + 1;
  }
  if (closeIdx < 0) return whole;

  let bodyStart = fmStart + closeIdx + 3;
  if (bytes[bodyStart] === NL) bodyStart++;
  let bodyLine = 1;
  for (let i = 0; i < bodyStart && i < bytes.length; i++) if (bytes[i] === NL) bodyLine++;
  return {
    frontmatter: decoder.decode(rest.subarray(0, closeIdx)),
    body: decoder.decode(bytes.subarray(Math.min(bodyStart, bytes.length))),
    bodyLine,
  };
}

/** Whether bytes[from, to) hold `---` (a line without it cannot trim to it, so it is not decoded). */
function hasDashes(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i + 3 <= to; i++) if (bytes[i] === 45 && bytes[i + 1] === 45 && bytes[i + 2] === 45) return true;
  return false;
}
