// `check --routing` recorded against the local OpenAI wire server (real
// OpenAI SDK) and replayed with the server stopped, no key and no trusted
// base_url: the JSON report is byte-for-byte the same; a changed description
// makes an unrecorded request, which stops the run with exit 2 naming the
// request hash and the fix; no recording holds the key.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { keywordRouter } from '../../helpers/provider-servers/keyword-router.js';
import { testIo } from '../cli/support.js';
import { CLEAN_MD, makeSkillRepo, type SkillRepo } from './support.js';

const KEY = 'sk-check-routing-KEY-0123456789';
const RULES = [
  { keyword: 'decide', tool: 'read_skill', arguments: { name: 'notes-reader' } },
  { keyword: 'meeting', tool: 'read_skill', arguments: { name: 'notes-reader' } },
  { keyword: 'build', tool: 'read_skill', arguments: { name: 'broken-tool' } },
];
const TRIGGERS = [
  { query: 'What did we decide on Monday?', should_trigger: true },
  { query: 'Summarise the meeting with the vendor', should_trigger: true },
  { query: 'Why did the build fail?', should_trigger: false, expect: 'other', skill: 'broken-tool' },
];

let repo: SkillRepo;
let home: string;
let provider: ProviderServer | undefined;

beforeEach(async () => {
  repo = await makeSkillRepo();
  home = await mkdtemp(join(tmpdir(), 'forge-check-home-'));
  provider = await startProviderServer({ provider: 'openai', handler: keywordRouter('openai', { rules: RULES }), requireKey: KEY });
  await repo.write('.forge/ui.yaml', `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
  await repo.write('.forge/.env', `OPENAI_API_KEY=${KEY}\n`);
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
  await repo.write('agent/skills/notes-reader/evals/triggers.json', `${JSON.stringify(TRIGGERS, null, 2)}\n`);
});
afterEach(async () => {
  await provider?.close();
  await rm(home, { recursive: true, force: true });
});

async function check(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = testIo({ cwd: repo.root, homeDir: home, env: {} });
  const code = await main(['check', 'agent', '--format', 'json', '--routing', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** Replay as CI would: the server gone, no key anywhere, no trusted base_url. */
async function goOffline(): Promise<void> {
  await provider!.close();
  provider = undefined;
  await rm(join(repo.root, '.forge/.env'));
  await rm(join(home, '.forge/ui.yaml'));
}

describe('check --routing with --record and --replay', () => {
  it('replays the recorded run offline with the same JSON, byte for byte', async () => {
    const recorded = await check(['--record', 'rec']);
    expect(recorded.err).toBe('');
    const report = JSON.parse(recorded.out);
    const notes = report.skills.find((s: { skill: string }) => s.skill === 'notes-reader');
    const routing = notes.checks.find((o: { check: string }) => o.check === 'routing');
    expect(routing).toMatchObject({ status: 'passed', summary: 'recall 100%, precision 100% over 3 request(s)', findings: [] });
    const broken = report.skills.find((s: { skill: string }) => s.skill === 'broken-tool');
    expect(broken.checks.find((o: { check: string }) => o.check === 'routing')).toMatchObject({ status: 'skipped' });
    // Three runs of each request; the recording keeps each request once with its three replies.
    expect(provider!.requests).toHaveLength(9);

    const files = await readdir(join(repo.root, 'rec'));
    expect(files).toHaveLength(3);
    for (const f of files) expect(await readFile(join(repo.root, 'rec', f), 'utf8')).not.toContain(KEY);

    await goOffline();
    const replayed = await check(['--replay', 'rec']);
    expect(replayed.err).toBe('');
    expect(replayed.code).toBe(recorded.code);
    expect(replayed.out).toBe(recorded.out);
  });

  it('a missed request is a warning and recall below the minimum an error', async () => {
    await repo.write('agent/skills/notes-reader/evals/triggers.json', JSON.stringify([...TRIGGERS, { query: 'Who owns the roadmap?', should_trigger: true }]));
    const r = await check(['--record', 'rec']);
    const notes = JSON.parse(r.out).skills.find((s: { skill: string }) => s.skill === 'notes-reader');
    const routing = notes.checks.find((o: { check: string }) => o.check === 'routing');
    expect(routing.status).toBe('failed');
    expect(routing.findings.map((f: { code: string; level: string; file: string }) => [f.code, f.level, f.file])).toEqual([
      ['routing-miss', 'warning', 'agent/skills/notes-reader/evals/triggers.json'],
      ['routing-below-min', 'error', 'agent/skills/notes-reader/evals/triggers.json'],
    ]);
    expect(r.code).toBe(1);
  });

  it('refuses a request that was not recorded (a changed description) with exit 2, the hash and the fix', async () => {
    expect((await check(['--record', 'rec'])).code).toBe(1);
    await goOffline();
    await repo.write('agent/skills/notes-reader/SKILL.md', CLEAN_MD.replace('Reads the team', 'Reads the whole team'));
    const r = await check(['--replay', 'rec']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/routing check of notes-reader: No recorded reply for POST \/\S+ \(request [0-9a-f]{64}\)/);
    expect(r.err).toContain('--record <dir>');
  });

  it('--runs sets the runs per request and --threshold the trigger rate a request needs', async () => {
    const once = await check(['--runs', '1', '--record', 'rec']);
    expect(once.err).toBe('');
    expect(provider!.requests).toHaveLength(3);

    // A model that takes the meeting request to the skill in only the first of every three runs: a trigger rate of 1/3.
    await provider!.close();
    const router = keywordRouter('openai', { rules: RULES });
    let meetings = 0;
    provider = await startProviderServer({
      provider: 'openai',
      requireKey: KEY,
      handler: (request) => {
        const user = JSON.stringify(request.body.messages.at(-1));
        return user.includes('meeting') && meetings++ % 3 !== 0 ? 'I can answer that myself.' : router(request);
      },
    });
    await repo.write('.forge/ui.yaml', `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
    await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
    const notesRouting = (out: string) =>
      JSON.parse(out)
        .skills.find((s: { skill: string }) => s.skill === 'notes-reader')
        .checks.find((o: { check: string }) => o.check === 'routing');
    const strict = await check([]);
    expect(notesRouting(strict.out).findings.map((f: { code: string }) => f.code)).toContain('routing-miss');
    const lenient = await check(['--threshold', '0.3']);
    expect(lenient.err).toBe('');
    expect(notesRouting(lenient.out)).toMatchObject({ status: 'passed', findings: [] });
  });

  it('--runs and --threshold outside their range or without --routing are usage errors', async () => {
    for (const [args, message] of [
      [['check', 'agent', '--runs', '2'], '--runs goes with --routing'],
      [['check', 'agent', '--threshold', '0.5'], '--threshold goes with --routing'],
      [['check', 'agent', '--routing', '--runs', '11'], '--runs must be a whole number from 1 to 10'],
      [['check', 'agent', '--routing', '--runs', '1.5'], '--runs must be a whole number from 1 to 10'],
      [['check', 'agent', '--routing', '--threshold', '0'], '--threshold must be above 0'],
    ] as const) {
      const io = testIo({ cwd: repo.root, homeDir: home, env: {} });
      expect(await main([...args], io)).toBe(2);
      expect(io.err()).toContain(message);
    }
    expect(provider!.requests).toHaveLength(0);
  });

  it('replay needs no key but record does; --replay of a missing folder and --record without --routing are usage errors', async () => {
    await rm(join(repo.root, '.forge/.env'));
    const rec = await check(['--record', 'rec']);
    expect(rec.code).toBe(2);
    expect(rec.err).toContain('No API key for openai');
    const missing = await check(['--replay', 'nowhere']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--replay nowhere: no such folder');
    const io = testIo({ cwd: repo.root, homeDir: home, env: {} });
    expect(await main(['check', 'agent', '--record', 'rec'], io)).toBe(2);
    expect(io.err()).toContain('--record, --replay and --dir go with --routing');
  });
});
