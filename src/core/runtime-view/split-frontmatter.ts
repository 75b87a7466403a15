// Where Forge's runtime splits a SKILL.md into frontmatter and body
// (forge-skills/parser ParseWithMetadata → extractFrontmatter), reproduced on
// UTF-8 bytes because the runtime counts bytes: leading blank characters are
// skipped, the file must then start with `---`, the frontmatter ends at the
// first later line that trims to `---`, and the body starts three bytes into
// that line. The runtime advances by each line's length without its `\r`, so
// in a CRLF file the split lands early, inside the frontmatter; reproducing
// that is the point (the body then starts with a piece of the last YAML line).

import { goTrimSpace } from '../forge-runtime/go-text.js';
import { scanLines } from './scan-lines.js';

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
  const bytes = encoder.encode(text);
  const whole: RuntimeSplit = { frontmatter: null, body: text, bodyLine: 1 };
  let t = 0;
  while (t < bytes.length && (bytes[t] === 32 || bytes[t] === 9 || bytes[t] === 13 || bytes[t] === NL)) t++;
  if (!(bytes[t] === 45 && bytes[t + 1] === 45 && bytes[t + 2] === 45)) return whole;
  const nl = bytes.indexOf(NL, t + 3);
  if (nl < 0) return whole;
  const fmStart = nl + 1;
  const rest = bytes.subarray(fmStart);

  let closeIdx = -1;
  let pos = 0;
  for (const line of scanLines(rest).lines) {
    if (goTrimSpace(decoder.decode(line)) === '---') {
      closeIdx = pos;
      break;
    }
    pos += line.length + 1; // the runtime's count: the line without its `\r`, plus one
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
