// `check --evals` as CI runs it: a committed recording (test/fixtures/check-evals)
// replayed with no network, no key and no provider server — the report is the
// recorded one, byte for byte, and the evals appear in every format; a changed
// case makes a request that was not recorded, which stops the run with exit 2
// naming the evals file, the recording file and the fix. A live record against
// the local OpenAI wire server (real SDK, tools run in the real sandbox) replays
// the same, and no recording holds the key.
//
// To record the committed fixture again (after a change to the prompts the
// harness sends): FORGE_RECORD_CHECK_EVALS=1 npx vitest run test/node/check/evals-replay.test.ts
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { evalModel } from '../../helpers/eval-fixtures.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { testIo } from '../cli/support.js';

const FIXTURE = join(import.meta.dirname, '../../fixtures/check-evals');
const RECORDINGS = '.forge/recordings';
const KEY = 'sk-check-evals-KEY-0123456789';
const ARGS = ['agent', '--routing', '--evals', '--eval-runs', '1'];
const SARIF_SCHEMA = JSON.parse(await readFile(join(import.meta.dirname, '../../fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as Schema;

let root: string;
let home: string;
let provider: ProviderServer | undefined;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'forge-check-evals-')));
  home = await mkdtemp(join(tmpdir(), 'forge-check-evals-home-'));
  await cp(join(FIXTURE, 'repo'), root, { recursive: true });
});
afterEach(async () => {
  await provider?.close();
  provider = undefined;
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function check(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = testIo({ cwd: root, homeDir: home, env: {} });
  const code = await main(['check', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** The workspace as a developer has it: the key, and the local wire server as a trusted base_url. */
async function goOnline(): Promise<void> {
  provider = await startProviderServer({ provider: 'openai', handler: evalModel('openai'), requireKey: KEY });
  await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
  await writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
}

/** Back to the committed workspace: no key, no base_url, the server gone. */
async function goOffline(): Promise<void> {
  await provider?.close();
  provider = undefined;
  await cp(join(FIXTURE, 'repo/.forge/ui.yaml'), join(root, '.forge/ui.yaml'));
  await rm(join(root, '.forge/.env'), { force: true });
  await rm(join(home, '.forge'), { recursive: true, force: true });
}

const evalsOf = (json: string): { status: string; summary: string; findings: { code: string; level: string; file: string; line?: number }[] } =>
  (JSON.parse(json) as { skills: { skill: string; checks: { check: string }[] }[] }).skills
    .find((s) => s.skill === 'unit-convert')!
    .checks.find((c) => c.check === 'evals') as never;

describe('check --evals replaying the committed recording (no network, no key)', () => {
  it.runIf(process.env['FORGE_RECORD_CHECK_EVALS'] === '1')('records the fixture again', { timeout: 120_000 }, async () => {
    await rm(join(root, RECORDINGS), { recursive: true, force: true });
    await goOnline();
    const r = await check([...ARGS, '--record', RECORDINGS, '--format', 'json']);
    expect(r.err).toBe('');
    await rm(join(FIXTURE, 'repo', RECORDINGS), { recursive: true, force: true });
    await cp(join(root, RECORDINGS), join(FIXTURE, 'repo', RECORDINGS), { recursive: true });
    await writeFile(join(FIXTURE, 'report.json'), r.out);
  });

  it('prints the recorded report byte for byte, with the evals check and its findings at their lines', async () => {
    const r = await check([...ARGS, '--replay', RECORDINGS, '--format', 'json']);
    // A change to what the harness or the router sends makes the recording stale: record it again.
    const stale = 'the committed recording is stale; run FORGE_RECORD_CHECK_EVALS=1 npx vitest run test/node/check/evals-replay.test.ts';
    expect(r.err, stale).toBe('');
    expect(r.out, stale).toBe(await readFile(join(FIXTURE, 'report.json'), 'utf8'));
    expect(r.code).toBe(0);
    for (const f of await readdir(join(root, RECORDINGS))) expect(await readFile(join(root, RECORDINGS, f), 'utf8')).not.toMatch(/sk-check-evals|Bearer/i);
    const evals = evalsOf(r.out);
    expect(evals.status).toBe('passed');
    expect(evals.summary).toBe('with the skill 44% ± 51%, without 33% ± 58% (delta +11%) over 3 case(s) × 1 run(s), tools not run');
    const file = 'agent/skills/unit-convert/evals/evals.json';
    expect(evals.findings.map((f) => [f.code, f.level, f.file, f.line])).toEqual([
      ['evals-case-failing', 'note', file, 5],
      ['evals-case-worse', 'warning', file, 16],
      ['evals-note', 'note', file, undefined],
    ]);
  });

  it('fails on the regression rule: --min-delta above the measured gain is an error (exit 1); --fail-on warning fails on a case that does worse', async () => {
    const strict = await check([...ARGS, '--replay', RECORDINGS, '--format', 'json', '--min-delta', '0.5']);
    expect(strict.code).toBe(1);
    const evals = evalsOf(strict.out);
    expect(evals.status).toBe('failed');
    expect(evals.findings[0]).toMatchObject({ code: 'evals-below-min-delta', level: 'error', file: 'agent/skills/unit-convert/evals/evals.json' });
    // The case that does worse with the skill is the fixture's only warning.
    const warn = await check([...ARGS, '--replay', RECORDINGS, '--format', 'json', '--fail-on', 'warning']);
    expect(JSON.parse(warn.out).counts).toEqual({ errors: 0, warnings: 1, notes: 3 });
    expect(warn.code).toBe(1);
  });

  it('shows the evals in SARIF (schema-valid, at the case line), JUnit and the human report', async () => {
    const sarif = await check([...ARGS, '--replay', RECORDINGS, '--format', 'sarif', '--min-delta', '0.5']);
    expect(new Validator(SARIF_SCHEMA, '7', false).validate(JSON.parse(sarif.out)).valid).toBe(true);
    const results = JSON.parse(sarif.out).runs[0].results as {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
    }[];
    const worse = results.find((x) => x.ruleId === 'evals/evals-case-worse')!;
    expect(worse.locations[0]!.physicalLocation.artifactLocation.uri).toBe('agent/skills/unit-convert/evals/evals.json');
    expect(worse.locations[0]!.physicalLocation.region?.startLine).toBe(16);
    expect(results.some((x) => x.ruleId === 'evals/evals-below-min-delta')).toBe(true);

    const junit = await check([...ARGS, '--replay', RECORDINGS, '--format', 'junit', '--min-delta', '0.5']);
    expect(junit.out).toMatch(
      /<testcase classname="agent\/skills\/unit-convert" name="unit-convert: evals">\s*<failure [^>]*type="evals">[^<]*evals-below-min-delta/,
    );
    expect(junit.out).toMatch(/<testcase classname="agent\/skills\/tz-clock" name="tz-clock: evals">\s*<skipped/);

    const human = await check([...ARGS, '--replay', RECORDINGS, '--min-delta', '0.5']);
    expect(human.out).toContain('agent/skills/unit-convert/evals/evals.json:16: warning [evals/evals-case-worse] case 2');
    expect(human.out).toContain('evals: with the skill');
    expect(human.out).toMatch(/evals FAIL/);
  });

  it('a changed case is not in the recording: exit 2 naming the evals file, the recording file and the fix', async () => {
    const file = join(root, 'agent/skills/unit-convert/evals/evals.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Roughly how far', 'About how far'));
    const r = await check([...ARGS, '--replay', RECORDINGS, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('evals check of unit-convert (agent/skills/unit-convert/evals/evals.json): No recorded reply for POST /v1/chat/completions');
    expect(r.err).toMatch(new RegExp(`The recording file it looked for: ${join(root, RECORDINGS)}/[0-9a-f]{64}\\.json`));
    expect(r.err).toContain('record it again with a key (CLI: --record <dir>');
  });

  it('--eval-runs and the other eval flags need --evals; --record/--replay need --routing or --evals', async () => {
    const lone = await check(['agent', '--min-delta', '0.2']);
    expect(lone.code).toBe(2);
    expect(lone.err).toContain('--min-delta goes with --evals');
    const bad = await check(['agent', '--evals', '--replay', RECORDINGS, '--eval-runs', '0']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--eval-runs must be a whole number from 1 to 20');
    const rec = await check(['agent', '--replay', RECORDINGS]);
    expect(rec.err).toContain('--record, --replay and --dir go with --routing or --evals');
  });
});

describe('check --evals recorded live, then replayed', () => {
  it('runs the tools in the sandbox, and replays offline with the same report; no recording holds the key', { timeout: 120_000 }, async () => {
    await goOnline();
    const args = ['agent', '--evals', '--eval-runs', '2', '--eval-tools', '--format', 'json'];
    const recorded = await check([...args, '--record', 'rec']);
    expect(recorded.err).toBe('');
    const evals = evalsOf(recorded.out);
    // The tool ran, so the marathon case now passes all three expectations with the skill.
    expect(evals.summary).toBe('with the skill 67% ± 52%, without 33% ± 52% (delta +33%) over 3 case(s) × 2 run(s)');
    expect(evals.findings.map((f) => f.code)).toEqual(['evals-case-worse']);
    expect(provider!.requests.length).toBeGreaterThan(0);
    const files = await readdir(join(root, 'rec'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(await readFile(join(root, 'rec', f), 'utf8')).not.toContain(KEY);

    await goOffline();
    const replayed = await check([...args, '--replay', 'rec']);
    expect(replayed.err).toBe('');
    expect(replayed.out).toBe(recorded.out);
    expect(replayed.code).toBe(recorded.code);
  });
});
