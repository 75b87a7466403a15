// The browser API client against the wire contract (SPEC §6): snake_case in,
// camelCase out, SSE from a POST read whole across awkward chunk boundaries,
// and typed errors for every non-2xx answer.

import { ApiError, createApiClient } from '../../../src/elements/api/client.js';
import type { BuilderEvent } from '../../../src/core/envelope/events.js';
import { deepEqual, equal, ok, rejects } from '../helpers/assert.js';
import { draftReply, errorResponse, FakeApi, json, requiredEnv } from '../helpers/fake-api.js';
import { awkwardChunks, sseStream, sseText } from '../helpers/sse.js';

describe('api client: chat stream', () => {
  it('reads every event whole when chunks split event/data lines and UTF-8 characters', async () => {
    const events = draftReply({ message: 'Voilà — café ☕, tools 🛠, naïve “quotes”.' });
    const bytes = new TextEncoder().encode(sseText(events));
    const chunks = awkwardChunks(bytes);
    // The fixture really is awkward: some chunk ends inside a multi-byte character, some right after an event line.
    ok(
      chunks.some((c) => c[c.length - 1]! >= 0xc0),
      'a chunk ends inside a UTF-8 character',
    );
    ok(
      chunks.some((c) => new TextDecoder().decode(c).startsWith('data:')),
      'a chunk starts at a data line',
    );

    const api = new FakeApi();
    api.chat = () => events;
    const client = createApiClient({ endpoint: '/api', fetch: api.fetch });
    const got: BuilderEvent[] = [];
    for await (const ev of client.chat({ messages: [{ role: 'user', content: 'hi' }] }, { agent: 'ops-bot' })) got.push(ev);
    deepEqual(
      got.map((e) => e.type),
      ['progress', 'message_delta', 'message_delta', 'progress', 'message', 'skill_draft', 'done'],
    );
    const deltas = got.flatMap((e) => (e.type === 'message_delta' ? [e.delta] : [])).join('');
    equal(deltas, 'Voilà — café ☕, tools 🛠, naïve “quotes”.');
    const draft = got.find((e) => e.type === 'skill_draft');
    ok(draft && draft.type === 'skill_draft' && draft.skillMd.startsWith('---\nname: weather-report'), 'skill_draft maps skill_md to skillMd');
    deepEqual(got[got.length - 1], { type: 'done', status: 'complete', structured: true, truncated: false });
    equal(api.calls[0]!.path, '/api/agents/ops-bot/skill-builder/chat');
  });

  it('sends the draft and edit mode in snake_case', async () => {
    const api = new FakeApi();
    const client = createApiClient({ fetch: api.fetch });
    for await (const _ of client.chat({ messages: [], mode: 'edit', editingName: 'x', draft: { skillMd: 'S', scripts: { 'a.sh': 'A' } } })) void _;
    const call = api.calls[0]!;
    equal(call.path, '/api/skill-builder/chat', 'workspace-level chat route without an agent');
    deepEqual(call.body, { messages: [], mode: 'edit', editing_name: 'x', draft: { skill_md: 'S', scripts: { 'a.sh': 'A' } } });
  });

  it('throws ApiError with the status and the server message before the stream starts', async () => {
    const api = new FakeApi();
    api.chat = () => errorResponse(400, 'skill builder LLM is not configured: open Settings');
    const client = createApiClient({ fetch: api.fetch });
    await rejects(
      (async () => {
        for await (const _ of client.chat({ messages: [] })) void _;
      })(),
      (e) => {
        ok(ApiError.isInstance(e), 'an ApiError');
        equal((e as ApiError).status, 400);
        equal((e as ApiError).message, 'skill builder LLM is not configured: open Settings');
      },
    );
  });

  it('stops reading when the signal aborts and rejects with an AbortError', async () => {
    const api = new FakeApi();
    const abort = new AbortController();
    const stream = sseStream(draftReply(), { holdAfter: 2, signal: abort.signal });
    api.chat = () => stream;
    const client = createApiClient({ fetch: api.fetch });
    const seen: string[] = [];
    const run = (async () => {
      for await (const ev of client.chat({ messages: [] }, { signal: abort.signal })) seen.push(ev.type);
    })();
    await stream.held;
    abort.abort();
    await rejects(run, (e) => equal((e as Error).name, 'AbortError'));
    deepEqual(seen, ['progress', 'message_delta']);
  });

  it('keeps the code of an error event (e.g. aborted when the server shuts down)', async () => {
    const api = new FakeApi();
    api.chat = () => [
      ['message_delta', { delta: 'Hal' }],
      ['error', { error: 'the server is shutting down; the model call was stopped', code: 'aborted' }],
    ];
    const client = createApiClient({ fetch: api.fetch });
    const got: BuilderEvent[] = [];
    for await (const ev of client.chat({ messages: [] })) got.push(ev);
    deepEqual(got[1], { type: 'error', error: 'the server is shutting down; the model call was stopped', code: 'aborted' });
  });

  it('drops an event cut off by the end of the stream', async () => {
    const api = new FakeApi();
    api.override = (c) =>
      c.path.endsWith('/chat')
        ? new Response('event: message_delta\ndata: {"delta":"a"}\n\nevent: done\ndata: {"stat', { headers: { 'content-type': 'text/event-stream' } })
        : undefined;
    const client = createApiClient({ fetch: api.fetch });
    const seen: string[] = [];
    for await (const ev of client.chat({ messages: [] })) seen.push(ev.type);
    deepEqual(seen, ['message_delta']);
  });
});

describe('api client: JSON routes', () => {
  it('maps settings from snake_case and never sends an empty key or base URL', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, base_url: 'https://llm.example/v1', trusted: false };
    const client = createApiClient({ endpoint: '/api/', fetch: api.fetch });
    const s = await client.getSettings();
    deepEqual(s, {
      provider: 'openai',
      model: 'gpt-4.1',
      baseUrl: 'https://llm.example/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      hasKey: true,
      source: 'workspace',
      warning: '',
      trusted: false,
      providers: ['openai', 'anthropic', 'gemini', 'ollama'],
    });
    await client.saveSettings({ provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: '', apiKeyEnv: '', apiKey: '' });
    deepEqual(api.lastCall('PUT', '/settings/skill-builder')!.body, { provider: 'anthropic', model: 'claude-sonnet-4-5' });
  });

  it('routes validate to the agent, or to the workspace-level route without one', async () => {
    const api = new FakeApi();
    const client = createApiClient({ fetch: api.fetch });
    await client.validate({ skillMd: 'x', scripts: {} }, 'ops bot');
    await client.validate({ skillMd: 'x', scripts: {}, mode: 'edit', editingName: 'w' });
    equal(api.calls[0]!.path, '/api/agents/ops%20bot/skill-builder/validate');
    equal(api.calls[1]!.path, '/api/skill-builder/validate');
    deepEqual(api.calls[1]!.body, { skill_md: 'x', scripts: {}, mode: 'edit', editing_name: 'w' });
  });

  it('turns a 400 "validation failed" save into an ApiError carrying the validation result and field', async () => {
    const api = new FakeApi();
    const validation = { valid: false, errors: [{ code: 'name-invalid', field: 'name', message: 'bad', severity: 'error', line: 2 }], warnings: [] };
    api.override = (c) => (c.path.endsWith('/save') ? json({ error: 'validation failed', field: 'skill_md', validation }, 400) : undefined);
    const client = createApiClient({ fetch: api.fetch });
    await rejects(client.save('ops-bot', { skillName: 'x', skillMd: '', scripts: {} }), (e) => {
      ok(ApiError.isInstance(e));
      equal((e as ApiError).status, 400);
      equal((e as ApiError).field, 'skill_md');
      deepEqual((e as ApiError).validation, validation);
    });
  });

  it('reports an unreachable server as ApiError with status 0, and a non-JSON error body as its text', async () => {
    const down = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await rejects(down.listAgents(), (e) => {
      ok(ApiError.isInstance(e));
      equal((e as ApiError).status, 0);
    });
    const proxy = createApiClient({ fetch: async () => new Response('Bad gateway from proxy', { status: 502 }) });
    await rejects(proxy.listAgents(), (e) => equal((e as ApiError).message, 'Bad gateway from proxy'));
  });

  it('maps the save result and skills to camelCase', async () => {
    const api = new FakeApi();
    api.envMissing = [requiredEnv('WEATHER_API_KEY'), { name: 'GH_TOKEN', kind: 'one_of' }];
    const client = createApiClient({ fetch: api.fetch });
    const r = await client.save('ops-bot', {
      skillName: 'weather-report',
      skillMd: '---\nname: weather-report\n---\n',
      scripts: { 'a.sh': 'x' },
      envVars: { OTHER: '1' },
    });
    deepEqual(r, {
      path: 'agents/ops-bot/skills/weather-report',
      egressAdded: ['api.weather.example'],
      envConfigured: ['OTHER'],
      envMissing: [requiredEnv('WEATHER_API_KEY'), { name: 'GH_TOKEN', kind: 'one_of' }],
      warnings: [],
    });
    deepEqual(api.lastCall('POST', '/save')!.body, {
      skill_name: 'weather-report',
      skill_md: '---\nname: weather-report\n---\n',
      scripts: { 'a.sh': 'x' },
      env_vars: { OTHER: '1' },
    });
    // A server that lists bare names (as Forge's dashboard route did) still reads as required vars.
    const names = createApiClient({
      fetch: async () => json({ path: 'p', egress_added: [], env_configured: [], env_missing: ['A_KEY', { name: 'B', kind: 'one_of' }, { kind: 'one_of' }] }),
    });
    deepEqual((await names.save('ops-bot', { skillName: 'x', skillMd: 'y', scripts: {} })).envMissing, [requiredEnv('A_KEY'), { name: 'B', kind: 'one_of' }]);
    const skills = await client.listSkills('ops-bot');
    equal(skills[0]!.hasScripts, true);
    const one = await client.getSkill('ops-bot', 'weather-report');
    deepEqual(one.scripts, { 'a.sh': 'x' });
  });
});
