// SPEC §2: src/core runs unchanged in a browser, Node, Deno or a worker, and
// src/elements imports no provider SDK and nothing from node:*. This test reads
// the sources and fails on any import or global that would break that.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot as root, sourceFiles } from './source-files.js';

/** Removes comments and string contents that are not module specifiers, so prose never trips the check. */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'stream',
  'url',
  'util',
  'events',
  'buffer',
  'zlib',
  'worker_threads',
  'readline',
  'tty',
];
const importRe =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(src: string): string[] {
  const specs: string[] = [];
  for (const m of stripComments(src).matchAll(importRe)) specs.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  return specs;
}

export function findIsomorphismViolations(files: Array<{ path: string; src: string }>): string[] {
  const problems: string[] = [];
  for (const { path, src } of files) {
    for (const spec of importsOf(src)) {
      if (spec.startsWith('node:') || NODE_BUILTINS.includes(spec) || NODE_BUILTINS.some((b) => spec.startsWith(`${b}/`)))
        problems.push(`${path}: imports "${spec}" (src/core must not use Node built-ins)`);
    }
    const code = stripComments(src);
    if (/(^|[^.\w$])process\s*[.[]/m.test(code) || /\bglobalThis\.process\b/.test(code))
      problems.push(`${path}: uses process (src/core must not touch process; take an injected value instead)`);
    if (/(^|[^.\w$])(Buffer|__dirname|__filename)\b/m.test(code)) problems.push(`${path}: uses a Node-only global`);
  }
  return problems;
}

const PROVIDER_SDKS = ['openai', '@anthropic-ai/sdk', '@google/generative-ai', 'ollama'];

describe('layering', () => {
  it('src/core imports no node:* module and uses no process', () => {
    const dir = join(root, 'src', 'core');
    const files = sourceFiles(dir).map((p) => ({ path: relative(root, p), src: readFileSync(p, 'utf8') }));
    expect(files.length).toBeGreaterThan(0);
    expect(findIsomorphismViolations(files)).toEqual([]);
  });

  it('src/elements imports no provider SDK and no node:* module', () => {
    const dir = join(root, 'src', 'elements');
    const problems: string[] = [];
    for (const p of sourceFiles(dir)) {
      for (const spec of importsOf(readFileSync(p, 'utf8'))) {
        if (spec.startsWith('node:') || NODE_BUILTINS.includes(spec)) problems.push(`${relative(root, p)}: imports ${spec}`);
        if (PROVIDER_SDKS.some((sdk) => spec === sdk || spec.startsWith(`${sdk}/`))) problems.push(`${relative(root, p)}: imports provider SDK ${spec}`);
        if (spec.includes('/node/') || spec.includes('/providers/')) problems.push(`${relative(root, p)}: imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the check itself catches the violations it is meant to catch', () => {
    const bad = [
      { path: 'a.ts', src: "import { readFileSync } from 'node:fs';" },
      { path: 'b.ts', src: "import path from 'path';" },
      { path: 'c.ts', src: 'const k = process.env.OPENAI_API_KEY;' },
      { path: 'd.ts', src: "const m = await import('node:http');" },
      { path: 'e.ts', src: 'const b = Buffer.from("x");' },
    ];
    expect(findIsomorphismViolations(bad)).toHaveLength(5);
    const good = [
      { path: 'ok.ts', src: "// process.env is never read here\nimport { z } from 'zod';\nconst s = 'node:fs in a string is fine';\nobj.process.x;" },
    ];
    expect(findIsomorphismViolations(good)).toEqual([]);
  });
});
