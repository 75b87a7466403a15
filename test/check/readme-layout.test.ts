// The README's "Project layout" section matches the tree of src/, both ways:
// each folder and root file of src/core, src/node, src/elements and src/testing
// is named in its area's lines, and each folder or file those lines name
// exists in that area. A folder is named as `name/`, a file as `name.ts`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './source-files.js';

const AREAS = ['core', 'node', 'elements', 'testing'] as const;

/** The lines of the layout block that describe `src/<area>/` (from its line to the next top-level entry). */
export function areaText(layout: string, area: string): string {
  const lines = layout.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`src/${area}/`));
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && /^\S/.test(l));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .slice(`src/${area}/`.length);
}

/** Folders (`x/`, and each name of `x/{a,b}`) and `.ts` files a layout text names. */
export function namedEntries(text: string): { folders: Set<string>; files: Set<string> } {
  const folders = new Set<string>();
  const files = new Set<string>();
  for (const m of text.matchAll(/(?<![\w./-])([a-z][\w-]*)\/(?:\{([^}]*)\})?/g)) {
    folders.add(m[1]!);
    for (const inner of (m[2] ?? '').split(',')) if (inner.trim()) folders.add(inner.trim());
  }
  for (const m of text.matchAll(/(?<![\w./<>-])((?:[a-z][\w-]*\.)+ts)\b/g)) files.add(m[1]!);
  return { folders, files };
}

function walk(dir: string, out: { folders: Set<string>; files: Set<string> }): void {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) {
      out.folders.add(e);
      walk(p, out);
    } else out.files.add(e);
  }
}

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const layout = readme.slice(readme.indexOf('## Project layout'), readme.indexOf('\n## ', readme.indexOf('## Project layout') + 3));

describe("README's project layout matches src/", () => {
  for (const area of AREAS) {
    const root = join(repoRoot, 'src', area);
    const top = readdirSync(root);
    const topFolders = top.filter((e) => statSync(join(root, e)).isDirectory());
    const topFiles = top.filter((e) => e.endsWith('.ts'));
    const anywhere = { folders: new Set<string>(), files: new Set<string>() };
    walk(root, anywhere);
    const named = namedEntries(areaText(layout, area));

    it(`src/${area}: every folder and root file is named`, () => {
      expect(topFolders.filter((f) => !named.folders.has(f)).map((f) => `${f}/`)).toEqual([]);
      if (area === 'core' || area === 'node') expect(topFiles.filter((f) => !named.files.has(f))).toEqual([]);
    });

    it(`src/${area}: every folder and file named exists`, () => {
      expect([...named.folders].filter((f) => !anywhere.folders.has(f)).map((f) => `${f}/`)).toEqual([]);
      expect([...named.files].filter((f) => !anywhere.files.has(f))).toEqual([]);
    });
  }
});

describe('the layout reader', () => {
  it('reads folders, brace lists and files, and only its own area', () => {
    const text = 'src/core/       a/ (x), b.ts, llm/ (providers/{openai,anthropic})\n                c-d/\nsrc/node/       fs/\n';
    const named = namedEntries(areaText(text, 'core'));
    expect([...named.folders].sort()).toEqual(['a', 'anthropic', 'c-d', 'llm', 'openai', 'providers']);
    expect([...named.files]).toEqual(['b.ts']);
    expect([...namedEntries(areaText(text, 'node')).folders]).toEqual(['fs']);
  });
});
