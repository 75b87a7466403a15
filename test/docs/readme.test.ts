// The README's promises that the code-block runner cannot execute itself:
// the two newcomer commands are exactly the ones the project supports (CI
// runs the test command verbatim from .ci/run), every relative link and
// anchor in README.md and docs/ resolves, and the dependency table names every
// dependency in package.json — and only packages that are there and used.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, readBlocks } from './blocks.js';
import { ROOT } from './session.js';

const RUN = 'npm ci && npm run build && npx forge-skill-builder ui --dir ./my-workspace';
const TEST = 'bash scripts/install-chromium.sh && npm ci && npm test';
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

describe('README: the two commands', () => {
  it('shows exactly the run and the test command, each in its own block', () => {
    const commands = readBlocks(ROOT, 'README.md')
      .filter((b) => b.lang === 'bash')
      .map((b) => b.content.trim());
    expect(commands).toContain(RUN);
    expect(commands).toContain(TEST);
  });

  it('is what CI runs: .ci/run runs the README test command, verbatim, as a line of its own', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ci).toContain(TEST);
  });

  it('names scripts and a bin that exist', () => {
    expect(PKG.scripts.build).toBeTruthy();
    expect(PKG.scripts.test).toBeTruthy();
    expect(existsSync(join(ROOT, 'scripts/install-chromium.sh'))).toBe(true);
    expect(existsSync(join(ROOT, PKG.bin['forge-skill-builder']!))).toBe(true);
    expect(readFileSync(join(ROOT, 'src/node/cli/ui.ts'), 'utf8')).toContain("dir: { type: 'string' }");
  });

  it('says how to run the benchmarks and the full fuzz budget, with scripts that exist', () => {
    // Issue 7: the README tells a newcomer how to run the benchmarks (and the 10,000-run fuzz).
    for (const script of ['bench', 'fuzz']) {
      expect(README, `README mentions npm run ${script}`).toContain(`npm run ${script}`);
      expect(PKG.scripts[script], `package.json scripts.${script}`).toBeTruthy();
    }
  });
});

// ---- links -------------------------------------------------------------------

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    // CommonMark: a backtick fence's info string has no backtick (else it is inline code).
    if (f && !(f[1]![0] === '`' && f[2]!.includes('`'))) {
      if (fence === null) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (!h) continue;
    const base = slug(h[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Markdown text with fenced code blocks blanked out (links inside code are not links). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\s*\2[`~]*\s*$/gm, '');
}

describe('README and docs: links', () => {
  it('every relative link points at a file that exists, and every #anchor at a heading', () => {
    const problems: string[] = [];
    for (const file of markdownFiles(ROOT)) {
      const text = withoutCode(readFileSync(join(ROOT, file), 'utf8'));
      for (const m of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? file : normalize(join(dirname(file), path));
        if (!existsSync(join(ROOT, resolved))) {
          problems.push(`${file}: ${target} (no file ${resolved})`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(readFileSync(join(ROOT, resolved), 'utf8')).has(anchor))
          problems.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// ---- dependencies --------------------------------------------------------------

function tableRows(): string[] {
  const start = README.indexOf('| dependency | what for | why this one |');
  const rows: string[] = [];
  for (const line of README.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...filesUnder(`${dir}/${e.name}`));
    else if (/\.(ts|js|mjs)$/.test(e.name)) out.push(`${dir}/${e.name}`);
  }
  return out;
}

describe('README: the dependency table', () => {
  const rows = tableRows();
  const named = new Set(rows.flatMap((r) => [...r.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
  const all = { ...PKG.dependencies, ...PKG.devDependencies, ...(PKG.peerDependencies ?? {}) };

  it('names only packages that package.json has', () => {
    expect([...named].filter((n) => !(n in all))).toEqual([]);
  });

  it('gives every runtime dependency a row, and every package a mention', () => {
    expect(Object.keys(PKG.dependencies).filter((n) => !named.has(n))).toEqual([]);
    expect(Object.keys(all).filter((n) => !README.includes(`\`${n}\``))).toEqual([]);
  });

  it('lists only runtime dependencies the published code imports', () => {
    const code = [...filesUnder('src'), 'bin/forge-skill-builder.js'].map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
    const unused = Object.keys(PKG.dependencies).filter((n) => !code.includes(`'${n}'`) && !code.includes(`'${n}/`));
    expect(unused, 'runtime dependencies nothing imports').toEqual([]);
  });
});
