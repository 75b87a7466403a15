// bench/bundle: how much the web components cost a page. Prints raw and gzip
// sizes of the standalone bundle (dist/forge-skill-builder.elements.js, lit
// and every dependency inlined, minified) and of each package entry's own
// module graph under dist/ (relative imports followed; npm dependencies stay
// external there and are not counted). Target: standalone ≤ 40 KiB gzip.
//
//   npm run build && npx tsx bench/bundle.bench.ts
//
// gzip is node:zlib at level 9 (bench/bundle-size.ts, which
// test/build/bundle-size.test.ts uses too: that test fails over the budget).
// Sizes are deterministic: each is measured in REPETITIONS runs and the spread
// (max − min) is printed to show it is 0.
// Results: stdout and bench/results/bundle.json.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DIST as dist, gzipSize, kib, STANDALONE_BUNDLE as standalone, STANDALONE_GZIP_BUDGET as TARGET_GZIP } from './bundle-size.js';
import { atMost, exactFigure, writeResult } from './lib.js';

const REPETITIONS = 5;

if (!existsSync(standalone)) {
  console.error('dist/forge-skill-builder.elements.js is missing: run `npm run build` first.');
  process.exit(1);
}

/** Every file an entry reaches through relative imports (its own code, no npm dependencies). */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
      visit(resolve(dirname(file), (m[1] ?? m[2])!));
    }
  };
  visit(entry);
  return [...seen];
}

interface Size {
  label: string;
  files: number;
  raw: number;
  gzip: number;
  spread: number;
  ms: number;
}

function measure(label: string, files: string[]): Size {
  const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
  const sizes: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    const t = performance.now();
    sizes.push(gzipSize(text));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    files: files.length,
    raw: Buffer.byteLength(text),
    gzip: sizes[0]!,
    spread: Math.max(...sizes) - Math.min(...sizes),
    ms: times[Math.floor(times.length / 2)]!,
  };
}

const rows: Size[] = [measure('standalone elements bundle (lit + deps inlined, minified)', [standalone])];
for (const entry of ['core', 'node', 'elements', 'testing']) {
  const file = join(dist, entry, 'index.js');
  if (existsSync(file)) rows.push(measure(`entry ./${entry} (own modules, deps external)`, moduleGraph(file)));
}

console.log(`bundle sizes (gzip level 9, ${REPETITIONS} repetitions each)\n`);
console.log(`${'what'.padEnd(60)} ${'files'.padStart(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'spread'.padStart(7)}`);
for (const r of rows)
  console.log(`${r.label.padEnd(60)} ${String(r.files).padStart(5)} ${kib(r.raw).padStart(10)} ${kib(r.gzip).padStart(10)} ${String(r.spread).padStart(6)}B`);
const main = rows[0]!;
const ratio = main.gzip / TARGET_GZIP;
console.log(`\nstandalone gzip ${kib(main.gzip)} vs target ${kib(TARGET_GZIP)}: ratio ${ratio.toFixed(3)} (${ratio <= 1 ? 'ok' : 'OVER BUDGET'})`);

const figures = rows.flatMap((r, i) => [
  exactFigure(`${r.label}: raw`, r.raw, 'bytes'),
  exactFigure(`${r.label}: gzip`, r.gzip, 'bytes', i === 0 ? atMost(TARGET_GZIP) : undefined),
]);
figures.push(exactFigure('standalone gzip / target', Number(ratio.toFixed(4)), 'ratio', atMost(1)));
writeResult({
  name: 'bundle',
  repetitions: REPETITIONS,
  notes: `Sizes are deterministic (gzip level 9, the same in all ${REPETITIONS} runs; spread ${Math.max(...rows.map((r) => r.spread))} bytes). Entries count their own modules under dist/, npm dependencies external.`,
  figures,
});
