// saveSkill (issue 4 "Agents and skills on disk"; SPEC §8): validate first,
// never overwrite in create mode, atomic swap, scripts 0755, env vars into the
// agent .env (0600), egress merged into forge.yaml.
import * as nodeFs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, RequestError, SkillConflictError, SkillValidationError, UnsafePathError } from '../../../src/core/errors.js';
import { listDir, type FsLike } from '../../../src/node/fs/types.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { httpStatusOf } from '../../../src/node/http/status.js';
import { readCustomSkill } from '../../../src/node/skill-store/index.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { filesContaining, guardProcessEnv, thrown } from '../../helpers/node-guards.js';
import { BAD_SCRIPT_NAMES, BAD_SKILL_NAMES, SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';

guardProcessEnv();

const FORGE_YAML =
  '# agent config\nagent_id: alpha\nmodel:\n  provider: openai # runtime model\n  name: gpt-4.1\negress:\n  mode: allowlist\n  allowed_domains:\n    - zeta.example # keep this comment\n    - api.github.com\n';

async function agentWs(extra: Record<string, string> = {}, env: Record<string, string> = {}): Promise<MemoryWorkspace> {
  return createMemoryWorkspace({ 'alpha/forge.yaml': FORGE_YAML, ...extra }, { env });
}

const snapshot = (ws: MemoryWorkspace) => JSON.stringify(ws.vol.toJSON());
const entries = async (ws: MemoryWorkspace, rel: string) => (await listDir(ws.fs, ws.path(rel))).map((e) => e.name);

describe('saveSkill: create', () => {
  it('writes SKILL.md and scripts into skills/<name>/ and reports the result', async () => {
    const ws = await agentWs();
    const md = skillMd('weather-report');
    const r = await saveSkill(ws.path('alpha'), { skillName: 'weather-report', skillMd: md, scripts: { 'weather.sh': SCRIPT } }, ws);
    expect(r).toMatchObject({ path: '/workspace/alpha/skills/weather-report', egressAdded: [], envConfigured: [], envMissing: [] });
    expect(await ws.read('alpha/skills/weather-report/SKILL.md')).toBe(md);
    expect(await ws.read('alpha/skills/weather-report/scripts/weather.sh')).toBe(SCRIPT);
    const mode = Number((await ws.fs.promises.stat(ws.path('alpha/skills/weather-report/scripts/weather.sh'))).mode) & 0o777;
    expect(mode).toBe(0o755);
    expect(await ws.read('alpha/forge.yaml')).toBe(FORGE_YAML);
    expect(await entries(ws, 'alpha/skills')).toEqual(['weather-report']);
  });

  it('refuses an existing skill with SkillConflictError — folder, flat file, or frontmatter name elsewhere', async () => {
    const cases: Array<Record<string, string>> = [
      { 'alpha/skills/dup/SKILL.md': skillMd('dup') },
      { 'alpha/skills/dup.md': skillMd('dup') },
      { 'alpha/skills/other-folder/SKILL.md': skillMd('dup') },
    ];
    for (const existing of cases) {
      const ws = await agentWs(existing);
      const before = snapshot(ws);
      const err = await thrown(() =>
        saveSkill(ws.path('alpha'), { skillName: 'dup', skillMd: skillMd('dup', { body: 'New body with `datetime_now`.' }), overwrite: true }, ws),
      );
      expect(SkillConflictError.isInstance(err)).toBe(true);
      expect(httpStatusOf(err)).toBe(409);
      expect(snapshot(ws)).toBe(before);
    }
  });

  it('validates first: an invalid SKILL.md writes nothing and carries every finding', async () => {
    const ws = await agentWs();
    const before = snapshot(ws);
    const err = await thrown(() =>
      saveSkill(ws.path('alpha'), { skillName: 'bad', skillMd: '---\nname: bad\n---\nno description\n', scripts: { 'x.sh': SCRIPT } }, ws),
    );
    expect(SkillValidationError.isInstance(err)).toBe(true);
    expect((err as SkillValidationError).validation.errors.length).toBeGreaterThan(0);
    expect(snapshot(ws)).toBe(before);
  });

  it('requires skill_name to equal the frontmatter name', async () => {
    const ws = await agentWs();
    const before = snapshot(ws);
    const err = (await thrown(() => saveSkill(ws.path('alpha'), { skillName: 'one-name', skillMd: skillMd('other-name') }, ws))) as SkillValidationError;
    expect(SkillValidationError.isInstance(err)).toBe(true);
    expect(err.validation.errors.map((e) => e.code)).toContain('name-mismatch');
    expect(snapshot(ws)).toBe(before);
  });

  for (const bad of BAD_SKILL_NAMES) {
    it(`refuses skill_name ${JSON.stringify(bad)} and editing_name ${JSON.stringify(bad)} with nothing written`, async () => {
      const ws = await agentWs();
      const before = snapshot(ws);
      const a = await thrown(() => saveSkill(ws.path('alpha'), { skillName: bad, skillMd: skillMd('x') }, ws));
      expect(UnsafePathError.isInstance(a) && (a as UnsafePathError).field).toBe('skill_name');
      if (bad !== '') {
        const b = await thrown(() => saveSkill(ws.path('alpha'), { skillName: 'x', skillMd: skillMd('x'), editingName: bad }, ws));
        expect(UnsafePathError.isInstance(b) && (b as UnsafePathError).field).toBe('editing_name');
      }
      expect(snapshot(ws)).toBe(before);
    });
  }

  for (const bad of BAD_SCRIPT_NAMES) {
    it(`refuses the script name ${JSON.stringify(bad)} with nothing written`, async () => {
      const ws = await agentWs();
      const before = snapshot(ws);
      const err = await thrown(() =>
        saveSkill(ws.path('alpha'), { skillName: 'x', skillMd: skillMd('x'), scripts: { 'ok.sh': SCRIPT, [bad]: 'echo pwned' } }, ws),
      );
      expect(UnsafePathError.isInstance(err)).toBe(true);
      expect((err as UnsafePathError).field).toBe('scripts');
      expect(snapshot(ws)).toBe(before);
    });
  }

  it('refuses env var names and values that cannot go into .env', async () => {
    const ws = await agentWs();
    const before = snapshot(ws);
    const name = await thrown(() => saveSkill(ws.path('alpha'), { skillName: 'x', skillMd: skillMd('x'), envVars: { 'BAD-NAME': 'v' } }, ws));
    expect(RequestError.isInstance(name) && (name as RequestError).field).toBe('env_vars');
    const value = await thrown(() => saveSkill(ws.path('alpha'), { skillName: 'x', skillMd: skillMd('x'), envVars: { TOKEN: 'sk-secret-xyz\nEVIL=1' } }, ws));
    expect(RequestError.isInstance(value)).toBe(true);
    expect(value.message).not.toContain('sk-secret-xyz');
    expect(snapshot(ws)).toBe(before);
  });
});

describe('saveSkill: edit', () => {
  const OLD = {
    'alpha/skills/weather/SKILL.md': skillMd('weather'),
    'alpha/skills/weather/scripts/old.sh': SCRIPT,
    'alpha/skills/weather/references/api.md': '# API notes\n',
    'alpha/skills/weather/NOTES.md': 'top-level notes\n',
  };

  it('replaces the skill when editing_name === skill_name, removing stale scripts and keeping other files', async () => {
    const ws = await agentWs(OLD);
    const md = skillMd('weather', { body: 'Updated: call `datetime_now`.' });
    await saveSkill(ws.path('alpha'), { skillName: 'weather', editingName: 'weather', skillMd: md, scripts: { 'new.sh': SCRIPT } }, ws);
    const s = (await readCustomSkill(ws.path('alpha'), 'weather', ws)).skill;
    expect(s.skillMd).toBe(md);
    expect(Object.keys(s.scripts)).toEqual(['new.sh']);
    expect(await ws.read('alpha/skills/weather/references/api.md')).toBe('# API notes\n');
    expect(await ws.read('alpha/skills/weather/NOTES.md')).toBe('top-level notes\n');
    expect(await entries(ws, 'alpha/skills')).toEqual(['weather']);
  });

  it('does not overwrite another skill when the edit renames onto it', async () => {
    const ws = await agentWs({ ...OLD, 'alpha/skills/news/SKILL.md': skillMd('news') });
    const before = snapshot(ws);
    const err = await thrown(() => saveSkill(ws.path('alpha'), { skillName: 'news', editingName: 'weather', skillMd: skillMd('news') }, ws));
    expect(SkillConflictError.isInstance(err)).toBe(true);
    expect(snapshot(ws)).toBe(before);
  });

  it('honours overwrite: false even in edit mode', async () => {
    const ws = await agentWs(OLD);
    const err = await thrown(() =>
      saveSkill(ws.path('alpha'), { skillName: 'weather', editingName: 'weather', overwrite: false, skillMd: skillMd('weather') }, ws),
    );
    expect(SkillConflictError.isInstance(err)).toBe(true);
  });

  it('compares tool names with the previous SKILL.md on disk, but never with one symlinked out of the skill', async () => {
    const withTool = skillMd('weather', { body: 'Call `datetime_now`.\n\n## Tool: weather_now\n\nGets it.\n' });
    const ws = await agentWs({ 'alpha/skills/weather/SKILL.md': withTool });
    const edit = { skillName: 'weather', editingName: 'weather', skillMd: skillMd('weather') };
    const plain = await saveSkill(ws.path('alpha'), edit, ws);
    expect(plain.warnings.map((w) => w.field)).toContain('tools.weather_now');

    const linked = await agentWs({ '/outside/SKILL.md': withTool.replace(/weather_now/g, 'secret_tool'), 'alpha/skills/weather/scripts/x.sh': SCRIPT });
    await linked.fs.promises.symlink('/outside/SKILL.md', linked.path('alpha/skills/weather/SKILL.md'));
    const r = await saveSkill(linked.path('alpha'), edit, linked);
    expect(JSON.stringify(r)).not.toContain('secret_tool');
  });

  it('moves an edited flat skill into the folder form', async () => {
    const ws = await agentWs({ 'alpha/skills/alpha-notes.md': skillMd('alpha-notes') });
    await saveSkill(
      ws.path('alpha'),
      { skillName: 'alpha-notes', editingName: 'alpha-notes', skillMd: skillMd('alpha-notes'), scripts: { 'x.sh': SCRIPT } },
      ws,
    );
    expect(await ws.read('alpha/skills/alpha-notes.md')).toBeNull();
    expect(await ws.read('alpha/skills/alpha-notes/scripts/x.sh')).toBe(SCRIPT);
  });

  it('leaves the previous skill byte-identical when a write fails half-way', async () => {
    const ws = await agentWs(OLD);
    const skillFiles = () => Object.entries(ws.vol.toJSON()).filter(([p]) => p.startsWith('/workspace/alpha/skills/'));
    const before = skillFiles();
    let writes = 0;
    const failing = failingFs(ws.fs, 'writeFile', () => ++writes === 3); // SKILL.md, a.sh ok; b.sh fails
    const err = await thrown(() =>
      saveSkill(
        ws.path('alpha'),
        {
          skillName: 'weather',
          editingName: 'weather',
          skillMd: skillMd('weather', { body: 'NEW `datetime_now`' }),
          scripts: { 'a.sh': SCRIPT, 'b.sh': SCRIPT, 'c.sh': SCRIPT },
        },
        { ...ws, fs: failing },
      ),
    );
    expect(err.message).toMatch(/injected/);
    expect(skillFiles()).toEqual(before);
    expect(await entries(ws, 'alpha/skills')).toEqual(['weather']);
  });

  it('puts the previous skill back when the final rename fails', async () => {
    const ws = await agentWs(OLD);
    const skillFiles = () => Object.entries(ws.vol.toJSON()).filter(([p]) => p.startsWith('/workspace/alpha/skills/'));
    const before = skillFiles();
    let renames = 0;
    const failing = failingFs(ws.fs, 'rename', () => ++renames === 2); // 1: old → backup, 2: new → target fails
    await expect(
      saveSkill(
        ws.path('alpha'),
        { skillName: 'weather', editingName: 'weather', skillMd: skillMd('weather', { body: 'NEW `datetime_now`' }) },
        { ...ws, fs: failing },
      ),
    ).rejects.toThrow(/injected/);
    expect(skillFiles()).toEqual(before);
    expect(await entries(ws, 'alpha/skills')).toEqual(['weather']);
  });
});

describe('saveSkill: env vars', () => {
  const ENV_SKILL = skillMd('api-skill', {
    extraFrontmatter:
      'metadata:\n  forge:\n    requires:\n      env:\n        required: [API_TOKEN, REGION]\n        one_of: [GH_TOKEN, GITHUB_TOKEN]\n        optional: [DEBUG]',
  });

  it('appends env_vars to the agent .env with mode 0600 and reports what is still missing', async () => {
    const ws = await agentWs({ 'alpha/.env': '# agent secrets\nOPENAI_API_KEY=runtime-key\n' });
    const r = await saveSkill(ws.path('alpha'), { skillName: 'api-skill', skillMd: ENV_SKILL, envVars: { API_TOKEN: 'tok-SECRET-123', REGION: '' } }, ws);
    expect(r.envConfigured).toEqual(['API_TOKEN']);
    expect(r.envMissing).toEqual([
      { name: 'REGION', kind: 'required' },
      { name: 'GH_TOKEN', kind: 'one_of' },
      { name: 'GITHUB_TOKEN', kind: 'one_of' },
    ]);
    expect(await ws.read('alpha/.env')).toBe('# agent secrets\nOPENAI_API_KEY=runtime-key\nAPI_TOKEN=tok-SECRET-123\n');
    expect(Number((await ws.fs.promises.stat(ws.path('alpha/.env'))).mode) & 0o777).toBe(0o600);
    expect(filesContaining(ws.vol.toJSON(), 'tok-SECRET-123')).toEqual(['/workspace/alpha/.env']);
    expect(JSON.stringify(r)).not.toContain('tok-SECRET-123');
  });

  it('counts a one_of group as set when any member is set in the agent .env or the environment', async () => {
    const ws = await agentWs({ 'alpha/.env': 'REGION=eu\n' }, { GITHUB_TOKEN: 'from-env', API_TOKEN: 'x' });
    const r = await saveSkill(ws.path('alpha'), { skillName: 'api-skill', skillMd: ENV_SKILL }, ws);
    expect(r.envMissing).toEqual([]);
  });
});

describe('saveSkill: egress', () => {
  const EGRESS_SKILL = skillMd('gh-skill', {
    extraFrontmatter: 'metadata:\n  forge:\n    egress_domains:\n      - API.GitHub.com\n      - uploads.example.org\n      - alpha.example',
  });

  it('merges egress_domains into forge.yaml: deduplicated, sorted, comments and other keys kept', async () => {
    const ws = await agentWs();
    const r = await saveSkill(ws.path('alpha'), { skillName: 'gh-skill', skillMd: EGRESS_SKILL }, ws);
    expect(r.egressAdded).toEqual(['alpha.example', 'uploads.example.org']);
    const text = (await ws.read('alpha/forge.yaml'))!;
    expect(text).toBe(
      '# agent config\nagent_id: alpha\nmodel:\n  provider: openai # runtime model\n  name: gpt-4.1\negress:\n  mode: allowlist\n  allowed_domains:\n    - alpha.example\n    - api.github.com\n    - uploads.example.org\n    - zeta.example # keep this comment\n',
    );
    // Saving again adds nothing and leaves the file alone.
    const again = await saveSkill(ws.path('alpha'), { skillName: 'gh-skill', editingName: 'gh-skill', skillMd: EGRESS_SKILL }, ws);
    expect(again.egressAdded).toEqual([]);
    expect(await ws.read('alpha/forge.yaml')).toBe(text);
  });

  it('creates egress.allowed_domains when forge.yaml has none', async () => {
    const ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha # id\n' });
    await saveSkill(ws.path('alpha'), { skillName: 'gh-skill', skillMd: EGRESS_SKILL }, ws);
    expect(await ws.read('alpha/forge.yaml')).toBe(
      'agent_id: alpha # id\negress:\n  allowed_domains:\n    - alpha.example\n    - api.github.com\n    - uploads.example.org\n',
    );
  });

  it('refuses to save when forge.yaml cannot be read, before writing the skill', async () => {
    const ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'egress: [\n' });
    const before = snapshot(ws);
    const err = await thrown(() => saveSkill(ws.path('alpha'), { skillName: 'gh-skill', skillMd: EGRESS_SKILL }, ws));
    expect(ConfigError.isInstance(err)).toBe(true);
    expect((err as ConfigError).file).toBe('/workspace/alpha/forge.yaml');
    expect(snapshot(ws)).toBe(before);
  });
});

describe('saveSkill: real disk', () => {
  let dir: string;
  const fs = nodeFs as unknown as FsLike;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forge-save-'));
    await mkdir(join(dir, 'agent'));
    await writeFile(join(dir, 'agent/forge.yaml'), 'agent_id: agent\n');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes scripts with mode 0755, SKILL.md 0644, .env 0600, and leaves no temp folders', async () => {
    await saveSkill(
      join(dir, 'agent'),
      { skillName: 'disk-skill', skillMd: skillMd('disk-skill'), scripts: { 'a.sh': SCRIPT, 'b.py': 'print(1)\n' }, envVars: { TOKEN: 'x' } },
      { fs, env: {} },
    );
    expect((await stat(join(dir, 'agent/skills/disk-skill/scripts/a.sh'))).mode & 0o777).toBe(0o755);
    expect((await stat(join(dir, 'agent/skills/disk-skill/scripts/b.py'))).mode & 0o777).toBe(0o755);
    expect((await stat(join(dir, 'agent/skills/disk-skill/SKILL.md'))).mode & 0o777).toBe(0o644);
    expect((await stat(join(dir, 'agent/.env'))).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'agent/skills'))).toEqual(['disk-skill']);
  });

  it('replaces an edited skill atomically on disk and keeps a half-failed save from touching it', async () => {
    const agent = join(dir, 'agent');
    await saveSkill(agent, { skillName: 'disk-skill', skillMd: skillMd('disk-skill'), scripts: { 'old.sh': SCRIPT } }, { fs, env: {} });
    const before = await readFile(join(agent, 'skills/disk-skill/SKILL.md'), 'utf8');
    let n = 0;
    const failing = failingFs(fs, 'writeFile', () => ++n === 2);
    await expect(
      saveSkill(
        agent,
        { skillName: 'disk-skill', editingName: 'disk-skill', skillMd: skillMd('disk-skill', { body: 'v2 `datetime_now`' }), scripts: { 'new.sh': SCRIPT } },
        { fs: failing, env: {} },
      ),
    ).rejects.toThrow(/injected/);
    expect(await readFile(join(agent, 'skills/disk-skill/SKILL.md'), 'utf8')).toBe(before);
    expect(await readdir(join(agent, 'skills/disk-skill/scripts'))).toEqual(['old.sh']);
    expect(await readdir(join(agent, 'skills'))).toEqual(['disk-skill']);
  });
});

/** An fs whose `method` throws when `shouldFail()` says so; everything else passes through. */
function failingFs(fs: FsLike, method: 'writeFile' | 'rename', shouldFail: () => boolean): FsLike {
  const promises = new Proxy(fs.promises, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      if (key === method) {
        return async (...args: unknown[]) => {
          if (shouldFail()) throw Object.assign(new Error('injected disk failure'), { code: 'EIO' });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return { promises };
}
