// bench/llm-client-import: what importing createLlmClient costs now that the
// provider adapters (and their SDKs) load lazily, against loading all four
// adapters up front (what a static import of every SDK would cost).
//
//   npx tsx bench/llm-client-import.bench.ts
//
// Each repetition starts fresh Node processes (module caches are per process),
// side by side, in rotating order, all under the same tsx loader:
//   lazy      import src/core/llm/client.ts + createLlmClient for all four providers
//   eager     the same, plus importing the four adapters (openai, @anthropic-ai/sdk,
//             @google/generative-ai, ollama/browser)
//   first     lazy, then loading one adapter as the first stream() does (anthropic,
//             the heaviest SDK)
// The time is measured inside the child around the imports (Node and tsx start-up
// excluded). Medians over the repetitions, min–max spread; the ratio eager/lazy is
// computed per repetition, then its median. Results: stdout and
// bench/results/llm-client-import.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const REPETITIONS = 7;
const WARMUP = 1;

const client = JSON.stringify(join(root, 'src/core/llm/client.ts'));
const adapter = (name: string) => JSON.stringify(join(root, `src/core/providers/${name}.ts`));
const SCRIPTS: Record<string, string> = {
  lazy: `const t=performance.now();const m=await import(${client});for(const p of ['openai','anthropic','gemini','ollama'])m.createLlmClient({provider:p,model:'m',apiKey:'k'});console.log(performance.now()-t);`,
  eager: `const t=performance.now();const m=await import(${client});await Promise.all([${['openai', 'anthropic', 'gemini', 'ollama'].map((n) => `import(${adapter(n)})`).join(',')}]);for(const p of ['openai','anthropic','gemini','ollama'])m.createLlmClient({provider:p,model:'m',apiKey:'k'});console.log(performance.now()-t);`,
  first: `const t=performance.now();const m=await import(${client});m.createLlmClient({provider:'anthropic',model:'m',apiKey:'k'});await import(${adapter('anthropic')});console.log(performance.now()-t);`,
};

function run(kind: string): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPTS[kind]!], { cwd: root, encoding: 'utf8' });
  return Number(out.trim().split('\n').at(-1));
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const kinds = Object.keys(SCRIPTS);
const times: Record<string, number[]> = Object.fromEntries(kinds.map((k) => [k, []]));
const ratios: number[] = [];
for (let rep = 0; rep < WARMUP + REPETITIONS; rep++) {
  const order = kinds.map((_, i) => kinds[(i + rep) % kinds.length]!);
  const got: Record<string, number> = {};
  for (const k of order) got[k] = run(k);
  if (rep < WARMUP) continue;
  for (const k of kinds) times[k]!.push(got[k]!);
  ratios.push(got.eager! / got.lazy!);
}

const figures = kinds.map((k) => ({ label: `${k} import (ms)`, value: Number(median(times[k]!).toFixed(1)), unit: 'ms' }));
const ratio = Number(median(ratios).toFixed(2));
figures.push({ label: 'eager / lazy', value: ratio, unit: 'x' });
for (const k of kinds) {
  const xs = times[k]!;
  console.log(`${k.padEnd(6)} median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`);
}
console.log(`eager / lazy: ${ratio}x (median of per-repetition ratios, min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)})`);

mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'llm-client-import.json'),
  `${JSON.stringify({ name: 'llm-client-import', figures, machine: { cores: cpus().length, node: process.version } }, null, 2)}\n`,
);
