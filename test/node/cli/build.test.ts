// `forge-skill-builder build <skills-dir> [--out <dir>] [--category c] [--tags a,b]`
// (issue 8): --help, usage errors, exit status, and the summary it prints.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBuildCommand } from '../../../src/node/cli/build.js';
import { main } from '../../../src/node/cli.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { guardProcessEnv } from '../../helpers/node-guards.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';

guardProcessEnv();

function sink() {
  let text = '';
  return {
    write: (s: string) => ((text += s), true),
    get text() {
      return text;
    },
  };
}

async function run(argv: string[], files: Record<string, string> = {}) {
  const ws = await createMemoryWorkspace(files);
  const stdout = sink();
  const stderr = sink();
  const code = await runBuildCommand(argv, { stdout, stderr, fs: ws.fs, cwd: ws.workspaceDir });
  return { code, stdout: stdout.text, stderr: stderr.text, ws };
}

const SKILLS = {
  'skills/weather/SKILL.md': skillMd('weather', {
    extraFrontmatter: 'category: utilities\ntags: [weather, api]',
    body: '## Tool: weather_now\n\nCurrent weather.\n\n**Input:** city (string)\n',
  }),
  'skills/weather/scripts/weather-now.sh': SCRIPT,
  'skills/notes.md': skillMd('notes', { extraFrontmatter: 'category: docs\ntags: [api]' }),
};

describe('build command', () => {
  it('prints its usage for --help and exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: forge-skill-builder build <skills-dir> \[--out <dir>\] \[--category <c>\] \[--tags <a,b>\]/);
    expect(r.stdout).toContain('--tags <a,b>');
  });

  it.each([
    [['skills', '--bogus'], /Unknown option '--bogus'/],
    [[], /give the skills folder to build/],
    [['a', 'b'], /give one skills folder \(got 2: a, b\)/],
    [['skills', '--out'], /--out/],
    [['skills', '--tags', ','], /--tags needs at least one tag/],
  ])('rejects %j with exit 2 and a pointer to --help', async (argv, message) => {
    const r = await run(argv, SKILLS);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('build --help');
    expect(await r.ws.read('compiled/skills.json')).toBeNull();
  });

  it('builds into ./compiled by default and prints a summary', async () => {
    const r = await run(['skills'], SKILLS);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('built 2 skills (1 tool, 1 instruction-only) into compiled');
    expect(r.stdout).toContain('compiled/tools.json');
    expect(JSON.parse((await r.ws.read('compiled/tools.json'))!).tools[0].name).toBe('weather_now');
  });

  it('writes under --out and filters with --category and comma-separated --tags (AND)', async () => {
    const byTags = await run(['skills', '--out', 'dist/agent', '--tags', 'weather, api'], SKILLS);
    expect(byTags.code).toBe(0);
    expect(JSON.parse((await byTags.ws.read('dist/agent/skills.json'))!).skills.map((s: { name: string }) => s.name)).toEqual(['weather']);
    const byCategory = await run(['skills', '--category', 'docs'], SKILLS);
    expect(JSON.parse((await byCategory.ws.read('compiled/skills.json'))!).skills.map((s: { name: string }) => s.name)).toEqual(['notes']);
  });

  it('exits 1 and prints file:line errors when a skill is left out, still writing the rest', async () => {
    const r = await run(['skills'], { ...SKILLS, 'skills/broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\nbody\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^skills\/broken\/SKILL\.md:\d+: error \[/m);
    expect(r.stdout).toContain('left out because of errors: broken');
    expect(JSON.parse((await r.ws.read('compiled/skills.json'))!).count).toBe(2);
  });

  it('lists warnings only with --warnings', async () => {
    const quiet = await run(['skills'], SKILLS);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toMatch(/\d+ warnings? \(list them with --warnings\)/);
    const loud = await run(['skills', '--warnings'], SKILLS);
    expect(loud.stderr).toMatch(/^skills\/weather\/SKILL\.md:\d+: warning \[/m);
  });

  it('exits 1 with a message naming a missing skills folder', async () => {
    const r = await run(['nowhere']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('/workspace/nowhere does not exist');
  });
});

describe('forge-skill-builder build (through the CLI entry)', () => {
  let root = '';
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'forge-build-cli-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is dispatched by main()', async () => {
    await mkdir(join(root, 'skills'), { recursive: true });
    await writeFile(join(root, 'skills/notes.md'), skillMd('notes'));
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (d) => (out += String(d)));
    const io = { stdout, stderr, stdin: new PassThrough(), env: {}, cwd: root, waitForShutdown: () => new Promise<string>(() => {}) };
    const code = await main(['build', 'skills', '--out', 'out'], io);
    expect(code).toBe(0);
    expect(out).toContain('built 1 skill');
    expect(JSON.parse(await readFile(join(root, 'out/skills.json'), 'utf8')).count).toBe(1);
  });
});

describe('build command diagnostics', () => {
  it('names the file each finding is about: folder SKILL.md, flat <name>.md, scripts, skipped entries', async () => {
    const r = await run(['skills', '--warnings'], {
      'skills/plain/SKILL.md': skillMd('plain'),
      'skills/flat-broken.md': '---\nname: flat-broken\ndescription: [unclosed\n---\nx\n',
      'skills/weather/SKILL.md': skillMd('weather', { body: '## Tool: weather_now\n\nNow.\n\n**Input:** city (string)\n' }),
      'skills/weather/scripts/weather-now.sh': '#!/bin/sh\necho hi\n',
      'skills/_template/SKILL.md': skillMd('my-skill'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^skills\/flat-broken\.md:\d+: error \[/m);
    expect(r.stderr).toMatch(/^skills\/weather\/scripts\/weather-now\.sh(:\d+)?: warning \[/m);
    expect(r.stderr).toMatch(/^skills\/weather\/SKILL\.md:\d+: warning \[/m);
    expect(r.stderr).toMatch(/^skills\/_template: warning \[template-skipped\]/m);
    expect(r.stderr).not.toMatch(/flat-broken\/SKILL\.md/);
  });
});
