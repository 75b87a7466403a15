// Splits a Markdown body into heading sections. Headings inside fenced code
// blocks (``` or ~~~, CommonMark closing rule) are ignored, so a `# comment`
// in a bash example never starts a section.

import type { SkillSection } from './types.js';
import { codeLineMask, headingLevel, headingTitle, joinLines, type LinedText } from './markdown/lines.js';

export interface HeadingAt {
  level: number;
  title: string;
  /** 0-based index into the lines given. */
  index: number;
}

/** Whether a heading title starts with `tool:` in any ASCII case, as a `## Tool:` heading's does (compared by code, so the check allocates nothing). */
export function isToolTitle(title: string): boolean {
  return (
    title.length >= 5 &&
    (title.charCodeAt(0) | 32) === 116 /* t */ &&
    (title.charCodeAt(1) | 32) === 111 /* o */ &&
    (title.charCodeAt(2) | 32) === 111 /* o */ &&
    (title.charCodeAt(3) | 32) === 108 /* l */ &&
    title.charCodeAt(4) === 58 /* : */
  );
}

/** Every ATX heading outside code fences, in order. */
export function findHeadings(lines: readonly string[], mask: readonly boolean[] = codeLineMask(lines)): HeadingAt[] {
  const out: HeadingAt[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (mask[i]) continue;
    const line = lines[i]!;
    const level = headingLevel(line);
    if (level !== 0) out.push({ level, title: headingTitle(line, level), index: i });
  }
  return out;
}

/**
 * One section per heading; `content` runs to the next heading of any level.
 * `firstLine` is the 1-based file line of `body.lines[0]`.
 */
export function splitSections(body: LinedText, firstLine: number, headings: readonly HeadingAt[] = findHeadings(body.lines)): SkillSection[] {
  return headings.map((h, k) => {
    const next = headings[k + 1]?.index ?? body.lines.length;
    return {
      level: h.level,
      title: h.title,
      line: firstLine + h.index,
      content: joinLines(body, h.index + 1, next),
    };
  });
}
