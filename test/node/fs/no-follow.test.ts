// Issue 11 "never through a symlink": .forge/.env, .forge/ui.yaml, an agent's
// .env and forge.yaml, and ~/.forge/ui.yaml are read and written only as
// regular files. A symlink is refused with an error naming the file; the
// link's target is never read, changed or copied — on the real disk and on
// the injected memfs alike.
import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnsafePathError } from '../../../src/core/errors.js';
import { loadSkillBuilderLLM, saveSkillBuilderSettings } from '../../../src/node/config/tiers.js';
import { readEnvFile, setEnvFileValue } from '../../../src/node/config/env-file.js';
import { readRegularTextIfExists } from '../../../src/node/fs/no-follow.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { readTrustedOrigins, trustBaseUrl } from '../../../src/node/config/trust.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { thrown } from '../../helpers/node-guards.js';

const SECRET = 'aws_secret_access_key = wJalrXUtnFEMI-TARGET-SECRET';
const TARGET = `[default]\n${SECRET}\n`;
const UI = 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n';

let ws: string;
let home: string;
let target: string;

beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-link-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-link-home-'));
  target = join(home, 'credentials');
  await writeFile(target, TARGET, { mode: 0o600 });
  await mkdir(join(ws, '.forge'), { recursive: true });
  await mkdir(join(ws, 'a'), { recursive: true });
  await mkdir(join(home, '.forge'), { recursive: true });
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/** The error is an UnsafePathError naming the link, never showing the target's content; the target and the link are unchanged. */
async function expectRefused(link: string, fn: () => Promise<unknown>): Promise<void> {
  const err = await thrown(fn);
  expect(err).toBeInstanceOf(UnsafePathError);
  expect(err.message).toContain(link);
  expect(err.message).toMatch(/symbolic link/);
  expect(err.message).not.toContain('wJalrXUtnFEMI');
  expect(await readFile(target, 'utf8')).toBe(TARGET);
  expect((await lstat(link)).isSymbolicLink()).toBe(true);
}

describe('reading through a symlink is refused', () => {
  it('.forge/.env', async () => {
    await writeFile(join(ws, '.forge/ui.yaml'), `${UI}  api_key_env: aws_secret_access_key\n`);
    await symlink(target, join(ws, '.forge/.env'));
    await expectRefused(join(ws, '.forge/.env'), () => loadSkillBuilderLLM({ workspaceDir: ws, homeDir: home, env: {} }));
    await expectRefused(join(ws, '.forge/.env'), () => readEnvFile(join(ws, '.forge/.env')));
  });

  it('.forge/ui.yaml', async () => {
    await writeFile(join(home, 'ui.yaml'), UI);
    await symlink(join(home, 'ui.yaml'), join(ws, '.forge/ui.yaml'));
    await expectRefused(join(ws, '.forge/ui.yaml'), () => loadSkillBuilderLLM({ workspaceDir: ws, homeDir: home, env: {} }));
  });

  it('~/.forge/ui.yaml (the trust file): a link cannot lend trust', async () => {
    await writeFile(join(home, 'elsewhere.yaml'), 'trusted_base_urls:\n  - https://evil.example.net\n');
    await symlink(join(home, 'elsewhere.yaml'), join(home, '.forge/ui.yaml'));
    await writeFile(join(ws, '.forge/ui.yaml'), `${UI}  base_url: https://evil.example.net/v1\n`);
    await expectRefused(join(home, '.forge/ui.yaml'), () => readTrustedOrigins({ homeDir: home }));
    await expectRefused(join(home, '.forge/ui.yaml'), () => loadSkillBuilderLLM({ workspaceDir: ws, homeDir: home, env: { OPENAI_API_KEY: 'k' } }));
  });

  it("an agent's .env and forge.yaml (the fallback tier)", async () => {
    await writeFile(join(ws, 'a/forge.yaml'), 'model:\n  provider: openai\n  name: m\n');
    await symlink(target, join(ws, 'a/.env'));
    await expectRefused(join(ws, 'a/.env'), () => loadSkillBuilderLLM({ workspaceDir: ws, agentDir: join(ws, 'a'), homeDir: home, env: {} }));
    await rm(join(ws, 'a/.env'));
    await rm(join(ws, 'a/forge.yaml'));
    await writeFile(join(home, 'forge.yaml'), 'model:\n  provider: openai\n  name: m\n');
    await symlink(join(home, 'forge.yaml'), join(ws, 'a/forge.yaml'));
    await expectRefused(join(ws, 'a/forge.yaml'), () => loadSkillBuilderLLM({ workspaceDir: ws, agentDir: join(ws, 'a'), homeDir: home, env: {} }));
  });

  it('on an injected memfs too (O_NOFOLLOW semantics through the fs it is given)', async () => {
    const mem = await createMemoryWorkspace({ '/secret/credentials': TARGET, '.forge/ui.yaml': `${UI}  api_key_env: aws_secret_access_key\n` });
    await (mem.fs.promises.symlink as (t: string, p: string) => Promise<void>)('/secret/credentials', mem.path('.forge/.env'));
    const err = await thrown(() => loadSkillBuilderLLM(mem));
    expect(err).toBeInstanceOf(UnsafePathError);
    expect(err.message).toContain('/workspace/.forge/.env');
    expect(err.message).not.toContain('wJalrXUtnFEMI');
    expect(await thrown(() => readRegularTextIfExists(mem.fs, mem.path('.forge/.env')))).toBeInstanceOf(UnsafePathError);
    expect(await readRegularTextIfExists(mem.fs, mem.path('.forge/none'))).toBeNull();
  });
});

describe('writing through a symlink is refused, and the link is not replaced', () => {
  it('saving settings with a key when .forge/.env is a link (it was turned into a regular file holding the target)', async () => {
    await symlink(target, join(ws, '.forge/.env'));
    await expectRefused(join(ws, '.forge/.env'), () =>
      saveSkillBuilderSettings({ workspaceDir: ws, homeDir: home, env: {}, config: { provider: 'openai', model: 'gpt-4.1' }, apiKey: 'sk-new-key-123' }),
    );
    await expectRefused(join(ws, '.forge/.env'), () => setEnvFileValue(join(ws, '.forge/.env'), 'OPENAI_API_KEY', 'sk-new-key-123'));
    // All or nothing: ui.yaml was not written either.
    await expect(lstat(join(ws, '.forge/ui.yaml'))).rejects.toThrow(/ENOENT/);
  });

  it('saving settings when ui.yaml or ~/.forge/ui.yaml is a link', async () => {
    await writeFile(join(home, 'team.yaml'), UI);
    await symlink(join(home, 'team.yaml'), join(ws, '.forge/ui.yaml'));
    const cfg = { workspaceDir: ws, homeDir: home, env: {}, config: { provider: 'openai' as const, model: 'gpt-5', baseUrl: 'https://gw.example.com/v1' } };
    await expectRefused(join(ws, '.forge/ui.yaml'), () => saveSkillBuilderSettings(cfg));
    expect(await readFile(join(home, 'team.yaml'), 'utf8')).toBe(UI);
    await rm(join(ws, '.forge/ui.yaml'));
    await symlink(target, join(home, '.forge/ui.yaml'));
    await expectRefused(join(home, '.forge/ui.yaml'), () => saveSkillBuilderSettings(cfg));
    await expectRefused(join(home, '.forge/ui.yaml'), () => trustBaseUrl('https://gw.example.com', { homeDir: home }));
    await expect(lstat(join(ws, '.forge/ui.yaml'))).rejects.toThrow(/ENOENT/);
  });

  it("saving a skill with env vars or egress when the agent's .env or forge.yaml is a link writes nothing", async () => {
    const md = skillMd('net-check', {
      description: 'Checks a host. When the user asks whether a host is up ("is example.com up") use this skill.',
      extraFrontmatter: 'metadata:\n  forge:\n    egress_domains:\n      - example.com',
    });
    await symlink(target, join(ws, 'a/.env'));
    await expectRefused(join(ws, 'a/.env'), () => saveSkill(join(ws, 'a'), { skillName: 'net-check', skillMd: md, envVars: { TOKEN: 'x' } }));
    await expect(lstat(join(ws, 'a/skills/net-check'))).rejects.toThrow(/ENOENT/);
    await rm(join(ws, 'a/.env'));
    await symlink(target, join(ws, 'a/forge.yaml'));
    await expectRefused(join(ws, 'a/forge.yaml'), () => saveSkill(join(ws, 'a'), { skillName: 'net-check', skillMd: md }));
    await expect(lstat(join(ws, 'a/skills/net-check'))).rejects.toThrow(/ENOENT/);
  });
});
