// "Run a tool" in <forge-skill-builder> (issue 15): each tool of the draft can
// be run with an input picked from its Examples table (editable JSON); the
// result shows exit code, time, stdout as a JSON tree, stderr, blocked hosts
// and output mismatches; a failed run goes to the designer as the next chat
// turn (the server's fix_request: input, exit code, stderr, mismatches).

import { equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { draftReply, errorResponse, FakeApi, json, WEATHER_SCRIPT } from '../helpers/fake-api.js';

afterEach(cleanup);

const SKILL_MD = `---
name: weather-report
description: When the user asks about the weather ("weather in Paris?"), fetch it.
---
# Weather report

## Tool: weather_current

Current weather.

**Input:** city (string): the city

**Examples:**

| User Request | Tool Input |
|---|---|
| "weather in Paris?" | \`{"city": "Paris"}\` |
| "is it raining in Oslo" | \`{"city": "Oslo"}\` |

## Tool: weather_forecast

**Input:** city (string)

## Safety Constraints

- Read only.
`;

function apiWithTools(result: Record<string, unknown> | (() => Response)): FakeApi {
  const api = new FakeApi();
  api.chat = () => draftReply({ skillMd: SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT } });
  api.override = (call) => (call.path.endsWith('/skill-builder/try') ? (typeof result === 'function' ? result() : json(result)) : undefined);
  return api;
}

const base = {
  ok: true,
  exit_code: 0,
  signal: null,
  timed_out: false,
  duration_ms: 42,
  stdout: '',
  stderr: '',
  truncated: false,
  json: null,
  output_diagnostics: [],
  egress_blocked: [],
  sandbox: 'bwrap',
};

async function openRuns(api: FakeApi) {
  const el = await mountWithDraft(api);
  await waitFor(() => $(el, '#analysis-tab-run'), 'the Run analysis is offered for a draft with a tool');
  $<HTMLButtonElement>(el, '#analysis-tab-run')!.click();
  await waitFor(() => $(el, '[part="runs"]'), 'the Run a tool view (loaded on first use)');
  return el;
}

describe('builder: run a tool', () => {
  it('lists the tools and their example inputs, runs the chosen one and shows the JSON output as a tree', async () => {
    const api = apiWithTools({ ...base, stdout: '{"temp_c": 21, "tags": ["sun"]}\n', json: { temp_c: 21, tags: ['sun'] } });
    const el = await openRuns(api);
    const [toolSel, exampleSel] = $$<HTMLSelectElement>(el, '[part="runs"] select');
    equal([...toolSel!.options].map((o) => o.textContent).join(','), 'weather_current,weather_forecast');
    equal([...exampleSel!.options].map((o) => o.textContent).join(' | '), 'weather in Paris? | is it raining in Oslo');
    const input = $<HTMLTextAreaElement>(el, '[part="runs"] textarea')!;
    equal(input.value, '{"city": "Paris"}');
    exampleSel!.value = '1';
    exampleSel!.dispatchEvent(new Event('change'));
    await el.updateComplete;
    equal(input.value, '{"city": "Oslo"}');
    typeInto(input, '{"city": "Oslo", "units": "metric"}');
    await el.updateComplete;
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => !!$(el, '[part="run-result"]'), 'result shown');
    const call = api.lastCall('POST', '/try')!;
    equal(call.path, '/api/agents/ops-bot/skill-builder/try');
    equal(call.body.tool, 'weather_current');
    equal(JSON.stringify(call.body.input), '{"city":"Oslo","units":"metric"}');
    equal(call.body.skill_md, SKILL_MD);
    equal(Object.keys(call.body.scripts).join(), 'weather-current.sh');
    const result = textOf(el, '[part="run-result"]');
    includes(result, 'exit 0 · 42 ms · sandboxed');
    includes(result, 'temp_c: 21');
    includes(result, 'tags: [1]');
    notIncludes(result, 'Ask the designer');
  });

  it("shows a failed run and sends the server's fix request to the designer as the next message", async () => {
    const api = apiWithTools({
      ...base,
      ok: false,
      exit_code: 3,
      stdout: 'partial output with [redacted] token',
      stderr: 'curl: (56) CONNECT tunnel failed, response 403\n',
      output_diagnostics: [{ path: '/temp_c', message: 'Instance type "string" is invalid. Expected "number".' }],
      egress_blocked: ['api.weather.example', '127.0.0.1'],
      egress_refusals: [
        { host: 'api.weather.example', reason: "is not in this skill's egress_domains" },
        { host: '127.0.0.1', reason: 'resolves to 127.0.0.1 (loopback); a tool run never reaches this machine or its private network' },
      ],
      fix_request:
        'I ran the tool `weather_current` with this input and it did not work:\n```json\n{"city": "Paris"}\n```\nExit code: 3.\nPlease fix the skill.',
    });
    const el = await openRuns(api);
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => !!$(el, '[part="run-result"]'), 'result shown');
    const result = textOf(el, '[part="run-result"]');
    includes(result, 'exit 3');
    includes(result, 'CONNECT tunnel failed');
    includes(result, 'Blocked (not in egress_domains): api.weather.example');
    includes(result, 'Blocked: 127.0.0.1 resolves to 127.0.0.1 (loopback); a tool run never reaches this machine');
    includes(result, '/temp_c');
    includes(result, 'partial output');
    await expectAccessible(el, 'the builder with a failed tool run shown');
    const chats = api.callsTo('POST', '/chat').length;
    button(el, 'Ask the designer to fix it', '[part="run-result"]').click();
    await waitFor(() => api.callsTo('POST', '/chat').length === chats + 1, 'fix-it turn sent');
    const messages = api.lastCall('POST', '/chat')!.body.messages as Array<{ role: string; content: string }>;
    const sent = messages[messages.length - 1]!;
    equal(sent.role, 'user');
    equal(
      sent.content,
      'I ran the tool `weather_current` with this input and it did not work:\n```json\n{"city": "Paris"}\n```\nExit code: 3.\nPlease fix the skill.',
    );
  });

  it('explains a failed run before its stderr: the refused host not in egress_domains and the env var to set, each with its fix', async () => {
    const api = apiWithTools({
      ...base,
      ok: false,
      exit_code: 22,
      stderr: 'curl: (56) CONNECT tunnel failed, response 403\n',
      egress_blocked: ['api.example.com'],
      egress_refusals: [{ host: 'api.example.com', reason: "is not in this skill's egress_domains" }],
      causes: [
        {
          code: 'egress-undeclared',
          message: "the sandbox's proxy refused api.example.com: it is not in egress_domains (declared: api.weather.example)",
          fix: 'add api.example.com to metadata.forge.egress_domains in the frontmatter if the tool needs it, then run again',
        },
        {
          code: 'env-undeclared',
          message: 'scripts/weather-current.sh line 4 reads WEATHER_TOKEN, which is not in requires.env, so the sandbox did not pass it to the script',
          fix: "declare WEATHER_TOKEN under metadata.forge.requires.env (required or optional) and set it in the agent's .env (/ws/ops-bot/.env, a line NAME=<value>)",
        },
      ],
      fix_request: 'I ran the tool `weather_current` and it did not work.\nPlease fix the skill.',
    });
    const el = await openRuns(api);
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => !!$(el, '[part="run-result"] .run-causes'), 'the causes shown');
    const why = textOf(el, '.run-causes');
    includes(why, 'Why it failed');
    includes(why, 'refused api.example.com: it is not in egress_domains (declared: api.weather.example)');
    includes(why, 'Fix: add api.example.com to metadata.forge.egress_domains');
    includes(why, "set it in the agent's .env (/ws/ops-bot/.env");
    const result = textOf(el, '[part="run-result"]');
    ok(result.indexOf('Why it failed') < result.indexOf('CONNECT tunnel failed'), 'the cause comes before the bare curl error');
    notIncludes(result, 'Blocked (not in egress_domains)');
    await expectAccessible(el, 'a failed run with its causes');
  });

  it('says why a run was refused (tool runs off on the server) and refuses input that is not JSON', async () => {
    const api = apiWithTools(() => errorResponse(403, 'tool runs are off on this server: start it with `forge-skill-builder ui --allow-tool-runs`'));
    const el = await openRuns(api);
    typeInto($<HTMLTextAreaElement>(el, '[part="runs"] textarea')!, '{city: Paris}');
    await el.updateComplete;
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => textOf(el, '[part="runs"]').includes('not valid JSON'), 'JSON error');
    equal(api.callsTo('POST', '/try').length, 0);
    typeInto($<HTMLTextAreaElement>(el, '[part="runs"] textarea')!, '{}');
    await el.updateComplete;
    button(el, 'Run weather_current', '[part="runs"]').click();
    await waitFor(() => textOf(el, '[part="runs"] [role="alert"]').includes('--allow-tool-runs'), 'refusal shown');
  });
});
