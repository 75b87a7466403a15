// The legacy reply format: a SKILL.md and scripts in fenced Markdown blocks
// (```` ````skill.md ````, ```` ```script: my-tool.sh ````), used by models that ignore the
// JSON envelope. Fences follow CommonMark: an opener of 3+ backticks or tildes,
// closed by a bare fence of the same character that is at least as long
// (shorter fences inside are content). A model often nests a ```json example
// inside a ``` SKILL.md block of the same length; an inner fence that carries
// an info string opens a nested block, so its bare closer does not end the
// outer one. An unlabeled or language-tagged block that starts with
// frontmatter holding `name:` is taken as the SKILL.md.

import { squeezeAround, trimEndOf, trimOf } from '../trim-run.js';

export interface FencedBlock {
  /** The fence characters of the opener (```` ``` ````, ```` ```` ````, `~~~`). */
  fence: string;
  /** The info string after the opener, trimmed. */
  info: string;
  content: string;
  /** Offsets of the whole block in the text (opener line through closer line). */
  start: number;
  end: number;
  /** False when the text ended before the closing fence. */
  closed: boolean;
}

export type BlockRole = { kind: 'skill' } | { kind: 'script'; name: string } | { kind: 'other' };

interface Line {
  text: string;
  start: number;
  /** Offset just past the line's newline (or the end of the text). */
  next: number;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(start, end);
    lines.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, start, next: nl < 0 ? text.length : nl + 1 });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

function opener(line: string): { fence: string; info: string } | null {
  // A loop, not `/^ {0,3}(`{3,}|~{3,})(.*)$/`: the fence run and `.*` traded characters (quadratic).
  let at = 0;
  while (at < 3 && line[at] === ' ') at++;
  const c = line[at];
  if (c !== '`' && c !== '~') return null;
  let end = at;
  while (line[end] === c) end++;
  if (end - at < 3 || /[\n\r\u2028\u2029]/.test(line.slice(end))) return null;
  const fence = line.slice(at, end);
  const info = line.slice(end).trim();
  // CommonMark: a backtick fence's info string may not contain backticks.
  if (fence[0] === '`' && info.includes('`')) return null;
  return { fence, info };
}

function isCloser(line: string, fence: string): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return m !== null && m[1]![0] === fence[0] && m[1]!.length >= fence.length;
}

/** Every top-level fenced block of `text`, in order. */
export function findFencedBlocks(text: string): FencedBlock[] {
  const lines = splitLines(text);
  const blocks: FencedBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = opener(lines[i]!.text);
    if (!open) {
      i++;
      continue;
    }
    const startLine = lines[i]!;
    const body: string[] = [];
    let nested = 0;
    let j = i + 1;
    let closed = false;
    for (; j < lines.length; j++) {
      const t = lines[j]!.text;
      if (isCloser(t, open.fence)) {
        if (nested === 0) {
          closed = true;
          break;
        }
        // A bare fence exactly as long as ours closes the nested block when one is open.
        nested--;
        body.push(t);
        continue;
      }
      const inner = opener(t);
      if (inner && inner.info !== '' && inner.fence[0] === open.fence[0] && inner.fence.length === open.fence.length) nested++;
      body.push(t);
    }
    // Reading nested blocks ran off the end: the "nested opener" was really a
    // misplaced line, so fall back to the plain CommonMark reading if it closes.
    if (!closed) {
      const plain = plainBlock(lines, i, open.fence);
      if (plain) {
        blocks.push({ fence: open.fence, info: open.info, content: plain.content, start: startLine.start, end: plain.end, closed: true });
        i = plain.nextLine;
        continue;
      }
    }
    const endLine = closed ? lines[j]! : lines[lines.length - 1]!;
    blocks.push({
      fence: open.fence,
      info: open.info,
      content: body.join('\n'),
      start: startLine.start,
      end: closed ? endLine.next : text.length,
      closed,
    });
    i = closed ? j + 1 : lines.length;
  }
  return blocks;
}

function plainBlock(lines: Line[], openIndex: number, fence: string): { content: string; end: number; nextLine: number } | null {
  for (let j = openIndex + 1; j < lines.length; j++) {
    if (isCloser(lines[j]!.text, fence)) {
      return {
        content: lines
          .slice(openIndex + 1, j)
          .map((l) => l.text)
          .join('\n'),
        end: lines[j]!.next,
        nextLine: j + 1,
      };
    }
  }
  return null;
}

const LANGUAGE_WORD = /^[A-Za-z0-9_+-]+$/;

/** What a block's info string labels it as: `skill.md`/`skill`, `script: <file>`, or neither. */
export function blockRole(info: string): BlockRole {
  const norm = squeezeAround(info.trim(), ':.');
  const words = norm.split(/\s+/).filter(Boolean);
  // Allow one language word before the label: "markdown skill.md", "bash script: x.sh".
  const candidates = [norm, words.slice(1).join(' ')];
  for (const c of candidates) {
    if (/^(?:skill(?:\.md)?|skill_md)$/i.test(c)) return { kind: 'skill' };
    const m = /^script:(.+)$/i.exec(c);
    if (m) return { kind: 'script', name: stripQuotes(m[1]!.trim()) };
    if (words.length < 2) break;
  }
  return { kind: 'other' };
}

function stripQuotes(s: string): string {
  return trimOf(s, `"'\``);
}

/** True for the content of an unlabeled or language-tagged block that is a SKILL.md: frontmatter holding `name:`. */
export function looksLikeSkillMd(content: string): boolean {
  const m = /^\uFEFF?[ \t]*---[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*---[ \t]*(?:\r?\n|$)/.exec(content);
  return m !== null && /^name[ \t]*:/m.test(m[1]!);
}

export interface LegacyExtraction {
  skillMd: string | null;
  /** Script file name (as labelled, unchecked) → content, in order. */
  scripts: Array<{ name: string; content: string; closed: boolean }>;
  skillClosed: boolean;
  /** The prose with the extracted blocks removed. */
  message: string;
}

/** Pulls a SKILL.md and scripts out of fenced blocks; `null` when the text holds neither. */
export function extractLegacyFences(text: string): LegacyExtraction | null {
  const blocks = findFencedBlocks(text);
  if (blocks.length === 0) return null;
  let skill: FencedBlock | null = null;
  const taken: FencedBlock[] = [];
  const scripts: LegacyExtraction['scripts'] = [];
  for (const b of blocks) {
    const role = blockRole(b.info);
    if (role.kind === 'skill' && skill === null) {
      skill = b;
      taken.push(b);
    } else if (role.kind === 'script') {
      scripts.push({ name: role.name, content: b.content, closed: b.closed });
      taken.push(b);
    }
  }
  if (skill === null) {
    const guess = blocks.find((b) => blockRole(b.info).kind === 'other' && (b.info === '' || LANGUAGE_WORD.test(b.info)) && looksLikeSkillMd(b.content));
    if (guess) {
      skill = guess;
      taken.push(guess);
    }
  }
  if (skill === null && scripts.length === 0) return null;
  taken.sort((a, b) => a.start - b.start);
  let prose = '';
  let at = 0;
  for (const b of taken) {
    prose += text.slice(at, b.start);
    at = b.end;
  }
  prose += text.slice(at);
  return {
    skillMd: skill ? skill.content : null,
    skillClosed: skill ? skill.closed : true,
    scripts,
    message: tidyProse(prose),
  };
}

/** Trims and collapses the blank lines left where blocks were removed. */
export function tidyProse(s: string): string {
  return s
    .split('\n')
    .map((line, i, all) => (i < all.length - 1 ? trimEndOf(line, ' \t') : line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
