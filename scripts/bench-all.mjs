#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts (each in its own process, one
// after another so they do not compete for the two cores), collects the JSON
// each writes to bench/results/<name>.json, and writes BENCHMARKS.md: every
// figure with the command that produced it, the machine, the measured value
// (median and spread over the repetitions), the target and whether it is met.
// Exits non-zero when a bench crashes; a missed target is reported, not fatal.
// `npm run bench -- <name>` runs only the benches whose file starts with <name>
// and keeps the other sections of BENCHMARKS.md as they were.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const benchDir = join(root, 'bench');
const resultsDir = join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2);
const benches = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const tsx = join(root, 'node_modules', '.bin', 'tsx');
const crashed = [];
const sections = [];
for (const file of benches) {
  const name = file.replace(/\.bench\.ts$/, '');
  const resultFile = join(resultsDir, `${name}.json`);
  rmSync(resultFile, { force: true });
  const command = `npx tsx bench/${file}`;
  console.log(`\n=== ${command}`);
  const started = Date.now();
  const status = spawnSync(tsx, [join('bench', file)], { cwd: root, stdio: 'inherit' }).status;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0 || !existsSync(resultFile)) {
    crashed.push(name);
    sections.push(`## ${name}\n\n\`${command}\` failed (exit ${status}); no figures.\n`);
    continue;
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  const rows = (result.figures ?? []).map((f) => {
    const spread = f.spread !== undefined ? `± ${fmt(f.spread)}` : f.min !== undefined ? `${fmt(f.min)}–${fmt(f.max)}` : '';
    const target = f.target ?? '';
    const ok = f.ok === undefined ? '' : f.ok ? 'met' : '**missed**';
    return `| ${f.label.replace(/\|/g, '\\|')} | ${f.value === null ? '' : fmt(f.value)} ${f.unit ?? ''} | ${spread} | ${target} | ${ok} |`;
  });
  sections.push(
    [
      `## ${result.name ?? name}`,
      '',
      `Command: \`${command}\` (${seconds} s, ${result.repetitions ?? '?'} repetitions, median shown${result.machine?.load !== undefined ? `; 1-minute load average ${result.machine.load} when it finished` : ''}).`,
      result.notes ? `\n${result.notes}\n` : '',
      '| figure | median | spread | target | |',
      '|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

/** The `## name` sections of the current BENCHMARKS.md whose bench is not in `ran`. */
function keptSections(ran) {
  const file = join(root, 'BENCHMARKS.md');
  if (!existsSync(file)) return [];
  const parts = readFileSync(file, 'utf8')
    .split(/^(?=## )/m)
    .slice(1);
  return parts.filter((p) => !ran.includes(p.slice(3, p.indexOf('\n')).trim())).map((p) => p.replace(/\n*$/, '\n'));
}

function bySectionName(a, b) {
  return a.slice(3, a.indexOf('\n')).localeCompare(b.slice(3, b.indexOf('\n')));
}

function fmt(v) {
  if (typeof v !== 'number' || Number.isInteger(v)) return String(v); // counts and sizes as they are
  if (Math.abs(v) >= 100) return v.toFixed(0);
  if (Math.abs(v) >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

const cpu = cpus();
const header = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench-all.mjs); do not edit by hand. Every ratio is measured side by side in one run on one machine.',
  '',
  `Machine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}/${process.arch}. Run at ${new Date().toISOString()}.`,
  '',
].join('\n');
// With a filter (`npm run bench -- redos`), the sections of the benches not run are kept from the last full run.
const kept = only.length === 0 ? [] : keptSections(benches.map((f) => f.replace(/\.bench\.ts$/, '')));
writeFileSync(join(root, 'BENCHMARKS.md'), `${header}\n${[...kept, ...sections].sort(bySectionName).join('\n')}`);
console.log(`\nwrote BENCHMARKS.md (${benches.length} benches${crashed.length ? `, crashed: ${crashed.join(', ')}` : ''})`);
process.exit(crashed.length ? 1 : 0);
