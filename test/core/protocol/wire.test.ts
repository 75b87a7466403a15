// core/protocol: the one wire ⇄ TypeScript mapping of the HTTP API,
// table-driven over every route's request and response shape. Each row is a
// camelCase value and its exact snake_case JSON: toWire must write that JSON,
// fromWire must read it back to the same value, and a request body must
// decode through the server's codec to the same value (validation included)
// and encode back to the same JSON (so what the client writes is what the
// server reads, through one definition).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as C from '../../../src/core/protocol/codecs.js';
import * as W from '../../../src/core/protocol/wire.js';
import * as I from '../../../src/core/protocol/import-wire.js';
import * as R from '../../../src/core/protocol/routing-wire.js';
import * as O from '../../../src/core/protocol/optimize-wire.js';
import * as P from '../../../src/core/protocol/profile-wire.js';
import * as E from '../../../src/core/protocol/evals-wire.js';
import * as B from '../../../src/core/protocol/catalog-budget-wire.js';
import * as H from '../../../src/core/protocol/history-wire.js';
import * as ES from '../../../src/core/protocol/evals-suggest-wire.js';
import { reviewFromWire, reviewToWire } from '../../../src/core/protocol/review-wire.js';
import { builderEventFromWire, builderEventToWire } from '../../../src/core/protocol/builder-events-wire.js';
import type { BuilderEvent } from '../../../src/core/envelope/events.js';
import type { RoutingEvent, RoutingReport } from '../../../src/core/routing/types.js';
import type { EvalEvent, EvalReport, EvalRun } from '../../../src/core/evals/types.js';

interface Row {
  route: string;
  codec: W.WireCodec<any, any>;
  ts: unknown;
  wire: unknown;
  /** The zod codec the server decodes this body with (request shapes only): it validates and maps in one parse. */
  serverCodec?: z.ZodType;
  /** What the server's codec decodes to, when that is not `ts` (the settings route keeps the ui.yaml settings and the key apart). */
  decoded?: unknown;
}

const warning = { code: 'w', field: 'description', message: 'short', severity: 'warning' };

const OBSERVED = {
  egress: [{ host: 'x.example', port: 443, verdict: 'refused' as const, reason: 'not declared' }],
  programs: null,
  files: null,
  mechanism: null,
  notObserved: 'no strace',
};
const OBSERVED_WIRE = {
  egress: [{ host: 'x.example', port: 443, verdict: 'refused', reason: 'not declared' }],
  programs: null,
  files: null,
  mechanism: null,
  not_observed: 'no strace',
};
const TRY_REPLY = {
  ok: true,
  exitCode: 0,
  signal: null,
  timedOut: false,
  durationMs: 5,
  stdout: '{}',
  stderr: '',
  truncated: false,
  json: {},
  outputDiagnostics: [],
  egressBlocked: [],
  sandbox: 'bwrap',
  fixRequest: null,
};
const TRY_REPLY_WIRE = {
  ok: true,
  exit_code: 0,
  signal: null,
  timed_out: false,
  duration_ms: 5,
  stdout: '{}',
  stderr: '',
  truncated: false,
  json: {},
  output_diagnostics: [],
  egress_blocked: [],
  sandbox: 'bwrap',
  fix_request: null,
};
const PROFILE = {
  declared: { egress: ['api.example.org'], bins: ['wget'], env: ['API_KEY'] },
  used: { egress: ['x.example'], programs: ['jq'], env: ['API_KEY'] },
  runs: [{ id: 'run 1', tool: 'get_weather', ok: true }],
  summary: 'declares 1 host, used 1; uses jq, not declared',
  findings: [
    {
      kind: 'observed-bin-undeclared' as const,
      subject: 'jq',
      message: 'the run executed jq',
      file: 'SKILL.md',
      line: 6,
      runs: ['run 1'],
      fix: { op: 'add' as const, field: 'bins' as const, value: 'jq' },
    },
    {
      kind: 'observed-egress-undeclared' as const,
      subject: 'x.example',
      message: 'the run asked for x.example',
      file: 'scripts/a.sh',
      fix: { op: 'add' as const, field: 'egress_domains' as const, value: 'x.example' },
      risky: 'a paste site',
    },
  ],
  risk: { before: 30, after: 20 },
  fixedSkillMd: '---\nname: w\n---\n',
};

const ROWS: Row[] = [
  {
    route: 'GET /api/settings/skill-builder (reply)',
    codec: { toWire: W.settingsInfoToWire, fromWire: W.settingsInfoFromWire },
    ts: {
      provider: 'openai',
      model: 'gpt-4.1',
      baseUrl: 'https://x.example/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      hasKey: true,
      source: 'workspace',
      warning: '',
      trusted: false,
      providers: ['openai', 'ollama'],
    },
    wire: {
      provider: 'openai',
      model: 'gpt-4.1',
      base_url: 'https://x.example/v1',
      api_key_env: 'OPENAI_API_KEY',
      has_key: true,
      source: 'workspace',
      warning: '',
      trusted: false,
      providers: ['openai', 'ollama'],
    },
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
    serverCodec: C.SettingsUpdateCodec,
    decoded: { settings: { provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: 'https://gw.example', apiKeyEnv: 'ANTHROPIC_API_KEY' }, apiKey: 'sk-x' },
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
    ts: {
      name: 'weather',
      dirName: 'weather',
      description: 'd',
      category: 'c',
      tags: ['t'],
      path: '/w/skills/weather',
      hasScripts: true,
      tools: ['get_weather'],
      format: 'subdir',
    },
    wire: {
      name: 'weather',
      dir_name: 'weather',
      description: 'd',
      category: 'c',
      tags: ['t'],
      path: '/w/skills/weather',
      has_scripts: true,
      tools: ['get_weather'],
      format: 'subdir',
    },
  },
  {
    route: 'GET /api/agents/{id}/skill-builder/skills (unreadable item)',
    codec: { toWire: W.skillSummaryToWire, fromWire: W.skillSummaryFromWire },
    ts: {
      name: 'broken',
      dirName: 'broken',
      description: '',
      category: '',
      tags: [],
      path: '/w/skills/broken.md',
      hasScripts: false,
      tools: [],
      format: 'flat',
      error: 'no frontmatter',
    },
    wire: {
      name: 'broken',
      dir_name: 'broken',
      description: '',
      category: '',
      tags: [],
      path: '/w/skills/broken.md',
      has_scripts: false,
      tools: [],
      format: 'flat',
      error: 'no frontmatter',
    },
  },
  {
    route: 'GET /api/agents/{id}/skill-builder/skills/{name} (reply)',
    codec: { toWire: W.customSkillToWire, fromWire: W.customSkillFromWire },
    ts: {
      name: 'weather',
      dirName: 'weather',
      skillMd: '---\nname: weather\n---\n',
      scripts: { 'w.sh': 'echo' },
      path: '/w/skills/weather',
      format: 'subdir',
      files: { 'references/api.md': '# API' },
      binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }],
      skipped: [{ path: 'weather/scripts/big.bin', code: 'script-skipped', reason: 'binary', skill: 'weather' }],
    },
    wire: {
      name: 'weather',
      dir_name: 'weather',
      skill_md: '---\nname: weather\n---\n',
      scripts: { 'w.sh': 'echo' },
      path: '/w/skills/weather',
      format: 'subdir',
      files: { 'references/api.md': '# API' },
      binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }],
      skipped: [{ path: 'weather/scripts/big.bin', code: 'script-skipped', reason: 'binary', skill: 'weather' }],
    },
  },
  {
    route: 'POST …/skill-builder/chat (body)',
    codec: { toWire: W.chatRequestToWire, fromWire: W.chatRequestFromWire },
    ts: { messages: [{ role: 'user', content: 'hi' }], mode: 'edit', editingName: 'weather', draft: { skillMd: 'S', scripts: { 'a.sh': 'A' } } },
    wire: { messages: [{ role: 'user', content: 'hi' }], mode: 'edit', editing_name: 'weather', draft: { skill_md: 'S', scripts: { 'a.sh': 'A' } } },
    serverCodec: C.ChatRequestCodec,
  },
  {
    route: 'POST …/skill-builder/chat (folder files shared)',
    codec: { toWire: W.chatRequestToWire, fromWire: W.chatRequestFromWire },
    ts: {
      messages: [{ role: 'user', content: 'add a reference' }],
      draft: { skillMd: 'S', scripts: {}, files: { 'references/api.md': '# API' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }] },
      shareFiles: 'all',
    },
    wire: {
      messages: [{ role: 'user', content: 'add a reference' }],
      draft: { skill_md: 'S', scripts: {}, files: { 'references/api.md': '# API' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) }] },
      share_files: 'all',
    },
    serverCodec: C.ChatRequestCodec,
  },
  {
    route: 'POST …/skill-builder/chat (minimal body)',
    codec: { toWire: W.chatRequestToWire, fromWire: W.chatRequestFromWire },
    ts: { messages: [{ role: 'user', content: 'hi' }] },
    wire: { messages: [{ role: 'user', content: 'hi' }] },
    serverCodec: C.ChatRequestCodec,
  },
  {
    route: 'POST …/skill-builder/validate (body)',
    codec: { toWire: W.validateRequestToWire, fromWire: W.validateRequestFromWire },
    ts: { skillMd: 'S', scripts: {}, mode: 'edit', editingName: 'w' },
    wire: { skill_md: 'S', scripts: {}, mode: 'edit', editing_name: 'w' },
    serverCodec: C.ValidateRequestCodec,
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
      binaries: [
        { path: 'assets/x.bin', contentBase64: 'AAE=' },
        { path: 'assets/kept.png', sha256: 'cd'.repeat(32) },
      ],
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
      binaries: [
        { path: 'assets/x.bin', content_base64: 'AAE=' },
        { path: 'assets/kept.png', sha256: 'cd'.repeat(32) },
      ],
      allow_risky_egress: true,
      accept_requirements: { bins: ['jq'], egress_domains: ['api.example'], env: ['API_KEY'] },
    },
    serverCodec: C.SaveRequestCodec,
  },
  {
    route: 'POST …/skill-builder/save (reply)',
    codec: { toWire: W.saveResultToWire, fromWire: W.saveResultFromWire },
    ts: {
      path: '/w/skills/weather',
      egressAdded: ['api.example'],
      envConfigured: ['API_KEY'],
      envMissing: [{ name: 'A', kind: 'one_of' }],
      warnings: [warning],
    },
    wire: {
      path: '/w/skills/weather',
      egress_added: ['api.example'],
      env_configured: ['API_KEY'],
      env_missing: [{ name: 'A', kind: 'one_of' }],
      warnings: [warning],
    },
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
      ok: false,
      exitCode: 1,
      signal: null,
      timedOut: false,
      durationMs: 12,
      stdout: '',
      stderr: 'boom',
      truncated: false,
      json: null,
      outputDiagnostics: [{ path: '', message: 'not JSON' }],
      egressBlocked: ['evil.example'],
      sandbox: 'bwrap',
      fixRequest: 'fix it',
      script: 'scripts/x.sh',
      interpreter: 'bash',
      envNames: ['API_KEY'],
      causes: [{ code: 'egress-undeclared', message: 'the proxy refused evil.example', fix: 'add it to egress_domains' }],
    },
    wire: {
      ok: false,
      exit_code: 1,
      signal: null,
      timed_out: false,
      duration_ms: 12,
      stdout: '',
      stderr: 'boom',
      truncated: false,
      json: null,
      output_diagnostics: [{ path: '', message: 'not JSON' }],
      egress_blocked: ['evil.example'],
      sandbox: 'bwrap',
      script: 'scripts/x.sh',
      interpreter: 'bash',
      env_names: ['API_KEY'],
      fix_request: 'fix it',
      causes: [{ code: 'egress-undeclared', message: 'the proxy refused evil.example', fix: 'add it to egress_domains' }],
    },
  },
  {
    route: 'POST …/skill-builder/try (body)',
    codec: { toWire: W.tryRequestToWire, fromWire: W.tryRequestFromWire },
    ts: { skillMd: 'S', scripts: { 'a.sh': 'A' }, tool: 'get_weather', input: { city: 'Oslo' } },
    wire: { skill_md: 'S', scripts: { 'a.sh': 'A' }, tool: 'get_weather', input: { city: 'Oslo' } },
    serverCodec: C.TryRequestCodec,
  },
  {
    route: 'POST …/skill-builder/try (body, with the earlier runs of the session)',
    codec: { toWire: P.trySessionToWire, fromWire: P.trySessionFromWire },
    ts: { skillMd: 'S', scripts: {}, tool: 'get_weather', input: {}, runs: [{ id: 'run 1', tool: 'get_weather', ok: true, observation: OBSERVED }] },
    wire: { skill_md: 'S', scripts: {}, tool: 'get_weather', input: {}, runs: [{ id: 'run 1', tool: 'get_weather', ok: true, observation: OBSERVED_WIRE }] },
    serverCodec: C.TryRequestCodec,
  },
  {
    route: 'POST …/skill-builder/try (reply, with the capability profile)',
    codec: { toWire: P.tryReplyToWire, fromWire: P.tryReplyFromWire },
    ts: { ...TRY_REPLY, capabilityProfile: PROFILE },
    wire: {
      ...TRY_REPLY_WIRE,
      capability_profile: {
        declared: PROFILE.declared,
        used: PROFILE.used,
        runs: PROFILE.runs,
        summary: PROFILE.summary,
        findings: PROFILE.findings,
        risk: PROFILE.risk,
        fixed_skill_md: PROFILE.fixedSkillMd,
      },
    },
  },
  {
    route: 'POST …/route-check (body)',
    codec: { toWire: R.routingBodyToWire, fromWire: R.routingBodyFromWire },
    ts: {
      skillMd: 'S',
      scripts: { 'a.sh': 'A' },
      editingName: 'weather',
      requests: [{ text: 'rain in Oslo?', expect: 'this' }],
      generate: 2,
      concurrency: 3,
      runsPerQuery: 2,
      threshold: 0.6,
    },
    wire: {
      skill_md: 'S',
      scripts: { 'a.sh': 'A' },
      editing_name: 'weather',
      requests: [{ text: 'rain in Oslo?', expect: 'this' }],
      generate: 2,
      concurrency: 3,
      runs_per_query: 2,
      threshold: 0.6,
    },
    serverCodec: C.RouteCheckRequestCodec,
  },
  {
    route: 'POST …/route-check/optimize (body)',
    codec: { toWire: O.optimizeBodyToWire, fromWire: O.optimizeBodyFromWire },
    ts: {
      skillMd: 'S',
      editingName: 'weather',
      requests: [
        { text: 'rain in Oslo?', expect: 'this' },
        { text: 'wind in Bergen?', expect: 'this' },
        { text: 'book a flight', expect: 'none' },
        { text: 'translate this', expect: 'none' },
      ],
      iterations: 2,
      holdout: 0.5,
      runsPerQuery: 2,
      threshold: 0.6,
      maxCalls: 40,
      maxTokens: 9000,
    },
    wire: {
      skill_md: 'S',
      editing_name: 'weather',
      requests: [
        { text: 'rain in Oslo?', expect: 'this' },
        { text: 'wind in Bergen?', expect: 'this' },
        { text: 'book a flight', expect: 'none' },
        { text: 'translate this', expect: 'none' },
      ],
      iterations: 2,
      holdout: 0.5,
      runs_per_query: 2,
      threshold: 0.6,
      max_calls: 40,
      max_tokens: 9000,
    },
    serverCodec: C.OptimizeRequestCodec,
  },
  {
    route: 'POST …/route-check/requests (body)',
    codec: { toWire: R.routingBodyToWire, fromWire: R.routingBodyFromWire },
    ts: { skillMd: 'S', scripts: {}, count: 4 },
    wire: { skill_md: 'S', scripts: {}, count: 4 },
    serverCodec: C.RouteRequestsRequestCodec,
  },
  {
    route: 'POST …/improve-description (body)',
    codec: { toWire: R.routingBodyToWire, fromWire: R.routingBodyFromWire },
    ts: { skillMd: 'S', results: [{ text: 'rain?', expect: 'this', chose: { skill: 'weather', via: 'tool', tool: 'get' }, ok: true }] },
    wire: { skill_md: 'S', results: [{ text: 'rain?', expect: 'this', chose: { skill: 'weather', via: 'tool', tool: 'get' }, ok: true }] },
    serverCodec: C.ImproveDescriptionRequestCodec,
  },
  {
    route: 'POST …/catalog-budget (body)',
    codec: { toWire: B.catalogBudgetBodyToWire, fromWire: B.catalogBudgetBodyFromWire },
    ts: { skillMd: 'S', scripts: {}, editingName: 'weather', budgetChars: 4000 },
    wire: { skill_md: 'S', scripts: {}, editing_name: 'weather', budget_chars: 4000 },
    serverCodec: C.CatalogBudgetRequestCodec,
  },
  {
    route: 'POST …/catalog-budget (reply)',
    codec: { toWire: B.catalogBudgetToWire, fromWire: B.catalogBudgetFromWire },
    ts: {
      skill: 'weather',
      budgetChars: 4000,
      chars: 4100,
      tokens: 1025,
      charsWithout: 3900,
      lineChars: 200,
      toolChars: 0,
      truncated: ['zz-notes'],
      pushedOut: ['zz-notes'],
      overBudget: true,
    },
    wire: {
      skill: 'weather',
      budget_chars: 4000,
      chars: 4100,
      tokens: 1025,
      chars_without: 3900,
      line_chars: 200,
      tool_chars: 0,
      truncated: ['zz-notes'],
      pushed_out: ['zz-notes'],
      over_budget: true,
    },
  },
  {
    route: 'POST …/improve-description (reply)',
    codec: { toWire: R.descriptionProposalToWire, fromWire: R.descriptionProposalFromWire },
    ts: { description: 'Weather by city.', rationale: 'shorter', skillMd: null },
    wire: { description: 'Weather by city.', rationale: 'shorter', skill_md: null },
  },
  {
    route: 'POST /api/skill-builder/import (reply)',
    codec: { toWire: I.importReplyToWire, fromWire: I.importReplyFromWire },
    ts: {
      name: 'weather',
      draft: {
        skillMd: 'S',
        scripts: { 'a.sh': 'A' },
        files: { 'references/a.md': '# A' },
        binaries: [{ path: 'assets/x.bin', size: 2, sha256: 'ab'.repeat(32), contentBase64: 'AAE=' }],
      },
      validation: { valid: true, errors: [], warnings: [warning] },
      proposals: { bins: ['jq'], egressDomains: ['api.example'], env: [] },
      proposedSkillMd: 'S2',
    },
    wire: {
      name: 'weather',
      skill_md: 'S',
      scripts: { 'a.sh': 'A' },
      files: { 'references/a.md': '# A' },
      binaries: [{ path: 'assets/x.bin', size: 2, sha256: 'ab'.repeat(32), content_base64: 'AAE=' }],
      validation: { valid: true, errors: [], warnings: [warning] },
      proposals: { bins: ['jq'], egress_domains: ['api.example'], env: [] },
      proposed_skill_md: 'S2',
    },
  },
  {
    route: 'POST …/skill-builder/validate (reply: syntax and risk)',
    codec: { toWire: reviewToWire, fromWire: reviewFromWire },
    ts: {
      syntax: { ok: false, findings: [{ code: 'syntax', severity: 'error', message: 'bad', file: 'scripts/a.sh', line: 2 }], missingTools: ['shellcheck'] },
      risk: { score: 10, level: 'low', factors: [], violations: [], passed: true, recommendations: [], findings: [], policySource: 'policy.yaml' },
      riskError: 'unused',
    },
    wire: {
      syntax: { ok: false, findings: [{ code: 'syntax', severity: 'error', message: 'bad', file: 'scripts/a.sh', line: 2 }], missing_tools: ['shellcheck'] },
      risk: { score: 10, level: 'low', factors: [], violations: [], passed: true, recommendations: [], findings: [], policy_source: 'policy.yaml' },
      risk_error: 'unused',
    },
  },
  {
    route: 'POST …/skill-builder/evals (body)',
    codec: { toWire: E.evalsBodyToWire, fromWire: E.evalsBodyFromWire },
    ts: {
      skillMd: 'S',
      scripts: { 'a.sh': 'A' },
      editingName: 'weather',
      cases: [{ id: 3, prompt: 'rain in Oslo?', expectedOutput: 'a forecast', files: [], expectations: ['answer_contains: rain'], source: 'designer' }],
      fromExamples: false,
      runsPerConfiguration: 2,
      maxSteps: 4,
      baseline: 'previous',
      maxCalls: 40,
      maxTokens: 9000,
      selfTest: false,
    },
    wire: {
      skill_md: 'S',
      scripts: { 'a.sh': 'A' },
      editing_name: 'weather',
      cases: [{ id: 3, prompt: 'rain in Oslo?', expected_output: 'a forecast', files: [], expectations: ['answer_contains: rain'], source: 'designer' }],
      from_examples: false,
      runs_per_configuration: 2,
      max_steps: 4,
      baseline: 'previous',
      max_calls: 40,
      max_tokens: 9000,
      self_test: false,
    },
    serverCodec: C.EvalsRequestCodec,
  },
  {
    route: 'POST …/skill-builder/evals/suggest (body)',
    codec: { toWire: ES.evalsSuggestBodyToWire, fromWire: ES.evalsSuggestBodyFromWire },
    ts: {
      skillMd: 'S',
      scripts: { 'a.sh': 'A' },
      editingName: 'weather',
      count: 2,
      cases: [{ id: 1, prompt: 'rain in Oslo?', expectedOutput: 'a forecast', files: [], expectations: ['answer_contains: rain'], source: 'file' }],
    },
    wire: {
      skill_md: 'S',
      scripts: { 'a.sh': 'A' },
      editing_name: 'weather',
      count: 2,
      cases: [{ id: 1, prompt: 'rain in Oslo?', expected_output: 'a forecast', files: [], expectations: ['answer_contains: rain'], source: 'file' }],
    },
    serverCodec: C.EvalsSuggestRequestCodec,
  },
  {
    route: 'POST …/skill-builder/evals/suggest (reply)',
    codec: { toWire: ES.evalsSuggestReplyToWire, fromWire: ES.evalsSuggestReplyFromWire },
    ts: {
      cases: [{ id: 2, prompt: 'wind in Bergen?', expectedOutput: 'the wind speed', files: [], expectations: ['calls weather_current'], source: 'designer' }],
      usage: { inputTokens: 120, outputTokens: 40 },
    },
    wire: {
      cases: [{ id: 2, prompt: 'wind in Bergen?', expected_output: 'the wind speed', files: [], expectations: ['calls weather_current'], source: 'designer' }],
      usage: { input_tokens: 120, output_tokens: 40 },
    },
  },
  {
    route: 'PUT …/skills/{name}/evals/feedback (body)',
    codec: { toWire: (v: { feedback: E.FeedbackEntry[] }) => E.feedbackListToWire(v.feedback), fromWire: E.feedbackListFromWire },
    ts: { feedback: [{ evalId: 1, feedback: 'too chatty' }] },
    wire: { feedback: [{ eval_id: 1, feedback: 'too chatty' }] },
    serverCodec: C.FeedbackRequestCodec,
    decoded: [{ evalId: 1, feedback: 'too chatty' }],
  },
  {
    route: 'GET / PUT …/skills/{name}/evals/feedback (reply)',
    codec: { toWire: (v: { feedback: E.FeedbackEntry[]; path: string }) => E.feedbackListToWire(v.feedback, v.path), fromWire: E.feedbackListFromWire },
    ts: { feedback: [{ evalId: 1, feedback: 'too chatty', timestamp: '2026-01-01T00:00:00.000Z' }], path: '/w/bot/skills/x/evals/feedback.json' },
    wire: { feedback: [{ eval_id: 1, feedback: 'too chatty', timestamp: '2026-01-01T00:00:00.000Z' }], path: '/w/bot/skills/x/evals/feedback.json' },
  },
  {
    route: 'GET …/skills/{name}/history (reply)',
    codec: { toWire: H.skillHistoryToWire, fromWire: H.skillHistoryFromWire },
    ts: {
      name: 'notes',
      keep: 20,
      versions: [
        {
          id: '0123456789abcdef',
          created: '2026-01-01T00:00:00.000Z',
          summary: 'changed SKILL.md',
          riskScore: 35,
          riskLevel: 'medium',
          files: [{ path: 'SKILL.md', sha256: 'ab'.repeat(32), size: 10 }],
        },
        { id: 'fedcba9876543210', created: '2025-12-31T00:00:00.000Z', summary: 'first version kept (1 file)', files: [] },
      ],
    },
    wire: {
      name: 'notes',
      keep: 20,
      versions: [
        {
          id: '0123456789abcdef',
          created: '2026-01-01T00:00:00.000Z',
          summary: 'changed SKILL.md',
          risk_score: 35,
          risk_level: 'medium',
          files: [{ path: 'SKILL.md', sha256: 'ab'.repeat(32), size: 10 }],
        },
        { id: 'fedcba9876543210', created: '2025-12-31T00:00:00.000Z', summary: 'first version kept (1 file)', files: [] },
      ],
    },
  },
  {
    route: 'GET …/skills/{name}/diff (reply)',
    codec: { toWire: H.versionDiffToWire, fromWire: H.versionDiffFromWire },
    ts: {
      from: '0123456789abcdef',
      to: 'current',
      files: [
        { path: 'SKILL.md', status: 'changed', added: 1, removed: 1, binary: false, patch: '@@ -1 +1 @@\n-a\n+b\n' },
        { path: 'assets/x.bin', status: 'added', added: 0, removed: 0, binary: true, patch: '' },
      ],
    },
    wire: {
      from: '0123456789abcdef',
      to: 'current',
      files: [
        { path: 'SKILL.md', status: 'changed', added: 1, removed: 1, binary: false, patch: '@@ -1 +1 @@\n-a\n+b\n' },
        { path: 'assets/x.bin', status: 'added', added: 0, removed: 0, binary: true, patch: '' },
      ],
    },
  },
  {
    route: 'POST …/skills/{name}/rollback (body)',
    codec: { toWire: H.rollbackRequestToWire, fromWire: H.rollbackRequestFromWire },
    ts: { to: '0123456789abcdef' },
    wire: { to: '0123456789abcdef' },
    serverCodec: C.RollbackRequestCodec,
  },
  {
    route: 'GET …/skills/{name}/export (skill.provenance.json entry)',
    codec: { toWire: H.provenanceToWire, fromWire: H.provenanceFromWire },
    ts: {
      versionId: '0123456789abcdef',
      created: '2026-01-01T00:00:00.000Z',
      builder: 'forge-skill-builder@0.1.0',
      riskScore: 20,
      riskLevel: 'low',
      evalSummary: '3 evals',
    },
    wire: {
      version_id: '0123456789abcdef',
      created: '2026-01-01T00:00:00.000Z',
      builder: 'forge-skill-builder@0.1.0',
      risk_score: 20,
      risk_level: 'low',
      eval_summary: '3 evals',
    },
  },
  {
    route: 'any route (error reply with the field to fix)',
    codec: { toWire: W.errorReplyToWire, fromWire: W.errorReplyFromWire },
    ts: { error: 'base_url: must be http(s)', field: 'base_url', code: 'bad_request' },
    wire: { error: 'base_url: must be http(s)', field: 'base_url', code: 'bad_request' },
  },
  {
    route: 'POST …/save (refused: validation failed)',
    codec: { toWire: W.errorReplyToWire, fromWire: W.errorReplyFromWire },
    ts: { error: 'validation failed', validation: { valid: false, errors: [warning], warnings: [] } },
    wire: { error: 'validation failed', validation: { valid: false, errors: [warning], warnings: [] } },
  },
];

describe('wire codecs', () => {
  it.each(ROWS.map((r) => [r.route, r] as const))('%s: toWire writes the wire JSON, fromWire reads it back', (_route, row) => {
    expect(row.codec.toWire(row.ts)).toEqual(row.wire);
    expect(row.codec.fromWire(JSON.parse(JSON.stringify(row.wire)))).toEqual(row.ts);
    if (row.serverCodec) expect(row.serverCodec.parse(JSON.parse(JSON.stringify(row.wire)))).toEqual(row.decoded ?? row.ts);
  });

  it('every server codec decodes at least one row', () => {
    const used = new Set(ROWS.map((r) => r.serverCodec).filter(Boolean));
    const missing = Object.entries(C)
      .filter(([name, v]) => name.endsWith('Codec') && !used.has(v as z.ZodType))
      .map(([name]) => name);
    expect(missing).toEqual([]);
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
    [
      { type: 'skill_draft', skillMd: 'S', scripts: { 'a.sh': 'A' }, spec: { name: 'x' }, diagnostics: [warning as never] },
      'skill_draft',
      { skill_md: 'S', scripts: { 'a.sh': 'A' }, spec: { name: 'x' }, diagnostics: [warning] },
    ],
    [
      { type: 'skill_draft', skillMd: 'S', scripts: {}, files: { 'references/a.md': '# A' } },
      'skill_draft',
      { skill_md: 'S', scripts: {}, files: { 'references/a.md': '# A' } },
    ],
    [
      { type: 'done', status: 'complete', structured: true, truncated: true, notice: 'cut off' },
      'done',
      { status: 'complete', structured: true, truncated: true, notice: 'cut off' },
    ],
    [{ type: 'done', status: 'complete', structured: false, truncated: false }, 'done', { status: 'complete', structured: false, truncated: false }],
    [{ type: 'error', error: 'rate limited', code: 'rate_limit' }, 'error', { error: 'rate limited', code: 'rate_limit' }],
    [{ type: 'error', error: 'failed' }, 'error', { error: 'failed' }],
  ];

  it.each(EVENTS.map(([ev, name, data]) => [`${ev.type} ${JSON.stringify(data)}`, ev, name, data] as const))('%s', (_label, ev, name, data) => {
    expect(builderEventToWire(ev)).toEqual({ event: name, data });
    expect(builderEventFromWire(name, JSON.stringify(data))).toEqual(ev);
  });

  it('a partial draft is marked partial on the wire and read back without the marker', () => {
    const ev: BuilderEvent = { type: 'skill_draft_partial', skillMd: '---\nna', scripts: {} };
    expect(builderEventToWire(ev)).toEqual({ event: 'skill_draft_partial', data: { skill_md: '---\nna', scripts: {}, partial: true } });
    expect(builderEventFromWire('skill_draft_partial', JSON.stringify({ skill_md: '---\nna', scripts: {}, partial: true }))).toEqual(ev);
  });

  it('unknown events are ignored and a non-JSON error is kept as text', () => {
    expect(builderEventFromWire('plan', '{}')).toBeNull();
    expect(builderEventFromWire('error', 'upstream died')).toEqual({ type: 'error', error: 'upstream died' });
  });
});

describe('route-check SSE events', () => {
  const report: RoutingReport = {
    skill: 'weather',
    results: [{ text: 'rain?', expect: 'this', chose: { skill: 'weather', via: 'read_skill' }, runs: 2, hits: 2, rate: 1, ok: true }],
    recall: 1,
    precision: null,
    overlaps: [],
    runsPerQuery: 2,
    threshold: 0.5,
    calls: 2,
    usage: { inputTokens: 10, outputTokens: 3 },
  };
  const summary = {
    skill: 'weather',
    total: 1,
    passed: 1,
    recall: 1,
    precision: null,
    overlaps: [],
    runs_per_query: 2,
    threshold: 0.5,
    calls: 2,
    usage: { input_tokens: 10, output_tokens: 3 },
  };
  const { runs_per_query: _runs, ...common } = summary;
  const summaryUi = { ...common, runsPerQuery: 2, usage: { inputTokens: 10, outputTokens: 3 } };
  const result = report.results[0]!;
  const EVENTS: Array<[RoutingEvent, string, Record<string, unknown>, R.RoutingUiEvent | null]> = [
    [{ type: 'plan', calls: 3, designerCalls: 1, runsPerQuery: 2 }, 'plan', { calls: 3, designer_calls: 1, runs_per_query: 2 }, null],
    [{ type: 'requests', requests: [{ text: 'rain?', expect: 'this' }] }, 'requests', { requests: [{ text: 'rain?', expect: 'this' }] }, null],
    [{ type: 'progress', done: 1, total: 2 }, 'progress', { done: 1, total: 2 }, { type: 'progress', done: 1, total: 2 }],
    [{ type: 'route_result', index: 0, result }, 'route_result', { index: 0, result }, { type: 'route_result', index: 0, result }],
    [{ type: 'done', report }, 'done', summary, { type: 'done', summary: summaryUi }],
    [
      { type: 'error', error: new Error('rate limited'), code: 'rate_limit', report },
      'error',
      { error: 'rate limited', code: 'rate_limit', calls: 2 },
      { type: 'error', error: 'rate limited' },
    ],
  ];
  it.each(EVENTS.map(([ev, name, data, ui]) => [name, ev, data, ui] as const))('%s', (name, ev, data, ui) => {
    expect(R.routingEventToWire(ev)).toEqual({ event: name, data });
    expect(R.routingEventFromWire(name, JSON.stringify(data))).toEqual(ui);
  });
});

describe('evals SSE events', () => {
  const step = {
    text: '',
    toolCalls: [{ name: 'convert_units', input: { value: 1 }, output: '{"error": "not run"}', ok: false, notRun: true, skill: 'unit-convert', durationMs: 2 }],
    usage: { inputTokens: 10, outputTokens: 3 },
    durationMs: 5,
  };
  const wireStep = {
    text: '',
    tool_calls: [
      { name: 'convert_units', input: { value: 1 }, output: '{"error": "not run"}', ok: false, not_run: true, skill: 'unit-convert', duration_ms: 2 },
    ],
    usage: { input_tokens: 10, output_tokens: 3 },
    duration_ms: 5,
  };
  const run: EvalRun = {
    evalId: 1,
    evalName: 'marathon',
    configuration: 'without_skill',
    runNumber: 2,
    passRate: 0.5,
    passed: 1,
    failed: 1,
    total: 2,
    timeSeconds: 1.5,
    tokens: 13,
    toolCalls: 1,
    errors: 0,
    expectations: [{ text: 'answer_contains: 42', passed: false, evidence: 'Final answer: 40', by: 'check' }],
    notes: [],
    transcript: { system: 'sys', prompt: 'p', tools: ['read_skill'], steps: [step], answer: 'a', stoppedBy: 'answered', usage: step.usage, durationMs: 9 },
    judgeUsage: { inputTokens: 0, outputTokens: 0 },
  };
  const wireRun = {
    eval_id: 1,
    eval_name: 'marathon',
    configuration: 'without_skill',
    run_number: 2,
    pass_rate: 0.5,
    passed: 1,
    failed: 1,
    total: 2,
    time_seconds: 1.5,
    tokens: 13,
    tool_calls: 1,
    errors: 0,
    expectations: [{ text: 'answer_contains: 42', passed: false, evidence: 'Final answer: 40', by: 'check' }],
    notes: [],
    transcript: {
      system: 'sys',
      prompt: 'p',
      tools: ['read_skill'],
      steps: [wireStep],
      answer: 'a',
      stopped_by: 'answered',
      usage: wireStep.usage,
      duration_ms: 9,
    },
    judge_usage: { input_tokens: 0, output_tokens: 0 },
  };
  const stat = { mean: 0.5, stddev: 0, min: 0.5, max: 0.5 };
  const report: EvalReport = {
    skill: 'unit-convert',
    baseline: 'none',
    runsPerConfiguration: 2,
    runs: [run],
    summary: { withSkill: null, withoutSkill: { passRate: stat, timeSeconds: stat, tokens: stat }, delta: null },
    notes: ['n'],
    partial: { reason: 'budget', detail: 'max_calls reached' },
    calls: 3,
    usage: { inputTokens: 10, outputTokens: 3 },
    toolsRan: false,
  };
  const wireReport = {
    skill: 'unit-convert',
    baseline: 'none',
    runs_per_configuration: 2,
    summary: { with_skill: null, without_skill: { pass_rate: stat, time_seconds: stat, tokens: stat }, delta: null },
    notes: ['n'],
    partial: { reason: 'budget', detail: 'max_calls reached' },
    calls: 3,
    usage: { input_tokens: 10, output_tokens: 3 },
    tools_ran: false,
    benchmark: { runs: [] },
  };
  const { runs: _runs, ...reportView } = report;
  const plan = { cases: 1, runs: 4, maxCalls: 30, maxTokens: 9000, selfTestCalls: 6 };
  const EVENTS: Array<[EvalEvent, string, Record<string, unknown>, E.EvalUiEvent | null]> = [
    [{ type: 'plan', plan }, 'plan', { cases: 1, runs: 4, max_calls: 30, max_tokens: 9000, self_test_calls: 6 }, { type: 'plan', plan }],
    [{ type: 'self_test', ok: true, detail: 'ok' }, 'self_test', { ok: true, detail: 'ok' }, { type: 'self_test', ok: true, detail: 'ok' }],
    [
      { type: 'run_start', evalId: 1, configuration: 'with_skill', runNumber: 1 },
      'run_start',
      { eval_id: 1, configuration: 'with_skill', run_number: 1 },
      null,
    ],
    [
      { type: 'step', evalId: 1, configuration: 'with_skill', runNumber: 1, step },
      'step',
      { eval_id: 1, configuration: 'with_skill', run_number: 1, step: wireStep },
      null,
    ],
    [{ type: 'run_result', run }, 'run_result', { run: wireRun }, { type: 'run_result', run }],
    [
      { type: 'progress', done: 1, total: 4, calls: 2, tokens: 20 },
      'progress',
      { done: 1, total: 4, calls: 2, tokens: 20 },
      { type: 'progress', done: 1, total: 4, calls: 2, tokens: 20 },
    ],
    [{ type: 'done', report }, 'done', { report: wireReport }, { type: 'done', report: { ...reportView, benchmark: { runs: [] } } }],
    [
      { type: 'error', error: new Error('rate limited'), code: 'rate_limit', report },
      'error',
      { error: 'rate limited', code: 'rate_limit', report: wireReport },
      { type: 'error', error: 'rate limited', report: { ...reportView, benchmark: { runs: [] } } },
    ],
  ];
  it.each(EVENTS.map(([ev, name, data, ui]) => [name, ev, data, ui] as const))('%s', (name, ev, data, ui) => {
    expect(E.evalEventToWire(ev, () => ({ runs: [] }))).toEqual({ event: name, data });
    expect(E.evalEventFromWire(name, JSON.stringify(data))).toEqual(ui);
  });

  it('a case travels in evals.json’s shape', () => {
    const c = { id: 2, prompt: 'p', expectedOutput: 'e', files: ['evals/files/a.csv'], expectations: ['x'], source: 'file' as const };
    const wire = { id: 2, prompt: 'p', expected_output: 'e', files: ['evals/files/a.csv'], expectations: ['x'], source: 'file' };
    expect(E.evalEventToWire({ type: 'cases', cases: [c] }, () => ({}))).toEqual({ event: 'cases', data: { cases: [wire] } });
    expect(E.evalEventFromWire('cases', JSON.stringify({ cases: [wire] }))).toEqual({ type: 'cases', cases: [c] });
  });
});

describe('SSE event decoders share one reading of the event data', () => {
  // Every client decoder reads an event's data the same way: JSON that is not
  // an object reads as `{}`, a non-JSON `error` event keeps its text as the
  // error, and any other non-JSON event is ignored.
  const DECODERS: Array<[string, (name: string, data: string) => unknown]> = [
    ['builder', builderEventFromWire],
    ['evals', E.evalEventFromWire],
    ['optimize', O.optimizeEventFromWire],
    ['routing', R.routingEventFromWire],
  ];
  it.each(DECODERS)('%s: a non-JSON error event is its text, another non-JSON event is ignored', (_name, decode) => {
    expect(decode('error', 'upstream died')).toEqual({ type: 'error', error: 'upstream died' });
    expect(decode('error', '')).toEqual({ type: 'error', error: '' });
    expect(decode('progress', 'not json')).toBeNull();
    expect(decode('done', '{"truncated')).toBeNull();
    expect(decode('some_future_event', '{}')).toBeNull();
  });
  it.each(DECODERS)('%s: a JSON error that is not an object reads as an empty one (the fallback text)', (_name, decode) => {
    for (const data of ['null', '[1,2]', '"text"', '42']) {
      const ev = decode('error', data) as { type: string; error: string };
      expect(ev.type).toBe('error');
      expect(ev.error).toMatch(/failed\.$/);
    }
  });
  it('a progress event whose data is not an object reads as empty fields', () => {
    expect(builderEventFromWire('progress', '[1]')).toEqual({ type: 'progress', chars: 0, phase: 'message' });
    expect(E.evalEventFromWire('progress', 'null')).toEqual({ type: 'progress', done: 0, total: 0, calls: 0, tokens: 0 });
  });
});
