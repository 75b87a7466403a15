// The file-header scan behind file-headers.test.ts: every source file opens
// with a comment, before any import or code, that says in words what the file
// owns. A tool directive (eslint-disable, @ts-…, a triple-slash reference) or a
// bare marker is not a header. Pure over { path, src } pairs so the test can
// feed it planted files.

export interface HeaderSource {
  path: string;
  src: string;
}

/** Fewest words the opening comment needs to say what a file owns ("The skill value and its data shapes."). */
export const MIN_HEADER_WORDS = 5;

const DIRECTIVE = /^(eslint[-\s]|@ts-|\/\s*<reference|prettier-ignore|istanbul |c8 |#!)/;

/** The text of the comment lines a file opens with (a shebang line is skipped), without the comment markers. */
export function headerText(src: string): string {
  const lines = src.replace(/^#![^\n]*\n/, '').split('\n');
  const out: string[] = [];
  let inBlock = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inBlock) {
      const end = line.indexOf('*/');
      out.push((end >= 0 ? line.slice(0, end) : line).replace(/^\*+\s?/, ''));
      if (end >= 0) inBlock = false;
      continue;
    }
    if (line.startsWith('//')) {
      const body = line.replace(/^\/\/+\s?/, '');
      if (!DIRECTIVE.test(body) && !DIRECTIVE.test(line.slice(2))) out.push(body);
      continue;
    }
    if (line.startsWith('/*')) {
      const end = line.indexOf('*/');
      const body = (end >= 0 ? line.slice(2, end) : line.slice(2)).replace(/^\*+\s?/, '');
      if (!DIRECTIVE.test(body.trim())) out.push(body);
      if (end < 0) inBlock = true;
      continue;
    }
    if (line === '' && out.length === 0) continue;
    break;
  }
  return out.join(' ').trim();
}

/** Files whose opening comment is missing or too short to say what they own, as `path: why`. */
export function findMissingHeaders(files: HeaderSource[], minWords = MIN_HEADER_WORDS): string[] {
  const problems: string[] = [];
  for (const f of files) {
    const text = headerText(f.src);
    const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
    if (text === '') problems.push(`${f.path}: no header comment; open the file with a few lines saying what it owns`);
    else if (words < minWords) problems.push(`${f.path}: the header comment has ${words} words; say what the file owns (at least ${minWords})`);
  }
  return problems;
}
