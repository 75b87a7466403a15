// Finds the 1-based SKILL.md line of a frontmatter field given as a path
// (`['metadata', 'forge', 'requires', 'bins', 1, 'dest']`), so a validator
// finding can point at the exact line. It only reads indentation and `key:` /
// `- ` markers of block-style YAML (what SKILL.md files use); it parses no
// values. When it cannot follow the path (flow style, odd layout) it returns
// the line of the deepest part it did find. Runs only when a diagnostic is
// produced, so the cost is paid for findings, not for valid files.

import { splitFrontmatter } from './frontmatter.js';

export type FieldPath = ReadonlyArray<string | number>;

interface Sig {
  /** Column of the first non-space character. */
  indent: number;
  /** Column where a mapping key would start, after any `- ` item markers. */
  keyCol: number;
  /** The text from keyCol. */
  keyText: string;
  isItem: boolean;
}

function significant(line: string): Sig | null {
  const indent = line.length - line.trimStart().length;
  const rest = line.slice(indent);
  if (rest === '' || rest.startsWith('#')) return null;
  let keyCol = indent;
  let keyText = rest;
  const isItem = rest === '-' || rest.startsWith('- ');
  while (keyText.startsWith('- ')) {
    const stripped = keyText.slice(2).trimStart();
    keyCol += keyText.length - stripped.length;
    keyText = stripped;
  }
  return { indent, keyCol, keyText, isItem };
}

function isKey(text: string, key: string): boolean {
  for (const q of ['', '"', "'"]) {
    const k = `${q}${key}${q}`;
    if (text.startsWith(k)) {
      const after = text.slice(k.length).trimStart();
      if (after.startsWith(':') && (after.length === 1 || after[1] === ' ' || after[1] === '\t')) return true;
    }
  }
  return false;
}

/**
 * The YAML lines between the `---` fences, as parseSkillMd cuts them (empty
 * when there is no closed frontmatter). The first one is file line 2.
 */
export function frontmatterLinesOf(text: string): string[] {
  const split = splitFrontmatter(text);
  return split.present && split.diagnostics.length === 0 && split.yaml !== '' ? split.yaml.split('\n') : [];
}

/**
 * The 1-based line in the SKILL.md of the field at `path`, or of its deepest
 * ancestor found; `undefined` when not even the first key is present.
 * `fmLines` comes from {@link frontmatterLinesOf} (frontmatter starts on line 2).
 */
export function locateField(fmLines: readonly string[], path: FieldPath): number | undefined {
  const sigs = fmLines.map(significant);
  let lo = 0;
  let hi = sigs.length;
  let found: number | undefined;
  for (const seg of path) {
    if (typeof seg === 'number') {
      let itemIndent = -1;
      let count = -1;
      let at = -1;
      for (let i = lo; i < hi; i++) {
        const s = sigs[i];
        if (!s) continue;
        if (itemIndent < 0) {
          if (!s.isItem) break;
          itemIndent = s.indent;
        }
        if (s.indent < itemIndent) break;
        if (s.indent === itemIndent && s.isItem && ++count === seg) {
          at = i;
          break;
        }
      }
      if (at < 0) return found;
      let end = at + 1;
      while (end < hi && !(sigs[end] && sigs[end]!.indent <= itemIndent)) end++;
      found = at + 2;
      lo = at;
      hi = end;
    } else {
      let level = Infinity;
      for (let i = lo; i < hi; i++) {
        const s = sigs[i];
        if (s && s.keyCol < level) level = s.keyCol;
      }
      let at = -1;
      for (let i = lo; i < hi; i++) {
        const s = sigs[i];
        if (s && s.keyCol === level && isKey(s.keyText, seg)) {
          at = i;
          break;
        }
      }
      if (at < 0) return found;
      const col = sigs[at]!.keyCol;
      let end = at + 1;
      while (end < hi) {
        const s = sigs[end];
        if (s && (s.indent < col || (s.indent === col && !s.isItem))) break;
        end++;
      }
      found = at + 2;
      lo = at + 1;
      hi = end;
    }
  }
  return found;
}
