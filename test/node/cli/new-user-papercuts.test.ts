// The command-line papercuts a new user met (issue 26), each as they met it:
// `import --name` beside a skill that already has the tool, an identical
// re-import, `try` with an unknown tool or a missing env var, `route-check`
// run from outside the workspace, `catalog` leaving skills out in silence,
// `… --json | head`, and `agent create`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { toolSkill } from '../../helpers/tool-run.js';
import { testIo } from './support.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SCRIPT = '#!/usr/bin/env bash\necho "{\\"said\\": \\"$GREETING\\"}"\n';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-new-user-'));
  await mkdir(join(root, 'ws/.forge'), { recursive: true });
  await mkdir(join(root, 'ws/bot/skills/tool-run-test/scripts'), { recursive: true });
  await writeFile(join(root, 'ws/bot/forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(root, 'ws/bot/skills/tool-run-test/SKILL.md'), toolSkill({ env: { required: ['GREETING'] } }));
  await writeFile(join(root, 'ws/bot/skills/tool-run-test/scripts/do-it.sh'), SCRIPT);
  await mkdir(join(root, 'src-skill/scripts'), { recursive: true });
  await writeFile(join(root, 'src-skill/SKILL.md'), toolSkill({ env: { required: ['GREETING'] } }));
  await writeFile(join(root, 'src-skill/scripts/do-it.sh'), SCRIPT);
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function cli(argv: string[], cwd = root) {
  const io = testIo({ cwd, homeDir: join(root, 'home') });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('import', () => {
  it('--name beside a skill that has the same tool is refused before anything is written (never a build with tool-name-conflict)', async () => {
    const r = await cli(['import', 'src-skill', '--agent', 'ws/bot', '--name', 'tool-run-copy']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/skill "tool-run-test" already defines the tool "do_it".*rename the "## Tool:" section and its script.*nothing was written/);
    expect(await readdir(join(root, 'ws/bot/skills'))).toEqual(['tool-run-test']);
    const build = await cli(['build', 'ws/bot/skills', '--json']);
    expect(build.out).not.toContain('tool-name-conflict');
  });

  it('importing a skill identical to the saved one exits 0 and says it is already up to date', async () => {
    const r = await cli(['import', 'ws/bot/skills/tool-run-test', '--agent', 'ws/bot']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/skill "tool-run-test" is already up to date in ws\/bot/);
  });
});

describe('try', () => {
  it('names an unknown tool as such and lists the skill’s tools (not an --example range error)', async () => {
    const r = await cli(['try', 'ws/bot/skills/tool-run-test', '--tool', 'do_that', '--example', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the skill has no tool "do_that"; its tools: do_it/);
    expect(r.err).not.toMatch(/--example/);
  });

  it('says where to set a missing env var: the agent’s .env file by path', async () => {
    const r = await cli(['try', 'ws/bot/skills/tool-run-test', '--tool', 'do_it', '--example', '1', '--no-sandbox']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`set it in the agent's .env (${join(root, 'ws/bot/.env')}, a line GREETING=<value>)`);
  });

  it('outside an agent folder, names --agent-dir for a missing env var', async () => {
    const r = await cli(['try', 'src-skill', '--tool', 'do_it', '--example', '1', '--no-sandbox']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--agent-dir <agent-dir>/);
  });
});

describe('route-check', () => {
  it('finds the workspace from the skill’s path as try does, and its error mentions --dir', async () => {
    await writeFile(join(root, 'ws/.forge/ui.yaml'), 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n');
    const r = await cli(['route-check', join(root, 'ws/bot/skills/tool-run-test'), '--agent', join(root, 'ws/bot'), '--request', 'run it'], tmpdir());
    expect(r.code).toBe(1);
    // The workspace's ui.yaml was read (it names openai), so the missing key is the problem, and the message says which workspace and how to pick another.
    expect(r.err).toMatch(/OPENAI_API_KEY/);
    expect(r.err).toContain(`workspace ${join(root, 'ws')}: the nearest folder with .forge/ above the agent; pass --dir <workspace> for another`);
  });
});

describe('catalog', () => {
  it('says which skills it left out and why', async () => {
    await mkdir(join(root, 'ws/bot/skills/quiet'), { recursive: true });
    await writeFile(join(root, 'ws/bot/skills/quiet/SKILL.md'), '---\nname: quiet\n---\n# Quiet\n');
    await writeFile(join(root, 'ws/bot/skills/notes.md'), skillMd('notes'));
    const r = await cli(['catalog', 'ws/bot']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('- notes:');
    expect(r.err).toMatch(/tool-run-test: left out of the catalog: each of its tools is a callable tool/);
    expect(r.err).toMatch(/quiet\/SKILL\.md: left out of the catalog: it has no name or no description/);
  });
});

describe('agent create', () => {
  it('creates a folder with forge.yaml, refuses an existing id or folder and a bad id', async () => {
    const ok = await cli(['agent', 'create', 'helper', '--dir', 'ws']);
    expect(ok.code, ok.err).toBe(0);
    expect(await readFile(join(root, 'ws/helper/forge.yaml'), 'utf8')).toBe('agent_id: helper\n');
    const again = await cli(['agent', 'create', 'bot', '--dir', 'ws']);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already has an agent "bot".*nothing was written/);
    await mkdir(join(root, 'ws/stuff'));
    const folder = await cli(['agent', 'create', 'stuff', '--dir', 'ws']);
    expect(folder.code).toBe(1);
    expect(existsSync(join(root, 'ws/stuff/forge.yaml'))).toBe(false);
    const bad = await cli(['agent', 'create', '../evil', '--dir', 'ws']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/not a valid agent id/);
    expect(existsSync(join(root, 'evil'))).toBe(false);
  });
});

describe('a reader that closes early', () => {
  it('`import --json | head -c 1` exits quietly: no EPIPE stack trace', async () => {
    await mkdir(join(root, 'src-skill/references'), { recursive: true });
    await writeFile(join(root, 'src-skill/references/big.md'), `# Big\n\n${'line of text\n'.repeat(40_000)}`);
    const cmd = `node --import tsx ${join(ROOT, 'test/helpers/run-cli.ts')} import ${join(root, 'src-skill')} --json | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}"`;
    const { stdout, stderr } = await promisify(execFile)('bash', ['-c', cmd], { cwd: ROOT, timeout: 60_000 });
    expect(stderr).toBe('');
    expect(stdout).toBe('status 0\n');
  }, 90_000);
});
