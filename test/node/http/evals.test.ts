// POST …/skill-builder/evals over real HTTP, with the real OpenAI SDK talking
// to a local wire-format server whose scripted model solves the marathon case
// only when the skill's convert_units tool is offered (and its result comes
// back): with tool runs on, the tool runs in the real sandbox and with_skill
// beats without_skill; with them off every call is recorded as not run and
// the report says so; the installed skill's evals/evals.json is used when the
// body has no cases; the budget stops the run with the results so far; the
// client going away aborts the calls; request-level problems are HTTP errors
// before any model call. A sandboxed call carries its observation and the
// report the capability profile over the body's earlier runs and the calls.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer, StartServerOptions } from '../../../src/node/server.js';
import { CLOCK, CONVERT, evalModel, MARATHON } from '../../helpers/eval-fixtures.js';
import type { ProviderServer } from '../../helpers/provider-servers/index.js';
import type { ProviderServerOptions } from '../../helpers/provider-servers/types.js';
import { readSse, startModelServer } from './support.js';

const KEY = 'sk-evals-KEY-0123456789';
const SCHEMA = JSON.parse(readFileSync(new URL('../../fixtures/evals/benchmark.schema.json', import.meta.url), 'utf8')) as Schema;
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const EVALS_JSON = `${JSON.stringify(
  {
    skill_name: 'unit-convert',
    evals: [{ id: 7, prompt: MARATHON.prompt, expected_output: MARATHON.expectedOutput, expectations: MARATHON.expectations }],
  },
  null,
  2,
)}\n`;

const WIRE_CASE = { id: 1, prompt: MARATHON.prompt, expected_output: MARATHON.expectedOutput, files: [], expectations: MARATHON.expectations };

interface Session {
  server: RunningServer;
  llm: ProviderServer;
  ws: string;
}

/** Agent `bot` with the clock skill and unit-convert installed (with its evals.json); the model is the scripted eval model. */
async function session(opts: Partial<StartServerOptions> = {}, handler: ProviderServerOptions['handler'] = evalModel('openai')): Promise<Session> {
  const ws = await mkdtemp(join(tmpdir(), 'fsb-evals-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-evals-home-'));
  const skills = join(ws, 'bot', 'skills');
  await mkdir(join(skills, 'unit-convert', 'scripts'), { recursive: true });
  await mkdir(join(skills, 'unit-convert', 'evals'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(skills, 'tz-clock.md'), CLOCK.skillMd);
  await writeFile(join(skills, 'unit-convert', 'SKILL.md'), CONVERT.skillMd);
  await writeFile(join(skills, 'unit-convert', 'scripts', 'convert-units.sh'), (CONVERT.scripts as Record<string, string>)['convert-units.sh']!);
  await writeFile(join(skills, 'unit-convert', 'evals', 'evals.json'), EVALS_JSON);
  const { server, llm } = await startModelServer(ws, home, handler, KEY, cleanups, opts);
  return { server, llm, ws };
}

const post = (server: RunningServer, body: unknown, init: RequestInit = {}): Promise<Response> =>
  fetch(`${server.url}/api/agents/bot/skill-builder/evals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });

/** A try of this editing session, as its reply described it (wire names). */
const EARLIER_TRY = {
  id: 'run 1',
  tool: 'convert_units',
  ok: true,
  observation: {
    egress: [{ host: 'earlier.example.com', port: 443, verdict: 'refused', reason: 'not declared' }],
    programs: [],
    files: [],
    mechanism: 'strace',
  },
};

const BODY = { skill_md: CONVERT.skillMd, scripts: CONVERT.scripts, cases: [WIRE_CASE], runs_per_configuration: 1 };

describe('POST /api/agents/{id}/skill-builder/evals', () => {
  it('streams the plan, each graded run and the benchmark; with tool runs on, with_skill beats without_skill', async () => {
    const { server, llm } = await session({ toolRuns: true });
    const res = await post(server, { ...BODY, runs: [EARLIER_TRY] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const raw: string[] = [];
    const events = await readSse(res.body, { onChunk: (t) => raw.push(t) });
    const names = events.map((e) => e.event).filter((n) => n !== 'step');
    expect(names).toEqual(['plan', 'cases', 'run_start', 'run_result', 'progress', 'self_test', 'run_start', 'run_result', 'progress', 'done']);
    expect(events[0]!.data).toMatchObject({ cases: 1, runs: 2 });
    expect(events[0]!.data.max_calls).toBeGreaterThan(0);
    expect(events[1]!.data.cases).toEqual([{ ...WIRE_CASE, source: 'file' }]);

    const runs = events.filter((e) => e.event === 'run_result').map((e) => e.data.run);
    const withSkill = runs.find((r) => r.configuration === 'with_skill');
    const without = runs.find((r) => r.configuration === 'without_skill');
    expect(withSkill.pass_rate).toBe(1);
    expect(without.pass_rate).toBe(0);
    // The tool ran in the sandbox: its stdout came back to the agent.
    const call = withSkill.transcript.steps[0].tool_calls[0];
    expect(call).toMatchObject({ name: 'convert_units', ok: true, skill: 'unit-convert' });
    expect(call.output).toContain('42.16');
    expect(call.not_run).toBeUndefined();
    // …observed: the programs it executed, under snake_case wire names.
    expect(call.observation).toMatchObject({ egress: [], mechanism: 'strace' });
    expect(call.observation.programs.map((p: { name: string }) => p.name)).toContain('bash');
    expect(withSkill.transcript.answer).toBe('That is 42.16 km.');

    const done = events.at(-1)!.data.report;
    expect(done).toMatchObject({ skill: 'unit-convert', baseline: 'none', runs_per_configuration: 1, tools_ran: true, calls: llm.requests.length });
    expect(done.summary.delta.pass_rate).toBe(1);
    expect(done.summary.with_skill.pass_rate.mean).toBe(1);
    expect(done.partial).toBeUndefined();
    // Declared versus observed over the session's earlier try (from the body) and the eval's tool call.
    expect(done.capability_profile.runs).toEqual([
      { id: 'run 1', tool: 'convert_units', ok: true },
      { id: 'eval 1 run 1 call 1', tool: 'convert_units', ok: true },
    ]);
    expect(done.capability_profile.used.egress).toEqual(['earlier.example.com']);
    expect(done.capability_profile.findings).toContainEqual(
      expect.objectContaining({ kind: 'observed-egress-undeclared', subject: 'earlier.example.com', runs: ['run 1'] }),
    );
    expect(done.capability_profile.summary).toMatch(/^declares 0 hosts, used 1/);
    // The benchmark is skill-creator's benchmark.json, naming the workspace's model.
    expect(new Validator(SCHEMA).validate(done.benchmark).errors).toEqual([]);
    expect(done.benchmark.metadata.executor_model).toBe('openai/agent-model');
    expect(done.benchmark.run_summary.delta.pass_rate).toBe('+1.00');
    expect(raw.join('')).not.toContain(KEY);
  });

  it('with tool runs off, every call is recorded as not run and the report says tools did not run', async () => {
    const { server } = await session();
    const events = await readSse((await post(server, BODY)).body);
    const withSkill = events.find((e) => e.event === 'run_result' && e.data.run.configuration === 'with_skill')!.data.run;
    const call = withSkill.transcript.steps[0].tool_calls[0];
    expect(call).toMatchObject({ name: 'convert_units', ok: false, not_run: true });
    expect(call.output).toMatch(/was not run/);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.at(-1)!.data.report.tools_ran).toBe(false);
    expect(events.at(-1)!.data.report.benchmark.metadata.tools_ran).toBe(false);
    // Nothing ran, nothing was observed: no profile.
    expect(call.observation).toBeUndefined();
    expect(events.at(-1)!.data.report.capability_profile).toBeUndefined();
  });

  it("without cases, runs the edited skill's evals/evals.json and the draft's Examples rows", async () => {
    const { server } = await session();
    const res = await post(server, { skill_md: CONVERT.skillMd, editing_name: 'unit-convert', runs_per_configuration: 1, max_calls: 1 });
    expect(res.status).toBe(200);
    const events = await readSse(res.body);
    const cases = events.find((e) => e.event === 'cases')!.data.cases;
    expect(cases.map((c: { id: number; source: string }) => [c.id, c.source])).toEqual([
      [7, 'file'],
      [8, 'examples'],
    ]);
  });

  it('stops at max_calls with the runs so far, marked partial', async () => {
    const { server, llm } = await session();
    const events = await readSse((await post(server, { ...BODY, self_test: false, max_calls: 3 })).body);
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    expect(last.data.report.partial).toMatchObject({ reason: 'budget' });
    expect(last.data.report.calls).toBeLessThanOrEqual(3);
    expect(llm.requests.length).toBeLessThanOrEqual(3);
    expect(last.data.report.benchmark.metadata.partial.reason).toBe('budget');
  });

  it('the client going away aborts the run: no model call is made after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const model = evalModel('openai');
    const { server, llm } = await session({}, async (req) => {
      if (req.index >= 1) await held; // the second call waits until the client has gone
      return model(req);
    });
    const controller = new AbortController();
    const res = await post(server, BODY, { signal: controller.signal });
    await readSse(res.body, { stopAfter: (e) => e.event === 'step' });
    controller.abort();
    await expect.poll(() => llm.requests.length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => llm.requests[1]!.outcome, { timeout: 20_000 }).not.toBe('pending');
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(llm.requests).toHaveLength(2);
  });

  it('refuses bad requests with an HTTP error before any model call', async () => {
    const { server, llm } = await session();
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['bad', { ...BODY, cases: [WIRE_CASE, WIRE_CASE] }, 400, /cases\.1\.id: id 1 is used twice/],
      ['bad', { ...BODY, cases: [] }, 400, /cases: give at least one case/],
      ['bad', { ...BODY, max_calls: 999_999 }, 400, /max_calls may be at most/],
      ['bad', { ...BODY, runs_per_configuration: 0 }, 400, /runs_per_configuration/],
      ['bad', { ...BODY, skill_md: CONVERT.skillMd.replace('name: unit-convert', 'name: new-convert'), baseline: 'previous' }, 400, /previous/],
      ['bad', { skill_md: CLOCK.skillMd }, 400, /no eval cases/],
      ['bad', { ...BODY, editing_name: 'nope' }, 404, /nope/],
      ['bad', { ...BODY, editing_name: '../x' }, 400, /editing_name/],
    ];
    for (const [, body, status, message] of cases) {
      const res = await post(server, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
    const ghost = await fetch(`${server.url}/api/agents/ghost/skill-builder/evals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BODY),
    });
    expect(ghost.status).toBe(404);
    const foreign = await post(server, BODY, { headers: { 'content-type': 'application/json', origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(llm.requests).toHaveLength(0);
  });
});
