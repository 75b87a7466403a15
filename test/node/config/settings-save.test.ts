// Issue 11 "settings save is all or nothing" and issue 14's unknown config
// keys: saveSkillBuilderSettings reads and checks every file first and writes
// only when everything is valid; a failure (a broken trust file, a failing
// write half-way) leaves ui.yaml, .env, .gitignore and ~/.forge/ui.yaml
// byte-identical. A hand-written scalar trusted_base_urls is kept.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { loadSkillBuilderLLM, saveSkillBuilderSettings } from '../../../src/node/config/tiers.js';
import type { FsLike } from '../../../src/node/fs/types.js';
import { readTrustedOrigins } from '../../../src/node/config/trust.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { thrown } from '../../helpers/node-guards.js';

const UI = '# team settings\nskill_builder:\n  provider: openai # ours\n  model: gpt-4.1\n';
const ENV = '# keys\nOPENAI_API_KEY=sk-old-key-1111\nOTHER=1\n';
const FILES = ['.forge/ui.yaml', '.forge/.env', '.forge/.gitignore', '~/.forge/ui.yaml'];

async function snapshot(ws: MemoryWorkspace): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const f of FILES) out[f] = await ws.read(f);
  return out;
}

const NEW = { config: { provider: 'anthropic' as const, model: 'claude-x', baseUrl: 'https://gw.example.com/v1' }, apiKey: 'sk-new-key-2222' };

describe('saveSkillBuilderSettings: all or nothing', () => {
  it('changes no byte when ~/.forge/ui.yaml does not parse, naming that file', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': UI,
      '.forge/.env': ENV,
      '~/.forge/ui.yaml': 'trusted_base_urls: [https://a.example\nskill_builder: {\n',
    });
    const before = await snapshot(ws);
    const err = (await thrown(() => saveSkillBuilderSettings({ ...ws, workspaceDir: ws.workspaceDir, ...NEW }))) as ConfigError;
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toContain(`${ws.homeDir}/.forge/ui.yaml`);
    expect(await snapshot(ws)).toEqual(before);
    // Even a save without a base_url validates the trust file first.
    await thrown(() => saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'gpt-5' }, apiKey: 'sk-x-3333' }));
    expect(await snapshot(ws)).toEqual(before);
  });

  it('changes no byte when trusted_base_urls holds something that is not a list of URLs', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, '.forge/.env': ENV, '~/.forge/ui.yaml': 'trusted_base_urls:\n  a: b\n' });
    const before = await snapshot(ws);
    const err = (await thrown(() => saveSkillBuilderSettings({ ...ws, ...NEW }))) as ConfigError;
    expect(err.field).toBe('trusted_base_urls');
    expect(err.message).toMatch(/\/home\/user\/\.forge\/ui\.yaml:\d+: trusted_base_urls must be a list/);
    expect(await snapshot(ws)).toEqual(before);
  });

  it('puts back the files already written when a later write fails', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': UI,
      '.forge/.env': ENV,
      '~/.forge/ui.yaml': '# mine\ntrusted_base_urls:\n  - https://a.example\n',
    });
    const before = await snapshot(ws);
    // The workspace ui.yaml is written last; make its rename fail (a full disk, a read-only file system).
    const real = ws.fs.promises;
    const failing: FsLike = {
      promises: new Proxy(real, {
        get(target, prop, receiver) {
          if (prop === 'rename')
            return async (from: string, to: string) => {
              if (to === ws.path('.forge/ui.yaml')) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
              return real.rename(from, to);
            };
          const v = Reflect.get(target, prop, receiver);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      }),
    };
    const err = await thrown(() => saveSkillBuilderSettings({ ...ws, fs: failing, ...NEW }));
    expect(err.message).toMatch(/ENOSPC/);
    expect(await snapshot(ws)).toEqual(before);
    expect(Object.keys(ws.vol.toJSON()).filter((p) => /\.tmp-/.test(p))).toEqual([]);
  });

  it('writes everything when all is valid', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, '.forge/.env': ENV });
    const r = await saveSkillBuilderSettings({ ...ws, ...NEW });
    expect(r).toMatchObject({ provider: 'anthropic', trusted: true, hasKey: true });
    expect(await ws.read('.forge/.env')).toBe(`${ENV}ANTHROPIC_API_KEY=sk-new-key-2222\n`);
    expect(await ws.read('.forge/.gitignore')).toBe('.env\n');
    expect(await ws.read('~/.forge/ui.yaml')).toBe('trusted_base_urls:\n  - https://gw.example.com\n');
    expect(await ws.read('.forge/ui.yaml')).toContain('# team settings');
  });
});

describe('a hand-written scalar trusted_base_urls', () => {
  it('is read as a one-item list and written back as a list that still holds it', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': `${UI}  base_url: https://x.example.org/v1\n`, '~/.forge/ui.yaml': '# by hand\ntrusted_base_urls: "https://x.example.org"\n' },
      { env: { OPENAI_API_KEY: 'sk-env-4444' } },
    );
    expect([...(await readTrustedOrigins(ws))]).toEqual(['https://x.example.org']);
    expect((await loadSkillBuilderLLM(ws)).trusted).toBe(true);
    await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://y.example.org/v1' }, apiKey: 'sk-typed-5555' });
    expect(await ws.read('~/.forge/ui.yaml')).toBe('# by hand\ntrusted_base_urls:\n  - https://x.example.org\n  - https://y.example.org\n');
    expect([...(await readTrustedOrigins(ws))].sort()).toEqual(['https://x.example.org', 'https://y.example.org']);
  });
});

describe('saveSkillBuilderSettings: unknown config keys (issue 14)', () => {
  it.each([
    ['apiKeyEnvv', /unknown key "apiKeyEnvv" \(did you mean apiKeyEnv\?\)/],
    ['api_key_env', /unknown key "api_key_env" \(this API takes camelCase: use apiKeyEnv/],
    ['temperature', /unknown key "temperature"; accepted keys: provider, model, baseUrl, apiKeyEnv, maxOutputTokens, timeoutS/],
  ])('refuses %s, naming it and the accepted keys, and writes nothing', async (key, message) => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI });
    const config = { provider: 'openai', model: 'gpt-4.1', [key]: 'WORKSPACE_LLM_KEY' } as never;
    const err = (await thrown(() => saveSkillBuilderSettings({ ...ws, config, apiKey: 'sk-typo-5555' }))) as ConfigError;
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.field).toBe(`config.${key}`);
    expect(err.message).toMatch(message);
    expect(err.message).toContain('accepted keys: provider, model, baseUrl, apiKeyEnv, maxOutputTokens, timeoutS');
    expect(await ws.read('.forge/ui.yaml')).toBe(UI);
    expect(await ws.read('.forge/.env')).toBeNull();
  });
});
