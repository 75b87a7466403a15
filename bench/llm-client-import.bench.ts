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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, printFigures, ratios, sideBySide, writeResult } from './lib.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const REPETITIONS = 7;
const WARMUP = 1;

const client = JSON.stringify(join(root, 'src/core/llm/client.ts'));
const adapter = (name: string) => JSON.stringify(join(root, `src/core/providers/${name}.ts`));
type Kind = 'lazy' | 'eager' | 'first';
const SCRIPTS: Record<Kind, string> = {
  lazy: `const t=performance.now();const m=await import(${client});for(const p of ['openai','anthropic','gemini','ollama'])m.createLlmClient({provider:p,model:'m',apiKey:'k'});console.log(performance.now()-t);`,
  eager: `const t=performance.now();const m=await import(${client});await Promise.all([${['openai', 'anthropic', 'gemini', 'ollama'].map((n) => `import(${adapter(n)})`).join(',')}]);for(const p of ['openai','anthropic','gemini','ollama'])m.createLlmClient({provider:p,model:'m',apiKey:'k'});console.log(performance.now()-t);`,
  first: `const t=performance.now();const m=await import(${client});m.createLlmClient({provider:'anthropic',model:'m',apiKey:'k'});await import(${adapter('anthropic')});console.log(performance.now()-t);`,
};

function run(kind: Kind): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPTS[kind]], { cwd: root, encoding: 'utf8' });
  return Number(out.trim().split('\n').at(-1));
}

const runs: Record<Kind, () => number> = { lazy: () => run('lazy'), eager: () => run('eager'), first: () => run('first') };
// The time is the one the child measured around its imports.
const times = await sideBySide(runs, { repetitions: REPETITIONS, warmup: WARMUP, measure: (fn) => fn() as number });

const figures = [
  ...Object.entries(times).map(([k, xs]) => figure(`${k} import`, xs, 'ms', { digits: 1 })),
  figure('eager / lazy (import cost the lazy adapters save)', ratios(times.eager, times.lazy), 'x', { digits: 2 }),
];
printFigures(`llm-client-import bench: fresh processes, ${REPETITIONS} repetitions after ${WARMUP} warm-up, median [min–max]`, figures);
writeResult({
  name: 'llm-client-import',
  repetitions: REPETITIONS,
  notes:
    'Each figure is measured inside a fresh Node process (tsx loader) around the imports, Node and tsx start-up excluded. lazy = createLlmClient for all four providers; eager = plus importing the four provider adapters and their SDKs; first = lazy plus loading one adapter (anthropic) as the first stream() does. The ratio is computed per repetition, then its median is shown.',
  figures,
});
