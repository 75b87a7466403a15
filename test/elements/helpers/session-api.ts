// A fake API for one editing session of tries and eval runs: the try and eval
// routes answer with the real core profile (capabilityProfile over the runs
// the body carries, joined as the server joins them), so the element's
// session (what it sends back, the ids it keeps) is checked against the real
// rules. The try saw the declared host and jq; the eval's tool call a host and
// a program nothing declares. Shared by the browser test and screenshots.

import { evalSessionRuns } from '../../../src/core/evals/eval-session.js';
import type { EvalRun } from '../../../src/core/evals/types.js';
import { capabilityProfile } from '../../../src/core/observe/reconcile.js';
import { addObservedRun } from '../../../src/core/observe/session.js';
import { evalEventToWire } from '../../../src/core/protocol/evals-wire.js';
import { observationToWire } from '../../../src/core/protocol/observe-wire.js';
import { capabilityProfileToWire, observedRunFromWire } from '../../../src/core/protocol/profile-wire.js';
import type { RunObservation } from '../../../src/core/tool-run/observation.js';
import { draftReply, FakeApi, json, WEATHER_SCRIPT, type Call } from './fake-api.js';
import { sseText, type SseEvent } from './sse.js';

export const SESSION_SKILL_MD = `---
name: weather-report
description: When the user asks about the weather ("weather in Paris?"), fetch it.
metadata:
  forge:
    requires:
      bins: [jq]
    egress_domains: [api.weather.example]
---
# Weather report

## Tool: weather_current

Current weather.

**Input:** city (string): the city

**Examples:**

| User Request | Tool Input |
|---|---|
| weather in Paris? | {"city": "Paris"} |
`;
const SCRIPTS = { 'weather-current.sh': WEATHER_SCRIPT };

/** The try saw the declared host and program; the eval's tool call a host and a program nothing declares. */
export const TRY_SEEN: RunObservation = {
  egress: [{ host: 'api.weather.example', port: 443, verdict: 'allowed' }],
  programs: [{ name: 'jq', path: '/usr/bin/jq', count: 1 }],
  files: [],
  mechanism: 'strace',
};
const EVAL_SEEN: RunObservation = {
  egress: [{ host: 'tiles.weather.example', port: 443, verdict: 'refused' }],
  programs: [{ name: 'curl', path: '/usr/bin/curl', count: 1 }],
  files: [],
  mechanism: 'strace',
};

const usage = { inputTokens: 10, outputTokens: 2 };
const stat = (x: number) => ({ mean: x, stddev: 0, min: x, max: x });

function evalRun(configuration: 'with_skill' | 'without_skill'): EvalRun {
  const withSkill = configuration === 'with_skill';
  const call = {
    name: 'weather_current',
    input: { city: 'Paris' },
    output: '{"temp_c": 21}',
    ok: true,
    skill: 'weather-report',
    durationMs: 3,
    observation: EVAL_SEEN,
  };
  return {
    evalId: 1,
    evalName: 'paris',
    configuration,
    runNumber: 1,
    passRate: 1,
    passed: 1,
    failed: 0,
    total: 1,
    timeSeconds: 1.2,
    tokens: 12,
    toolCalls: withSkill ? 1 : 0,
    errors: 0,
    expectations: [{ text: 'answer_contains: 21', passed: true, evidence: '21 °C in Paris', by: 'check' }],
    notes: [],
    transcript: {
      system: 's',
      prompt: 'weather in Paris?',
      tools: ['read_skill', 'weather_current'],
      steps: [{ text: '', toolCalls: withSkill ? [call] : [], usage, durationMs: 4 }],
      answer: '21 °C in Paris',
      stoppedBy: 'answered',
      usage,
      durationMs: 9,
    },
    judgeUsage: { inputTokens: 0, outputTokens: 0 },
  };
}

/** The try route's reply: the run, and the profile over the body's runs and this one (as the server computes it). */
function tryReply(call: Call): Response {
  const earlier = ((call.body.runs ?? []) as unknown[]).map(observedRunFromWire);
  const runs = addObservedRun(earlier, { tool: call.body.tool, ok: true, observation: TRY_SEEN });
  const profile = capabilityProfile({ skillMd: call.body.skill_md, scripts: call.body.scripts ?? {} }, runs);
  return json({
    ok: true,
    exit_code: 0,
    signal: null,
    timed_out: false,
    duration_ms: 40,
    stdout: '{}',
    stderr: '',
    truncated: false,
    json: {},
    output_diagnostics: [],
    egress_blocked: [],
    sandbox: 'bwrap',
    observation: observationToWire(TRY_SEEN),
    capability_profile: capabilityProfileToWire(profile),
  });
}

/** The evals route's stream: one case with and without the skill, and the report's profile over the body's runs and the eval's call. */
function evalsReply(call: Call): Response {
  const runs = [evalRun('with_skill'), evalRun('without_skill')];
  const session = ((call.body.runs ?? []) as unknown[]).map(observedRunFromWire);
  const profile = capabilityProfile({ skillMd: call.body.skill_md, scripts: call.body.scripts ?? {} }, evalSessionRuns(session, runs, 'weather-report'));
  const events: SseEvent[] = [
    ['plan', { cases: 1, runs: 2, max_calls: 16, max_tokens: 9000, self_test_calls: 0 }],
    ['cases', { cases: [{ id: 1, prompt: 'weather in Paris?', expected_output: '', files: [], expectations: ['answer_contains: 21'], source: 'examples' }] }],
    ...runs.map((run): SseEvent => {
      const m = evalEventToWire({ type: 'run_result', run }, () => ({}));
      return [m.event!, m.data];
    }),
    ['progress', { done: 2, total: 2, calls: 3, tokens: 36 }],
    [
      'done',
      {
        report: {
          skill: 'weather-report',
          baseline: 'none',
          runs_per_configuration: 1,
          summary: {
            with_skill: { pass_rate: stat(1), time_seconds: stat(1.2), tokens: stat(12) },
            without_skill: { pass_rate: stat(1), time_seconds: stat(1.2), tokens: stat(12) },
            delta: { pass_rate: 0, time_seconds: 0, tokens: 0 },
          },
          notes: [],
          calls: 3,
          usage: { input_tokens: 10, output_tokens: 2 },
          tools_ran: true,
          benchmark: {},
          capability_profile: capabilityProfileToWire(profile),
        },
      },
    ],
  ];
  return new Response(sseText(events), { headers: { 'content-type': 'text/event-stream' } });
}

export function sessionApi(): FakeApi {
  const api = new FakeApi();
  api.chat = () => draftReply({ skillMd: SESSION_SKILL_MD, scripts: SCRIPTS });
  api.override = (call) => {
    if (call.method !== 'POST') return undefined;
    if (call.path.endsWith('/skill-builder/try')) return tryReply(call);
    if (call.path.endsWith('/skill-builder/evals')) return evalsReply(call);
    return undefined;
  };
  return api;
}
