// Issue 14's command-line papercuts, each as the user met it: `catalog` and
// `validate` on any folder of skill folders (as `build` takes one), `chat
// --dir` on a folder that does not exist, and the 403 a cross-origin page gets
// from `ui` naming the flag that allows it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';
import { printedServer } from '../../helpers/server-token.js';
import { testIo } from './support.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-papercuts-'));
  // A folder of skill folders that is not named skills/ (a checkout of shared skills, say).
  await mkdir(join(root, 'shared-skills/good/scripts'), { recursive: true });
  await writeFile(join(root, 'shared-skills/good/SKILL.md'), skillMd('good'));
  await writeFile(join(root, 'shared-skills/good/scripts/run.sh'), SCRIPT);
  await mkdir(join(root, 'shared-skills/bad'), { recursive: true });
  await writeFile(join(root, 'shared-skills/bad/SKILL.md'), '---\nname: Bad_Name\ndescription: x\n---\nbody\n');
  await writeFile(join(root, 'shared-skills/flat.md'), skillMd('flat'));
  await mkdir(join(root, 'shared-skills/_template'), { recursive: true });
  await writeFile(join(root, 'shared-skills/_template/SKILL.md'), skillMd('my-skill'));
  await writeFile(join(root, 'shared-skills/README.md'), '# Our skills\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('catalog on any folder of skill folders', () => {
  it('lists the skills of a folder not named skills/, as build reads it (templates left out)', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'shared-skills'], io), io.err()).toBe(0);
    expect(io.out()).toMatch(/^## Available Skills/);
    const names = io
      .out()
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => l.slice(2, l.indexOf(':')));
    expect(names).toEqual(expect.arrayContaining(['flat', 'good']));
    expect(names).not.toContain('my-skill'); // _template
  });

  it('gives the SKILL.md locations in the XML format', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'shared-skills', '--format', 'xml'], io)).toBe(0);
    expect(io.out()).toContain(`<location>${join(root, 'shared-skills/good/SKILL.md')}</location>`);
    expect(io.out()).toContain(`<location>${join(root, 'shared-skills/flat.md')}</location>`);
  });

  it('still says clearly when a folder holds no skill at all', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'shared-skills/good/scripts'], io)).toBe(1);
    expect(io.err()).toMatch(/shared-skills\/good\/scripts: no skills in this folder/);
  });
});

describe('validate on a folder of skill folders', () => {
  it('validates each skill in it and fails when one has errors', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'shared-skills'], io)).toBe(1);
    const out = io.out();
    expect(out).toMatch(/^shared-skills\/bad\/SKILL\.md:2: error \[[a-z-]+\] name: /m);
    expect(out).toMatch(/^shared-skills\/bad\/SKILL\.md: \d+ errors?, \d+ warnings?$/m);
    expect(out).toMatch(/^shared-skills\/good\/SKILL\.md: valid/m);
    expect(out).toMatch(/^shared-skills\/flat\.md: valid/m);
    expect(out).not.toContain('_template');
    // What the skill store left out is named on stderr, as build reports it.
    expect(io.err().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^shared-skills\/README\.md: skipped \[not-a-skill\]/),
      expect.stringMatching(/^shared-skills\/_template: skipped \[template-skipped\]/),
    ]);
  });

  it('reports each skill in --json', async () => {
    const io = testIo({ cwd: root });
    await main(['validate', '--json', 'shared-skills'], io);
    expect(JSON.parse(io.out()).map((r: { path: string; valid: boolean }) => [r.path, r.valid])).toEqual([
      ['shared-skills/bad/SKILL.md', false],
      ['shared-skills/flat.md', true],
      ['shared-skills/good/SKILL.md', true],
    ]);
  });

  it('still refuses a folder with neither a SKILL.md nor skills in it', async () => {
    await mkdir(join(root, 'empty'));
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'empty'], io)).toBe(1);
    expect(io.err()).toMatch(/empty: the folder has no SKILL\.md and no skill folders/);
  });
});

describe('chat --dir on a missing folder', () => {
  it('says the folder does not exist instead of asking to open Settings', async () => {
    const io = testIo({ cwd: root, homeDir: root, stdinLines: ['hello'] });
    expect(await main(['chat', '--dir', 'no-such-workspace'], io)).toBe(1);
    expect(io.err()).toMatch(/no-such-workspace.*does not exist/);
    expect(io.err()).not.toMatch(/Settings/);
  });
});

describe('ui: a cross-origin write', () => {
  it('is refused with a message naming --allow-origin, the flag that allows it', async () => {
    const io = testIo({ cwd: root, homeDir: root });
    const running = main(['ui', '--dir', 'ws', '--port', '0', '--quiet'], io);
    const out = await io.waitForOutput('Press Ctrl-C');
    const { url, auth } = printedServer(out);
    try {
      const res = await fetch(`${url}/api/skill-builder/validate`, {
        method: 'POST',
        headers: { ...auth, origin: 'http://localhost:5173', 'content-type': 'application/json' },
        body: JSON.stringify({ skill_md: '---\nname: x\n---\n' }),
      });
      expect(res.status).toBe(403);
      const { error } = (await res.json()) as { error: string };
      expect(error).toContain('--allow-origin http://localhost:5173');
      expect(error).not.toContain('allowedOrigins');
      const pre = await fetch(`${url}/api/skill-builder/validate`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(403);
      expect(((await pre.json()) as { error: string }).error).toContain('--allow-origin');
    } finally {
      io.shutdown('SIGTERM');
      expect(await running).toBe(0);
    }
  });
});
