// Every TypeScript block of the docs and the README that a test runs is also
// type-checked, strictly, and a block of `signatures` is compared with the
// real exports (issue 14: "the docs' TypeScript blocks are run but
// not type-checked"). Each block becomes its own module in a scratch folder
// under test-results/, with `forge-skill-builder` mapped to the sources (as
// tsconfig.json maps it) and the other packages from node_modules; one tsc run
// checks them all, and each error is reported at its line in the Markdown file.

import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { markdownFiles, readBlocks, runnerOf, type CodeBlock } from './blocks.js';
import { ROOT } from './session.js';

const DIR = join(ROOT, 'test-results', 'docs-typecheck');

/** TypeScript blocks that a runner executes (a not-runnable block may be for another runtime, e.g. Deno). */
function typeScriptBlocks(): CodeBlock[] {
  return markdownFiles(ROOT)
    .flatMap((f) => readBlocks(ROOT, f))
    .filter((b) => (b.lang === 'ts' || b.lang === 'typescript') && runnerOf(b) !== null);
}

/** The module of `signatures` blocks: what they document, checked against the code. */
function moduleText(b: CodeBlock): string {
  if (b.marker?.kind === 'run' && b.marker.runner === 'signatures') return signatureModule(b, b.marker.args[0] ?? 'forge-skill-builder');
  // `export {}` makes a block without imports a module too (top-level await, no global clashes).
  return `${b.content}\nexport {};\n`;
}

/**
 * A `signatures <module>` block as a module that checks it against the real
 * exports: each `name(params): Result` line becomes a declared function that
 * must be assignable to the export of that name and back, each interface must
 * be assignable to the exported one and back; other type names come from the
 * module.
 */
export function signatureModule(block: CodeBlock, from: string): string {
  const body = block.content.replace(/\/\/[^\n]*/g, '');
  const declared = [...body.matchAll(/^interface (\w+)/gm)].map((m) => m[1]!);
  const functions = [...body.matchAll(/^(\w+)\(/gm)].map((m) => m[1]!);
  const used = new Set(
    [...body.matchAll(/\b([A-Z]\w+)\b/g)]
      .map((m) => m[1]!)
      .filter((n) => !declared.includes(n) && !['Promise', 'Record', 'Array', 'Partial', 'Readonly'].includes(n)),
  );
  const lines = [
    `import type * as real from '${from}';`,
    used.size ? `import type { ${[...used].join(', ')} } from '${from}';` : '',
    body.replace(/^(\w+)\((.*)$/gm, 'declare function $1($2;').replace(/^interface /gm, 'export interface '),
    ...declared.map((d) => `export const check_${d} = [(x: ${d}): real.${d} => x, (x: real.${d}): ${d} => x];`),
    ...functions.map((f) => `export const check_${f} = [(x: typeof ${f}): typeof real.${f} => x, (x: typeof real.${f}): typeof ${f} => x];`),
  ];
  return lines.join('\n');
}

const moduleName = (b: CodeBlock) => `${b.file.replace(/[^a-z0-9]+/gi, '-')}-L${b.line}.ts`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    types: ['node'],
    experimentalDecorators: true,
    useDefineForClassFields: false,
    paths: {
      'forge-skill-builder': ['../../src/core/index.ts'],
      'forge-skill-builder/designer': ['../../src/core/entries/designer.ts'],
      'forge-skill-builder/llm': ['../../src/core/entries/llm.ts'],
      'forge-skill-builder/routing': ['../../src/core/entries/routing.ts'],
      'forge-skill-builder/evals': ['../../src/core/entries/evals.ts'],
      'forge-skill-builder/trust': ['../../src/core/entries/trust.ts'],
      'forge-skill-builder/observe': ['../../src/core/entries/observe.ts'],
      'forge-skill-builder/artifacts': ['../../src/core/entries/artifacts.ts'],
      'forge-skill-builder/node': ['../../src/node/index.ts'],
      'forge-skill-builder/elements': ['../../src/elements/index.ts'],
      'forge-skill-builder/elements/classes': ['../../src/elements/classes.ts'],
      'forge-skill-builder/testing': ['../../src/testing/index.ts'],
    },
  },
  include: ['*.ts'],
};

describe('documentation TypeScript blocks', () => {
  it('type-check under strict settings', { timeout: 120_000 }, async () => {
    const blocks = typeScriptBlocks();
    expect(blocks.length).toBeGreaterThan(10);
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    writeFileSync(join(DIR, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(join(DIR, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    const byModule = new Map<string, CodeBlock>();
    for (const b of blocks) {
      byModule.set(moduleName(b), b);
      writeFileSync(join(DIR, moduleName(b)), moduleText(b));
    }
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    const out = await promisify(execFile)(tsc, ['-p', join(DIR, 'tsconfig.json'), '--pretty', 'false'], { cwd: DIR, maxBuffer: 16 << 20 })
      .then((r) => r.stdout)
      .catch((e: { stdout?: string; message: string }) => e.stdout || e.message);
    // `docs-sdk-md-L215.ts(12,5): error TS2345: …` → `docs/sdk.md:227: TS2345: …` (the block's content starts on the line after its fence).
    const problems = out
      .split('\n')
      .filter((l) => l.includes('error TS'))
      .map((l) => {
        const m = /^([^(]+)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(l.trim());
        const b = m ? byModule.get(m[1]!) : undefined;
        return b && m ? `${b.file}:${b.line + Number(m[2])}: ${m[4]}: ${m[5]}` : l.trim();
      });
    expect(problems).toEqual([]);
  });
});
