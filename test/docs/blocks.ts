// Finds the fenced code blocks of a Markdown file and the marker that says
// what to do with each. A marker is an HTML comment on the nearest non-blank
// line above the opening fence (invisible when the page is rendered):
//
//   <!-- not-runnable: <why> -->      shown only; the reason is required
//   <!-- run: <runner> [args] -->     run by test/docs/code-blocks.test.ts
//
// Blocks without a marker get the default runner of their language: `tsx` for
// ts/typescript/js/javascript/mjs, `shell` for bash/sh/shell. Any other block
// without a marker is an error, so nothing can be shown unchecked by accident.
// The runners and placeholders are described in docs/README.md ("About the
// examples") and implemented in runners.ts.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CodeBlock {
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word (`ts`, `bash`, …), lower-cased; '' when none. */
  lang: string;
  content: string;
  marker: { kind: 'run'; runner: string; args: string[] } | { kind: 'not-runnable'; reason: string } | null;
}

const FENCE_RE = /^(\s*)(`{3,}|~{3,})(.*)$/;
const MARKER_RE = /^\s*<!--\s*(run|not-runnable)\s*:\s*(.*?)\s*-->\s*$/;

export const DEFAULT_RUNNERS: Readonly<Record<string, string>> = {
  ts: 'tsx',
  typescript: 'tsx',
  js: 'tsx',
  javascript: 'tsx',
  mjs: 'tsx',
  bash: 'shell',
  sh: 'shell',
  shell: 'shell',
};

/** Splits a marker's argument text into words; `"quoted words"` stay together. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2]!);
  return out;
}

export function extractBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE_RE.exec(lines[i]!);
    if (!open || (open[2]![0] === '`' && open[3]!.includes('`'))) {
      i++;
      continue;
    }
    const indent = open[1]!.length;
    const fence = open[2]!;
    const info = open[3]!.trim();
    const start = i;
    const body: string[] = [];
    i++;
    // CommonMark: the block ends at a fence of the same character at least as long, with no info string.
    while (i < lines.length) {
      const close = FENCE_RE.exec(lines[i]!);
      if (close && close[2]![0] === fence[0] && close[2]!.length >= fence.length && close[3]!.trim() === '') break;
      const line = lines[i]!;
      body.push(line.slice(Math.min(indent, line.length - line.trimStart().length)));
      i++;
    }
    i++; // past the closing fence
    let markerLine = start - 1;
    while (markerLine >= 0 && lines[markerLine]!.trim() === '') markerLine--;
    const m = markerLine >= 0 ? MARKER_RE.exec(lines[markerLine]!) : null;
    let marker: CodeBlock['marker'] = null;
    if (m) {
      marker = m[1] === 'run' ? { kind: 'run', runner: splitArgs(m[2]!)[0] ?? '', args: splitArgs(m[2]!).slice(1) } : { kind: 'not-runnable', reason: m[2]! };
    }
    blocks.push({ file, line: start + 1, lang: (info.split(/\s+/)[0] ?? '').toLowerCase(), content: body.join('\n') + '\n', marker });
  }
  return blocks;
}

/** README.md and every Markdown file under docs/, relative to `root`, sorted. */
export function markdownFiles(root: string): string[] {
  const out = ['README.md'];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else if (e.name.endsWith('.md')) out.push(`${dir}/${e.name}`);
    }
  };
  walk('docs');
  return out.sort();
}

export function readBlocks(root: string, file: string): CodeBlock[] {
  return extractBlocks(file, readFileSync(`${root}/${file}`, 'utf8'));
}

/** The runner a block uses: its marker's, else its language's default, else null (an error). */
export function runnerOf(block: CodeBlock): string | null {
  if (block.marker?.kind === 'run') return block.marker.runner;
  if (block.marker?.kind === 'not-runnable') return null;
  return DEFAULT_RUNNERS[block.lang] ?? null;
}

export function where(block: CodeBlock): string {
  return `${block.file}:${block.line}`;
}
