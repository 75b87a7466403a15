// core/api/wire.ts: the one wire ⇄ TypeScript mapping of the HTTP API (SPEC §6),
// table-driven over every route's request and response shape. Each row is a
// camelCase value and its exact snake_case JSON: toWire must write that JSON,
// fromWire must read it back to the same value, and a request body must pass
// the server's zod schema (so what the client writes is what the server reads).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ChatRequestSchema, SaveRequestSchema, ValidateRequestSchema } from '../../../src/core/api/schemas.js';
import * as W from '../../../src/core/api/wire.js';
import type { BuilderEvent } from '../../../src/core/envelope/events.js';

interface Row {
  route: string;
  codec: W.WireCodec<any, any>;
  ts: unknown;
  wire: unknown;
  /** The zod schema the server parses this body with (request shapes only). */
  schema?: z.ZodType;
}

const warning = { code: 'w', field: 'description', message: 'short', severity: 'warning' };

const ROWS: Row[] = [
  {
    route: 'GET /api/settings/skill-builder (reply)',
    codec: { toWire: W.settingsInfoToWire, fromWire: W.settingsInfoFromWire },
    ts: { provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://x.example/v1', apiKeyEnv: 'OPENAI_API_KEY', hasKey: true, source: 'workspace', warning: '', trusted: false, providers: ['openai', 'ollama'] },
    wire: { provider: 'openai', model: 'gpt-4.1', base_url: 'https://x.example/v1', api_key_env: 'OPENAI_API_KEY', has_key: true, source: 'workspace', warning: '', trusted: false, providers: ['openai', 'ollama'] },
  },
  {
    route: 'GET /api/skill-builder/provider (reply)',
    codec: { toWire: W.providerInfoToWire, fromWire: W.providerInfoFromWire },
    ts: { provider: '', model: '', baseUrl: '', apiKeyEnv: '', hasKey: false, source: 'unset', warning: '' },
    wire: { provider: '', model: '', base_url: '', api_key_env: '', has_key: false, source: 'unset', warning: '' },
  },
  {
    route: 'PUT /api/settings/skill-builder (body)',
    codec: { toWire: W.settingsUpdateToWire, fromWire: W.settingsUpdateFromWire },
    ts: { provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: 'https://gw.example', apiKeyEnv: 'ANTHROPIC_API_KEY', apiKey: 'sk-x' },
    wire: { provider: 'anthropic', model: 'claude-sonnet-4-5', base_url: 'https://gw.example', api_key_env: 'ANTHROPIC_API_KEY', api_key: 'sk-x' },
  },
  {
    route: 'PUT /api/settings/skill-builder (body, deleting the saved key)',
    codec: { toWire: W.settingsUpdateToWire, fromWire: W.settingsUpdateFromWire },
    ts: { provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://new.example', deleteApiKey: true },
    wire: { provider: 'openai', model: 'gpt-4.1', base_url: 'https://new.example', delete_api_key: true },
  },
  {
    route: 'GET /api/agents (item)',
    codec: { toWire: W.agentInfoToWire, fromWire: W.agentInfoFromWire },
    ts: { id: 'ops-bot', path: '/w/agents/ops-bot', relativePath: 'agents/ops-bot', hasSkills: true },
    wire: { id: 'ops-bot', path: '/w/agents/ops-bot', has_skills: true, relative_path: 'agents/ops-bot' },
  },
  {
    route: 'GET /api/agents/{id}/skill-builder/skills (item)',
    codec: { toWire: W.skillSummaryToWire, fromWire: W.skillSummaryFromWire },
    ts: { name: 'weather', dirName: 'weather', description: 'd', category: 'c', tags: ['t'], path: '/w/skills/weather', hasScripts: true, tools: ['get_weather'], format: 'subdir' },
    wire: { name: 'weather', dir_name: 'weather', description: 'd', category: 'c', tags: ['t'], path: '/w/skills/weather', has_scripts: true, tools: ['get_weather'], format: 'subdir' },
  },
  {
    route: 'GET /api/agents/{id}/skill-builder/skills (unreadable item)',
    codec: { toWire: W.skillSummaryToWire, fromWire: W.skillSummaryFromWire },
    ts: { name: 'broken', dirName: 'broken', description: '', category: '', tags: [], path: '/w/skills/broken.md', hasScripts: false, tools: [], format: 'flat', error: 'no frontmatter' },
    wire: { name: 'broken', dir_name: 'broken', description: '', category: '', tags: [], path: '/w/skills/broken.md', has_scripts: false, tools: [], format: 'flat', error: 'no frontmatter' },
  },
  {
    route: 'GET /api/agents/{id}/skill-builder/skills/{name} (reply)',
    codec: { toWire: W.customSkillToWire, fromWire: W.customSkillFromWire },
    ts: {
      name: 'weather', dirName: 'weather', skillMd: '---\nname: weather\n---\n', scripts: { 'w.sh': 'echo' }, path: '/w/skills/weather', format: 'subdir',
      files: { 'references/api.md': '# API' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }], skipped: [{ file: 'scripts/big.bin', reason: 'binary' }],
    },
    wire: {
      name: 'weather', dir_name: 'weather', skill_md: '---\nname: weather\n---\n', scripts: { 'w.sh': 'echo' }, path: '/w/skills/weather', format: 'subdir',
      files: { 'references/api.md': '# API' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }], skipped: [{ file: 'scripts/big.bin', reason: 'binary' }],
    },
  },
  {
    route: 'POST …/skill-builder/chat (body)',
    codec: { toWire: W.chatRequestToWire, fromWire: W.chatRequestFromWire },
    ts: { messages: [{ role: 'user', content: 'hi' }], mode: 'edit', editingName: 'weather', draft: { skillMd: 'S', scripts: { 'a.sh': 'A' } } },
    wire: { messages: [{ role: 'user', content: 'hi' }], mode: 'edit', editing_name: 'weather', draft: { skill_md: 'S', scripts: { 'a.sh': 'A' } } },
    schema: ChatRequestSchema,
  },
  {
    route: 'POST …/skill-builder/chat (folder files shared)',
    codec: { toWire: W.chatRequestToWire, fromWire: W.chatRequestFromWire },
    ts: { messages: [{ role: 'user', content: 'add a reference' }], draft: { skillMd: 'S', scripts: {}, files: { 'references/api.md': '# API' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }] }, shareFiles: 'all' },
    wire: { messages: [{ role: 'user', content: 'add a reference' }], draft: { skill_md: 'S', scripts: {}, files: { 'references/api.md': '# API' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }] }, share_files: 'all' },
    schema: ChatRequestSchema,
  },
  {
    route: 'POST …/skill-builder/chat (minimal body)',
    codec: { toWire: W.chatRequestToWire, fromWire: W.chatRequestFromWire },
    ts: { messages: [{ role: 'user', content: 'hi' }] },
    wire: { messages: [{ role: 'user', content: 'hi' }] },
    schema: ChatRequestSchema,
  },
  {
    route: 'POST …/skill-builder/validate (body)',
    codec: { toWire: W.validateRequestToWire, fromWire: W.validateRequestFromWire },
    ts: { skillMd: 'S', scripts: {}, mode: 'edit', editingName: 'w' },
    wire: { skill_md: 'S', scripts: {}, mode: 'edit', editing_name: 'w' },
    schema: ValidateRequestSchema,
  },
  {
    route: 'POST …/skill-builder/validate (reply)',
    codec: { toWire: W.validationToWire, fromWire: W.validationFromWire },
    ts: { valid: true, errors: [], warnings: [warning] },
    wire: { valid: true, errors: [], warnings: [warning] },
  },
  {
    route: 'POST …/skill-builder/save (body)',
    codec: { toWire: W.saveRequestToWire, fromWire: W.saveRequestFromWire },
    ts: {
      skillName: 'weather',
      skillMd: 'S',
      scripts: { 'a.sh': 'A' },
      envVars: { API_KEY: 'v' },
      overwrite: true,
      editingName: 'weather',
      files: { 'references/a.md': '# A' },
      binaries: [{ path: 'assets/x.bin', contentBase64: 'AAE=' }, { path: 'assets/kept.png', sha256: 'cd'.repeat(32) }],
      allowRiskyEgress: true,
      acceptRequirements: { bins: ['jq'], egressDomains: ['api.example'], env: ['API_KEY'] },
    },
    wire: {
      skill_name: 'weather',
      skill_md: 'S',
      scripts: { 'a.sh': 'A' },
      env_vars: { API_KEY: 'v' },
      overwrite: true,
      editing_name: 'weather',
      files: { 'references/a.md': '# A' },
      binaries: [{ path: 'assets/x.bin', content_base64: 'AAE=' }, { path: 'assets/kept.png', sha256: 'cd'.repeat(32) }],
      allow_risky_egress: true,
      accept_requirements: { bins: ['jq'], egress_domains: ['api.example'], env: ['API_KEY'] },
    },
    schema: SaveRequestSchema,
  },
  {
    route: 'POST …/skill-builder/save (reply)',
    codec: { toWire: W.saveResultToWire, fromWire: W.saveResultFromWire },
    ts: { path: '/w/skills/weather', egressAdded: ['api.example'], envConfigured: ['API_KEY'], envMissing: [{ name: 'A', kind: 'one_of' }], warnings: [warning] },
    wire: { path: '/w/skills/weather', egress_added: ['api.example'], env_configured: ['API_KEY'], env_missing: [{ name: 'A', kind: 'one_of' }], warnings: [warning] },
  },
  {
    route: 'GET /api/agents/{id}/skill-builder/context (reply)',
    codec: { toWire: W.contextToWire, fromWire: W.contextFromWire },
    ts: { systemPrompt: 'You are…' },
    wire: { system_prompt: 'You are…' },
  },
  {
    route: 'POST …/skill-builder/try (reply)',
    codec: { toWire: W.toolRunToWire, fromWire: W.toolRunFromWire },
    ts: {
      ok: false, exitCode: 1, signal: null, timedOut: false, durationMs: 12, stdout: '', stderr: 'boom', truncated: false, json: null,
      outputDiagnostics: [{ path: '', message: 'not JSON' }], egressBlocked: ['evil.example'], sandbox: 'bwrap', fixRequest: 'fix it',
      script: 'scripts/x.sh', interpreter: 'bash', envNames: ['API_KEY'],
    },
    wire: {
      ok: false, exit_code: 1, signal: null, timed_out: false, duration_ms: 12, stdout: '', stderr: 'boom', truncated: false, json: null,
      output_diagnostics: [{ path: '', message: 'not JSON' }], egress_blocked: ['evil.example'], sandbox: 'bwrap',
      script: 'scripts/x.sh', interpreter: 'bash', env_names: ['API_KEY'], fix_request: 'fix it',
    },
  },
];

describe('wire codecs', () => {
  it.each(ROWS.map((r) => [r.route, r] as const))('%s: toWire writes the wire JSON, fromWire reads it back', (_route, row) => {
    expect(row.codec.toWire(row.ts)).toEqual(row.wire);
    expect(row.codec.fromWire(JSON.parse(JSON.stringify(row.wire)))).toEqual(row.ts);
    if (row.schema) expect(row.schema.safeParse(row.wire).success).toBe(true);
  });

  it('fromWire is tolerant of missing and mistyped fields (an older or newer server)', () => {
    expect(W.agentInfoFromWire({ id: 'a', has_skills: 'yes' })).toEqual({ id: 'a', path: '', relativePath: '', hasSkills: false });
    expect(W.saveResultFromWire(null)).toEqual({ path: '', egressAdded: [], envConfigured: [], envMissing: [], warnings: [] });
    // A server that lists bare names (as Forge's dashboard route did) still reads as required vars.
    expect(W.saveResultFromWire({ env_missing: ['A', { name: 'B', kind: 'one_of' }, { kind: 'one_of' }] }).envMissing).toEqual([
      { name: 'A', kind: 'required' },
      { name: 'B', kind: 'one_of' },
    ]);
    expect(W.validationFromWire({ errors: [] }).valid).toBe(true);
    expect(W.settingsUpdateToWire({ provider: 'ollama', model: 'm', baseUrl: '', apiKey: '' })).toEqual({ provider: 'ollama', model: 'm' });
  });
});

describe('SSE builder events', () => {
  const EVENTS: Array<[BuilderEvent, string, Record<string, unknown>]> = [
    [{ type: 'progress', chars: 120, phase: 'skill' }, 'progress', { chars: 120, phase: 'skill' }],
    [{ type: 'message_delta', delta: 'Hi' }, 'message_delta', { delta: 'Hi' }],
    [{ type: 'message', content: 'Hi there' }, 'message', { content: 'Hi there' }],
    [{ type: 'skill_draft', skillMd: 'S', scripts: { 'a.sh': 'A' }, spec: { name: 'x' }, diagnostics: [warning as never] }, 'skill_draft', { skill_md: 'S', scripts: { 'a.sh': 'A' }, spec: { name: 'x' }, diagnostics: [warning] }],
    [{ type: 'skill_draft', skillMd: 'S', scripts: {}, files: { 'references/a.md': '# A' } }, 'skill_draft', { skill_md: 'S', scripts: {}, files: { 'references/a.md': '# A' } }],
    [{ type: 'done', status: 'complete', structured: true, truncated: true, notice: 'cut off' }, 'done', { status: 'complete', structured: true, truncated: true, notice: 'cut off' }],
    [{ type: 'done', status: 'complete', structured: false, truncated: false }, 'done', { status: 'complete', structured: false, truncated: false }],
    [{ type: 'error', error: 'rate limited', code: 'rate_limit' }, 'error', { error: 'rate limited', code: 'rate_limit' }],
    [{ type: 'error', error: 'failed' }, 'error', { error: 'failed' }],
  ];

  it.each(EVENTS.map(([ev, name, data]) => [`${ev.type} ${JSON.stringify(data)}`, ev, name, data] as const))('%s', (_label, ev, name, data) => {
    expect(W.builderEventToWire(ev)).toEqual({ event: name, data });
    expect(W.builderEventFromWire(name, JSON.stringify(data))).toEqual(ev);
  });

  it('a partial draft is marked partial on the wire and read back without the marker', () => {
    const ev: BuilderEvent = { type: 'skill_draft_partial', skillMd: '---\nna', scripts: {} };
    expect(W.builderEventToWire(ev)).toEqual({ event: 'skill_draft_partial', data: { skill_md: '---\nna', scripts: {}, partial: true } });
    expect(W.builderEventFromWire('skill_draft_partial', JSON.stringify({ skill_md: '---\nna', scripts: {}, partial: true }))).toEqual(ev);
  });

  it('unknown events are ignored and a non-JSON error is kept as text', () => {
    expect(W.builderEventFromWire('plan', '{}')).toBeNull();
    expect(W.builderEventFromWire('error', 'upstream died')).toEqual({ type: 'error', error: 'upstream died' });
  });
});
