// `eval` in-process against the real OpenAI SDK and the local wire-format
// server (agent and grader), with the skill's tool run for real in the
// sandbox: the table, benchmark.json written in skill-creator's format, the
// exit status against --min-delta, --no-tools recording "not run", declared
// versus observed over the sandboxed calls, and usage errors.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { CLOCK, CONVERT, evalModel, MARATHON } from '../../helpers/eval-fixtures.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { testIo } from './support.js';

const KEY = 'sk-cli-eval-KEY-abcdef123456';
const SCHEMA = JSON.parse(await readFile(new URL('../../fixtures/evals/benchmark.schema.json', import.meta.url), 'utf8')) as Schema;
let root: string;
let home: string;
let provider: ProviderServer;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-eval-cli-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-eval-cli-home-'));
  provider = await startProviderServer({ provider: 'openai', handler: evalModel('openai'), requireKey: KEY });
  await mkdir(join(root, '.forge'), { recursive: true });
  await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
  await writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
  await mkdir(join(root, 'bot', 'skills'), { recursive: true });
  await writeFile(join(root, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(root, 'bot', 'skills', 'tz-clock.md'), CLOCK.skillMd);
  const dir = join(root, 'drafts', 'unit-convert');
  await mkdir(join(dir, 'scripts'), { recursive: true });
  await mkdir(join(dir, 'evals'), { recursive: true });
  await writeFile(join(dir, 'SKILL.md'), CONVERT.skillMd);
  await writeFile(join(dir, 'scripts', 'convert-units.sh'), CONVERT.scripts!['convert-units.sh']!, { mode: 0o755 });
  const evals = {
    skill_name: 'unit-convert',
    evals: [{ id: 1, prompt: MARATHON.prompt, expected_output: MARATHON.expectedOutput, expectations: MARATHON.expectations }],
  };
  await writeFile(join(dir, 'evals', 'evals.json'), JSON.stringify(evals, null, 2));
});
afterEach(async () => {
  await provider.close();
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const run = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
  const io = testIo({ cwd: root, homeDir: home });
  const code = await main(['eval', ...args], io);
  return { code, out: io.out(), err: io.err() };
};

describe('eval', () => {
  it('--record saves the run; --replay reruns it with no server and no key, identically; a call it does not hold fails naming the file', async () => {
    const args = ['drafts/unit-convert', '--agent', 'bot', '--runs', '1', '--no-tools', '--min-delta', '0.9'];
    const recorded = await run([...args, '--record', 'rec']);
    expect(recorded.code).toBe(1);
    // Replay: the provider is gone, the key and the trust in its origin too.
    await provider.close();
    await writeFile(join(root, '.forge/.env'), '');
    await writeFile(join(home, '.forge/ui.yaml'), '');
    const replayed = await run([...args, '--replay', 'rec']);
    // The same table and benchmark; only the measured wall times may differ.
    const untimed = (out: string) => out.replace(/\d+\.\d s\b/g, 'T s');
    expect(untimed(replayed.out)).toBe(untimed(recorded.out));
    expect(replayed.code).toBe(1);
    const files = await readdir(join(root, 'rec'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(await readFile(join(root, 'rec', f), 'utf8')).not.toContain(KEY);
    // A changed case asks for a call the recording does not hold.
    const evalsFile = join(root, 'drafts/unit-convert/evals/evals.json');
    await writeFile(evalsFile, (await readFile(evalsFile, 'utf8')).replace('marathon', 'half marathon'));
    const missed = await run([...args, '--replay', 'rec']);
    expect(missed.code).toBe(1);
    expect(missed.err).toMatch(/eval failed: .*rec/);
    expect((await run([...args, '--replay', 'nowhere'])).err).toContain('--replay nowhere: no such folder');
  });

  it('runs the tool in the sandbox, prints the benchmark, writes benchmark.json and exits 0 when the delta reaches --min-delta', async () => {
    const r = await run(['drafts/unit-convert', '--agent', 'bot', '--runs', '1', '--min-delta', '0.5', '--out', 'benchmark.json', '--budget-calls', '40']);
    expect(r.err).toContain('Evaluating 2 cases × 2 configurations: 4 runs, at most');
    expect(r.err).toContain('self-test ok: the agent called convert_units');
    expect(r.out).toMatch(/^ {3}1 {2}with {2}100% {2}without {4}0% {2}A marathon is 26\.2 miles/m);
    expect(r.out).toContain('delta: +100% pass rate');
    // Declared versus observed over the skill's sandboxed calls (the self-test's and the case's).
    expect(r.out).toMatch(/^declared vs observed \(eval \d run 1 call 1 convert_units, eval \d run 1 call 1 convert_units\): declares 0 hosts, used 0$/m);
    expect(r.out).toContain('the declarations agree with what the scripts reference and the run did');
    expect(r.code).toBe(0);
    const json = JSON.parse(await readFile(join(root, 'benchmark.json'), 'utf8')) as Record<string, any>;
    expect(new Validator(SCHEMA, '2020-12', false).validate(json).valid).toBe(true);
    expect(json['metadata'].tools_ran).toBe(true);
    expect(json['runs'].filter((x: any) => x.configuration === 'with_skill').every((x: any) => x.result.pass_rate === 1)).toBe(true);
  });

  it('--no-tools records every tool call as not run, says so, and exits 1 below --min-delta', async () => {
    const r = await run(['drafts/unit-convert', '--agent', 'bot', '--runs', '1', '--no-tools', '--min-delta', '0.9']);
    expect(r.out).toContain('note: Tools were not run (tool runs are off)');
    // The call was made (its check passes) but the answer had no result to give.
    expect(r.out).toMatch(/^ {3}1 {2}with {3}33% {2}without {4}0%/m);
    expect(r.out).not.toContain('declared vs observed');
    expect(r.code).toBe(1);
  });

  it('--json prints benchmark.json; a tiny budget stops the run, marked partial, and with nothing to compare exits 1', async () => {
    const r = await run(['drafts/unit-convert', '--agent', 'bot', '--runs', '1', '--json', '--budget-calls', '3']);
    const json = JSON.parse(r.out) as Record<string, any>;
    expect(json['metadata'].partial.reason).toBe('budget');
    // The self-test's sandboxed call was observed: the profile travels beside the benchmark.
    expect(json['capability_profile'].runs).toEqual([{ id: 'eval 2 run 1 call 1', tool: 'convert_units', ok: true }]);
    // The self-test (2 calls) and one more; the next call would pass the budget.
    expect(provider.requests.length).toBe(3);
    expect(r.err).toContain('eval measured nothing to compare');
    expect(r.code).toBe(1);
  });

  it.each([
    [['drafts/unit-convert'], '--agent <agent-dir> is required'],
    [['drafts/unit-convert', '--agent', 'bot', '--baseline', 'old'], '--baseline must be none or previous'],
    [['drafts/unit-convert', '--agent', 'bot', '--runs', '0'], '--runs must be a whole number from 1 to 20'],
  ])('wrong usage exits 2: %j', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});
