// How the standalone elements bundle is sized, shared by bench/bundle.bench.ts
// (which prints the figures) and test/build/bundle-size.test.ts (which fails
// over the budget): where the bundle and its source map are, the budget, and
// gzip at level 9 (node:zlib), so both always measure the same thing.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
export const STANDALONE_BUNDLE = join(DIST, 'forge-skill-builder.elements.js');
/** Issue 6: the standalone bundle (lit and every dependency inlined) stays within 40 KiB gzip. */
export const STANDALONE_GZIP_BUDGET = 40 * 1024;
export const GZIP_LEVEL = 9;

/** Bytes of `text` after gzip at level 9. */
export function gzipSize(text: string | Uint8Array): number {
  return gzipSync(text, { level: GZIP_LEVEL }).length;
}

/** `n` bytes as KiB with one decimal. */
export const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

/** Reads a file of dist/, or throws saying to build first. */
export function readDist(file: string): string {
  if (!existsSync(file)) throw new Error(`${relative(join(DIST, '..'), file)} is missing: run \`npm run build\` first.`);
  return readFileSync(file, 'utf8');
}

/**
 * The npm packages a bundle inlines, from the `sources` of its source map
 * (`../node_modules/@lit/reactive-element/css-tag.js` → `@lit/reactive-element`),
 * each with how many of its files went in.
 */
export function bundledPackages(sourceMapText: string): Map<string, number> {
  const sources: unknown = (JSON.parse(sourceMapText) as { sources?: unknown }).sources;
  if (!Array.isArray(sources)) throw new Error('the source map has no `sources` list');
  const out = new Map<string, number>();
  for (const source of sources) {
    // The innermost node_modules names the package (a nested copy counts as itself).
    const name = [...String(source).matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].at(-1)?.[1];
    if (name) out.set(name, (out.get(name) ?? 0) + 1);
  }
  return out;
}
