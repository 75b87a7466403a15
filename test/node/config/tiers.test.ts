// Skill-builder LLM configuration: tiers, key lookup, validation, saving and
// base_url trust (SPEC §4, issue 4 "Config tiers" and "base_url trust").
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { loadSkillBuilderLLM, saveSkillBuilderSettings, toUsableLlmConfig } from '../../../src/node/config/tiers.js';
import { parseSkillBuilderConfig } from '../../../src/core/config/schema.js';
import { readTrustedOrigins, trustBaseUrl } from '../../../src/node/config/trust.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { filesContaining, guardProcessEnv, thrown } from '../../helpers/node-guards.js';

guardProcessEnv();

const WS_OPENAI = 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n';
const SECRET = 'sk-test-SECRET-value-1234567890';

describe('loadSkillBuilderLLM: tiers', () => {
  it('resolves the workspace tier first, with the model verbatim', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': WS_OPENAI, '~/.forge/ui.yaml': 'skill_builder:\n  provider: anthropic\n  model: claude-x\n' },
      { env: { OPENAI_API_KEY: SECRET } },
    );
    const r = await loadSkillBuilderLLM(ws);
    expect(r).toMatchObject({
      source: 'workspace',
      provider: 'openai',
      model: 'gpt-4.1',
      apiKeyEnv: 'OPENAI_API_KEY',
      hasKey: true,
      keySource: 'process_env',
      warning: null,
      trusted: true,
    });
    expect(r.configFile).toBe('/workspace/.forge/ui.yaml');
  });

  it('falls through to ~/.forge/ui.yaml when the workspace has no skill_builder section', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': '# team settings\nother_section:\n  x: 1\n',
      '~/.forge/ui.yaml': 'skill_builder:\n  provider: anthropic\n  model: claude-sonnet-4-5\n',
    });
    const r = await loadSkillBuilderLLM(ws);
    expect(r).toMatchObject({ source: 'user', provider: 'anthropic', model: 'claude-sonnet-4-5', apiKeyEnv: 'ANTHROPIC_API_KEY', hasKey: false });
  });

  it("uses the agent's forge.yaml as a deprecated fallback, with OPENAI_BASE_URL from the agent .env", async () => {
    const ws = await createMemoryWorkspace({
      'agents/a/forge.yaml': 'agent_id: a\nmodel:\n  provider: openai\n  name: llama-3-70b\n',
      'agents/a/.env': 'OPENAI_BASE_URL=http://vllm.local:8000/v1\nOPENAI_API_KEY=agent-key-123456\n',
    });
    const r = await loadSkillBuilderLLM({ ...ws, agentDir: ws.path('agents/a') });
    // The agent's .env is a workspace file: it cannot make its own OPENAI_BASE_URL trusted.
    expect(r).toMatchObject({
      source: 'agent_fallback',
      provider: 'openai',
      model: 'llama-3-70b',
      baseUrl: 'http://vllm.local:8000/v1',
      hasKey: true,
      keySource: 'agent_env',
      trusted: false,
    });
    expect(r.warning).toMatch(/deprecated/);
    expect(r.apiKey).toBe('agent-key-123456');
  });

  it('is unset when no tier resolves, and explains an unusable agent provider', async () => {
    const ws = await createMemoryWorkspace({ 'agents/a/forge.yaml': 'model:\n  provider: custom\n  name: x\n' });
    expect(await loadSkillBuilderLLM(ws)).toMatchObject({ source: 'unset', provider: null, model: null, hasKey: false, warning: null });
    const r = await loadSkillBuilderLLM({ ...ws, agentDir: ws.path('agents/a') });
    expect(r.source).toBe('unset');
    expect(r.warning).toMatch(/"custom".*openai, anthropic, gemini, ollama/);
  });

  it('reads optional max_output_tokens and timeout_s', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': 'skill_builder:\n  provider: ollama\n  model: qwen3\n  max_output_tokens: 8000\n  timeout_s: 90\n',
    });
    const r = await loadSkillBuilderLLM(ws);
    expect(r).toMatchObject({ maxOutputTokens: 8000, timeoutS: 90 });
    expect(toUsableLlmConfig(r)).toEqual({ provider: 'ollama', model: 'qwen3', maxOutputTokens: 8000, timeoutMs: 90_000 });
  });
});

describe('loadSkillBuilderLLM: key lookup', () => {
  it('prefers <workspace>/.forge/.env over the environment and re-reads it on every call', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': WS_OPENAI, '.forge/.env': 'OPENAI_API_KEY=from-file-1111\n' },
      { env: { OPENAI_API_KEY: 'from-env-2222' } },
    );
    const first = await loadSkillBuilderLLM(ws);
    expect([first.apiKey, first.keySource]).toEqual(['from-file-1111', 'workspace_env']);
    await ws.fs.promises.writeFile(ws.path('.forge/.env'), 'OPENAI_API_KEY=rotated-3333\n');
    expect((await loadSkillBuilderLLM(ws)).apiKey).toBe('rotated-3333');
    await ws.fs.promises.unlink(ws.path('.forge/.env'));
    const third = await loadSkillBuilderLLM(ws);
    expect([third.apiKey, third.keySource]).toEqual(['from-env-2222', 'process_env']);
  });

  it('uses api_key_env when set', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: m\n  api_key_env: WORKSPACE_LLM_KEY\n' },
      { env: { OPENAI_API_KEY: 'wrong-one-xxxx', WORKSPACE_LLM_KEY: 'right-one-yyyy' } },
    );
    const r = await loadSkillBuilderLLM(ws);
    expect([r.apiKeyEnv, r.apiKey]).toEqual(['WORKSPACE_LLM_KEY', 'right-one-yyyy']);
  });

  it('needs no key for ollama', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder:\n  provider: ollama\n  model: llama3\n' });
    const r = await loadSkillBuilderLLM(ws);
    expect(r).toMatchObject({ apiKeyEnv: null, hasKey: true, keyRequired: false });
    expect(() => toUsableLlmConfig(r)).not.toThrow();
  });

  it('counts the __oauth__ placeholder as no key', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': WS_OPENAI }, { env: { OPENAI_API_KEY: '__oauth__' } });
    const r = await loadSkillBuilderLLM(ws);
    expect(r.hasKey).toBe(false);
    expect(r.apiKey).toBeUndefined();
    expect(r.warning).toMatch(/__oauth__/);
    expect(() => toUsableLlmConfig(r)).toThrow(/OPENAI_API_KEY is not set/);
  });

  it('keeps apiKey off JSON, Object.keys and spreads', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': WS_OPENAI }, { env: { OPENAI_API_KEY: SECRET } });
    const r = await loadSkillBuilderLLM(ws);
    expect(r.apiKey).toBe(SECRET);
    expect(JSON.stringify(r)).not.toContain(SECRET);
    expect(Object.keys(r)).not.toContain('apiKey');
    expect(JSON.stringify({ ...r })).not.toContain(SECRET);
  });
});

describe('loadSkillBuilderLLM: validation', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['provider: openia\n  model: m', 'skill_builder.provider', /provider must be one of openai, anthropic, gemini, ollama/],
    ['provider: openai', 'skill_builder.model', /model is required/],
    ['provider: openai\n  model: "  "', 'skill_builder.model', /model is required/],
    ['provider: openai\n  model: m\n  api_key_env: 1BAD-NAME', 'skill_builder.api_key_env', /environment variable name/],
    ['provider: openai\n  model: m\n  base_url: ftp://x.example', 'skill_builder.base_url', /http:\/\/ or https:\/\//],
    ['provider: openai\n  model: m\n  base_url: not a url', 'skill_builder.base_url', /not a URL/],
    ['provider: openai\n  model: m\n  max_output_tokens: 1.5', 'skill_builder.max_output_tokens', /whole number/],
    ['provider: openai\n  model: m\n  max_output_tokens: -3', 'skill_builder.max_output_tokens', /positive/],
    ['provider: openai\n  model: m\n  timeout_s: 0', 'skill_builder.timeout_s', /positive/],
  ];
  for (const [body, field, message] of cases) {
    it(`names ${field} for ${JSON.stringify(body.split('\n').pop())}`, async () => {
      const ws = await createMemoryWorkspace({ '.forge/ui.yaml': `# settings\nskill_builder:\n  ${body}\n` });
      const err = await thrown(() => loadSkillBuilderLLM(ws));
      expect(ConfigError.isInstance(err)).toBe(true);
      const ce = err as ConfigError;
      expect(ce.field).toBe(field);
      expect(ce.file).toBe('/workspace/.forge/ui.yaml');
      expect(ce.line).toBeGreaterThanOrEqual(2);
      expect(ce.message).toMatch(message);
      expect(ce.message).toContain('/workspace/.forge/ui.yaml:');
    });
  }

  it('points at the line of the bad field', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: m\n  timeout_s: -1\n' });
    expect(((await thrown(() => loadSkillBuilderLLM(ws))) as ConfigError).line).toBe(4);
  });

  it('reports malformed YAML with file and line instead of falling through', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: [unclosed\n',
      '~/.forge/ui.yaml': 'skill_builder:\n  provider: anthropic\n  model: c\n',
    });
    const err = (await thrown(() => loadSkillBuilderLLM(ws))) as ConfigError;
    expect(ConfigError.isInstance(err)).toBe(true);
    expect(err.file).toBe('/workspace/.forge/ui.yaml');
    expect(err.line).toBeTypeOf('number');
    expect(err.message).toMatch(/^\/workspace\/\.forge\/ui\.yaml:\d+:\d+: invalid YAML/);
  });

  it('refuses a skill_builder that is not a mapping, and a top level that is not one', async () => {
    const a = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder: openai\n' });
    expect(((await thrown(() => loadSkillBuilderLLM(a))) as ConfigError).field).toBe('skill_builder');
    const b = await createMemoryWorkspace({ '.forge/ui.yaml': '- a\n- b\n' });
    expect(((await thrown(() => loadSkillBuilderLLM(b))) as ConfigError).line).toBe(1);
  });

  it('warns about (and ignores) a key written into ui.yaml and unknown keys', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': `skill_builder:\n  provider: openai\n  model: m\n  api_key: ${SECRET}\n  api_key_evn: X\n` });
    const r = await loadSkillBuilderLLM(ws);
    expect(r.hasKey).toBe(false);
    expect(r.warning).toMatch(/contains an api_key, which is ignored/);
    expect(r.warning).toMatch(/unknown skill_builder key\(s\) api_key_evn/);
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('treats empty optional fields from a form as absent', () => {
    expect(parseSkillBuilderConfig({ provider: 'openai', model: 'm', base_url: '', api_key_env: '', timeout_s: null })).toEqual({
      provider: 'openai',
      model: 'm',
    });
  });

  it('refuses credentials inside base_url', () => {
    expect(() => parseSkillBuilderConfig({ provider: 'openai', model: 'm', base_url: 'https://u:pw@x.example/v1' })).toThrow(/must not carry credentials/);
  });
});

describe('base_url trust', () => {
  const HOSTILE = 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: https://evil.example.net/v1\n';

  it('distrusts a workspace base_url combined with a key from the environment', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': HOSTILE }, { env: { OPENAI_API_KEY: SECRET } });
    const r = await loadSkillBuilderLLM(ws);
    expect(r.trusted).toBe(false);
    expect(r.warning).toContain('evil.example.net');
    expect(r.warning).toContain('trusted_base_urls');
    const err = (await thrown(() => toUsableLlmConfig(r))) as ConfigError;
    expect(err.field).toBe('base_url');
    expect(err.message).toContain('"https://evil.example.net"');
    expect(err.message).toContain('from your environment');
    expect(err.message).toMatch(/save the skill-builder settings .* on this machine/);
    expect(err.message).not.toContain(SECRET);
  });

  it('trusts it once the origin is listed in ~/.forge/ui.yaml (any path, same origin)', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': HOSTILE, '~/.forge/ui.yaml': 'trusted_base_urls:\n  - https://EVIL.example.net/other/path\n' },
      { env: { OPENAI_API_KEY: SECRET } },
    );
    expect((await loadSkillBuilderLLM(ws)).trusted).toBe(true);
  });

  it('does not trust a different port or scheme of a listed host', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': HOSTILE, '~/.forge/ui.yaml': 'trusted_base_urls:\n  - http://evil.example.net\n  - https://evil.example.net:8443\n' },
      { env: { OPENAI_API_KEY: SECRET } },
    );
    expect((await loadSkillBuilderLLM(ws)).trusted).toBe(false);
  });

  it('distrusts a workspace base_url whose key comes from the workspace .forge/.env too (issue 11, scenario 1)', async () => {
    const ws = await createMemoryWorkspace(
      { '.forge/ui.yaml': HOSTILE, '.forge/.env': `OPENAI_API_KEY=${SECRET}\n` },
      { env: { OPENAI_API_KEY: 'other-env-key' } },
    );
    const r = await loadSkillBuilderLLM(ws);
    expect([r.trusted, r.keySource]).toEqual([false, 'workspace_env']);
    expect(r.warning).toContain('"https://evil.example.net"');
    const err = (await thrown(() => toUsableLlmConfig(r))) as ConfigError;
    expect(err.field).toBe('base_url');
    expect(err.message).toContain('from <workspace>/.forge/.env');
  });

  it('distrusts an untrusted base_url even before a key exists, but not for ollama without a key', async () => {
    const noKey = await createMemoryWorkspace({ '.forge/ui.yaml': HOSTILE });
    expect((await loadSkillBuilderLLM(noKey)).trusted).toBe(false);
    const ollama = await createMemoryWorkspace({
      '.forge/ui.yaml': 'skill_builder:\n  provider: ollama\n  model: q\n  base_url: http://gpu.example.net:11434\n',
    });
    expect((await loadSkillBuilderLLM(ollama)).trusted).toBe(true);
    const ollamaKey = await createMemoryWorkspace(
      { '.forge/ui.yaml': 'skill_builder:\n  provider: ollama\n  model: q\n  base_url: http://gpu.example.net:11434\n  api_key_env: AWS_SECRET_ACCESS_KEY\n' },
      { env: { AWS_SECRET_ACCESS_KEY: SECRET } },
    );
    expect((await loadSkillBuilderLLM(ollamaKey)).trusted).toBe(false);
  });

  it('trusts the default endpoint (no base_url) whatever the key source', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': WS_OPENAI, '.forge/.env': `OPENAI_API_KEY=${SECRET}\n` });
    expect((await loadSkillBuilderLLM(ws)).trusted).toBe(true);
  });

  it('trusts a base_url from the user tier (it lives on this machine)', async () => {
    const ws = await createMemoryWorkspace({ '~/.forge/ui.yaml': HOSTILE }, { env: { OPENAI_API_KEY: SECRET } });
    expect((await loadSkillBuilderLLM(ws)).trusted).toBe(true);
  });

  it('applies the same rule to an agent .env OPENAI_BASE_URL with a key from the environment', async () => {
    const ws = await createMemoryWorkspace(
      { 'a/forge.yaml': 'model:\n  provider: openai\n  name: m\n', 'a/.env': 'OPENAI_BASE_URL=https://evil.example.net/v1\n' },
      { env: { OPENAI_API_KEY: SECRET } },
    );
    expect((await loadSkillBuilderLLM({ ...ws, agentDir: ws.path('a') })).trusted).toBe(false);
  });

  it('trustBaseUrl records an origin once and keeps the rest of ~/.forge/ui.yaml', async () => {
    const ws = await createMemoryWorkspace({ '~/.forge/ui.yaml': '# my machine\nskill_builder:\n  provider: ollama # local\n  model: q\n' });
    expect(await trustBaseUrl('https://gw.example.com/v1/', ws)).toBe(true);
    expect(await trustBaseUrl('https://GW.example.com/other', ws)).toBe(false);
    const text = (await ws.read('~/.forge/ui.yaml'))!;
    expect(text).toContain('# my machine');
    expect(text).toContain('provider: ollama # local');
    expect([...(await readTrustedOrigins(ws))]).toEqual(['https://gw.example.com']);
  });
});

describe('saveSkillBuilderSettings', () => {
  it('edits ui.yaml in place: comments and other sections stay, the key never lands there', async () => {
    const original =
      '# Team settings, committed.\ntheme: dark # keep me\nskill_builder:\n  # which LLM builds skills\n  provider: anthropic\n  model: old-model\nother:\n  - 1\n';
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': original });
    const r = await saveSkillBuilderSettings({ ...ws, config: { provider: 'anthropic', model: 'claude-sonnet-4-5' }, apiKey: SECRET });
    const text = (await ws.read('.forge/ui.yaml'))!;
    expect(text).toContain('# Team settings, committed.');
    expect(text).toContain('theme: dark # keep me');
    expect(text).toContain('# which LLM builds skills');
    expect(text).toContain('model: claude-sonnet-4-5');
    expect(text).toContain('other:\n  - 1');
    expect(text).not.toContain(SECRET);
    expect(await ws.read('.forge/.env')).toBe(`ANTHROPIC_API_KEY=${SECRET}\n`);
    expect(Number((await ws.fs.promises.stat(ws.path('.forge/.env'))).mode) & 0o777).toBe(0o600);
    expect(await ws.read('.forge/.gitignore')).toBe('.env\n');
    expect(r).toMatchObject({ source: 'workspace', provider: 'anthropic', hasKey: true, keySource: 'workspace_env' });
  });

  it('keeps the key only in .forge/.env: not in any other file, the result JSON or ui.yaml', async () => {
    const ws = await createMemoryWorkspace({}, { env: {} });
    const r = await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://gw.example.com/v1' }, apiKey: SECRET });
    expect(filesContaining(ws.vol.toJSON(), SECRET)).toEqual(['/workspace/.forge/.env']);
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('leaves the saved key untouched for an empty or absent key', async () => {
    const ws = await createMemoryWorkspace({ '.forge/.env': `# secrets\nOPENAI_API_KEY=${SECRET}\n` });
    await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'a' }, apiKey: '' });
    await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'b' } });
    expect(await ws.read('.forge/.env')).toBe(`# secrets\nOPENAI_API_KEY=${SECRET}\n`);
    expect((await loadSkillBuilderLLM(ws)).model).toBe('b');
  });

  it('rotates a key in place, keeping other lines', async () => {
    const ws = await createMemoryWorkspace({ '.forge/.env': '# secrets\nOPENAI_API_KEY=old-key-0000\nOTHER=1\n' });
    await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'a' }, apiKey: 'new-key-9999' });
    expect(await ws.read('.forge/.env')).toBe('# secrets\nOPENAI_API_KEY=new-key-9999\nOTHER=1\n');
  });

  it('does not leave the old provider default api_key_env behind after a provider switch', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n  api_key_env: OPENAI_API_KEY\n' });
    // A form that echoes back the old env var name must not pin anthropic to OPENAI_API_KEY.
    const r = await saveSkillBuilderSettings({
      ...ws,
      config: { provider: 'anthropic', model: 'claude', apiKeyEnv: 'OPENAI_API_KEY' },
      apiKey: 'k-anthropic-1',
    });
    expect(await ws.read('.forge/ui.yaml')).not.toContain('OPENAI_API_KEY');
    expect(r.apiKeyEnv).toBe('ANTHROPIC_API_KEY');
    expect(await ws.read('.forge/.env')).toBe('ANTHROPIC_API_KEY=k-anthropic-1\n');
  });

  it('keeps a custom api_key_env and stores the key under it', async () => {
    const ws = await createMemoryWorkspace();
    const r = await saveSkillBuilderSettings({
      ...ws,
      config: { provider: 'gemini', model: 'gemini-2.5-pro', apiKeyEnv: 'WORKSPACE_LLM_KEY' },
      apiKey: 'g-key-1234',
    });
    expect(await ws.read('.forge/ui.yaml')).toContain('api_key_env: WORKSPACE_LLM_KEY');
    expect(await ws.read('.forge/.env')).toBe('WORKSPACE_LLM_KEY=g-key-1234\n');
    expect(r).toMatchObject({ apiKeyEnv: 'WORKSPACE_LLM_KEY', hasKey: true });
  });

  it('removes optional fields that the new settings leave out', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: m\n  base_url: https://x.example\n  timeout_s: 30\n',
    });
    await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'm' } });
    expect(await ws.read('.forge/ui.yaml')).toBe('skill_builder:\n  provider: openai\n  model: m\n');
  });

  it('records the base_url origin as trusted on this machine, only together with a typed key (issue 21)', async () => {
    const ws = await createMemoryWorkspace({}, { env: { OPENAI_API_KEY: SECRET } });
    const untyped = await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'm', baseUrl: 'https://openrouter.ai/api/v1' } });
    expect(await ws.read('~/.forge/ui.yaml')).toBeNull();
    expect([untyped.trusted, untyped.keySource]).toEqual([false, 'process_env']);
    const r = await saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'm', baseUrl: 'https://openrouter.ai/api/v1' }, apiKey: SECRET });
    expect(await ws.read('~/.forge/ui.yaml')).toBe('trusted_base_urls:\n  - https://openrouter.ai\n');
    expect([r.trusted, r.keySource]).toEqual([true, 'workspace_env']);
  });

  it('stores an ollama key under OLLAMA_API_KEY and names it in ui.yaml', async () => {
    const ws = await createMemoryWorkspace();
    const r = await saveSkillBuilderSettings({
      ...ws,
      config: { provider: 'ollama', model: 'llama3', baseUrl: 'https://ollama.example.com' },
      apiKey: 'o-key-1234',
    });
    expect(await ws.read('.forge/ui.yaml')).toContain('api_key_env: OLLAMA_API_KEY');
    expect(r).toMatchObject({ apiKeyEnv: 'OLLAMA_API_KEY', keySource: 'workspace_env' });
  });

  it('writes nothing for invalid settings, a multi-line key or a malformed ui.yaml', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': '# mine\n' });
    const before = JSON.stringify(ws.vol.toJSON());
    const bad = await thrown(() => saveSkillBuilderSettings({ ...ws, config: { provider: 'nope' as never, model: 'm' } }));
    expect((bad as ConfigError).field).toBe('provider');
    const nl = await thrown(() => saveSkillBuilderSettings({ ...ws, config: { provider: 'openai', model: 'm' }, apiKey: `${SECRET}\nINJECTED=1` }));
    expect((nl as ConfigError).field).toBe('api_key');
    expect(nl.message).not.toContain(SECRET);
    expect(JSON.stringify(ws.vol.toJSON())).toBe(before);

    const broken = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder: [\n' });
    await expect(saveSkillBuilderSettings({ ...broken, config: { provider: 'openai', model: 'm' }, apiKey: 'x-1234' })).rejects.toThrow(/invalid YAML/);
    expect(await broken.read('.forge/ui.yaml')).toBe('skill_builder: [\n');
    expect(await broken.read('.forge/.env')).toBeNull();
  });
});

describe('toUsableLlmConfig', () => {
  it('refuses an unset configuration and names where to fix it', async () => {
    const ws = await createMemoryWorkspace();
    const err = (await thrown(async () => toUsableLlmConfig(await loadSkillBuilderLLM(ws)))) as ConfigError;
    expect(err.field).toBe('skill_builder');
    expect(err.message).toMatch(/not configured.*Settings.*\.forge\/ui\.yaml/);
  });

  it('refuses a missing key and names the env var', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder:\n  provider: gemini\n  model: g\n' });
    const err = (await thrown(async () => toUsableLlmConfig(await loadSkillBuilderLLM(ws)))) as ConfigError;
    expect(err.field).toBe('api_key');
    expect(err.message).toContain('GEMINI_API_KEY');
  });

  it('hands the key and base_url to the client config', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': WS_OPENAI.replace('gpt-4.1', 'gpt-4.1\n  base_url: https://gw.example.com/v1'),
      '.forge/.env': `OPENAI_API_KEY=${SECRET}\n`,
      '~/.forge/ui.yaml': 'trusted_base_urls:\n  - https://gw.example.com\n',
    });
    expect(toUsableLlmConfig(await loadSkillBuilderLLM(ws))).toEqual({
      provider: 'openai',
      model: 'gpt-4.1',
      apiKey: SECRET,
      baseUrl: 'https://gw.example.com/v1',
    });
  });
});
