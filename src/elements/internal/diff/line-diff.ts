// The edit-mode preview: a line diff (jsdiff's diffLines) of SKILL.md and each
// script between the on-disk skill and the draft about to be saved. Files are
// tagged new / removed / changed / unchanged; long unchanged runs fold into a
// single "N unchanged lines" row so the changes stay in view.

import { diffLines } from 'diff';
import type { Draft } from '../../types.js';

export type LineKind = 'add' | 'del' | 'same';
export interface DiffLine {
  kind: LineKind;
  text: string;
  /** 1-based line in the old file (del, same). */
  oldNo?: number;
  /** 1-based line in the new file (add, same). */
  newNo?: number;
}
export interface FoldedLines {
  kind: 'fold';
  count: number;
}
export type DiffRow = DiffLine | FoldedLines;

export type FileStatus = 'new' | 'removed' | 'changed' | 'unchanged';
export interface FileDiff {
  /** `SKILL.md` or `scripts/<name>`. */
  file: string;
  status: FileStatus;
  added: number;
  removed: number;
  rows: DiffRow[];
}

const splitLines = (v: string): string[] => {
  const lines = v.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** Line-by-line diff of two texts, unchanged runs longer than 2×`context` folded. */
export function lineDiff(before: string, after: string, context = 3): { rows: DiffRow[]; added: number; removed: number } {
  const lines: DiffLine[] = [];
  let o = 1;
  let n = 1;
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before, after)) {
    for (const text of splitLines(part.value)) {
      if (part.added) {
        lines.push({ kind: 'add', text, newNo: n++ });
        added++;
      } else if (part.removed) {
        lines.push({ kind: 'del', text, oldNo: o++ });
        removed++;
      } else lines.push({ kind: 'same', text, oldNo: o++, newNo: n++ });
    }
  }
  return { rows: fold(lines, context), added, removed };
}

function fold(lines: DiffLine[], context: number): DiffRow[] {
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.kind !== 'same') {
      rows.push(lines[i++]!);
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j]!.kind === 'same') j++;
    const keepHead = i === 0 ? 0 : context;
    const keepTail = j === lines.length ? 0 : context;
    if (j - i > keepHead + keepTail + 1) {
      rows.push(...lines.slice(i, i + keepHead), { kind: 'fold', count: j - i - keepHead - keepTail }, ...lines.slice(j - keepTail, j));
    } else rows.push(...lines.slice(i, j));
    i = j;
  }
  return rows;
}

const keysOf = (a: Record<string, unknown> = {}, b: Record<string, unknown> = {}) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();

/** Diffs every file of two drafts: SKILL.md first, then scripts by name, then a folder's text files by path; binaries by their sha256 (no lines). */
export function diffDrafts(before: Draft, after: Draft): FileDiff[] {
  const files: FileDiff[] = [fileDiff('SKILL.md', before.skillMd, after.skillMd)];
  for (const name of keysOf(before.scripts, after.scripts)) files.push(fileDiff(`scripts/${name}`, before.scripts[name], after.scripts[name]));
  for (const path of keysOf(before.files, after.files)) files.push(fileDiff(path, before.files?.[path], after.files?.[path]));
  const sha = (d: Draft) => Object.fromEntries((d.binaries ?? []).map((x) => [x.path, x.sha256]));
  const [b, a] = [sha(before), sha(after)];
  for (const path of keysOf(b, a)) files.push({ ...fileDiff(path, b[path], a[path]), added: 0, removed: 0, rows: [] });
  return files;
}

function fileDiff(file: string, before: string | undefined, after: string | undefined): FileDiff {
  const { rows, added, removed } = lineDiff(before ?? '', after ?? '');
  const status: FileStatus = before === undefined ? 'new' : after === undefined ? 'removed' : added || removed ? 'changed' : 'unchanged';
  return { file, status, added, removed, rows: status === 'unchanged' ? [] : rows };
}
