// The model behind every executed example in docs/ and README.md: a
// deterministic interviewer that asks one question on the first turn and
// drafts a complete, warning-free skill (a weather lookup backed by a bash
// script) once the operator has answered; in edit mode it returns the same
// skill with one more tag and a **Changed:** list. The doc runs serve it over
// the Ollama wire format (test/helpers/provider-servers), so the real
// provider client, envelope stream and HTTP layer all take part. Offered
// tools (a routing check), it answers as the agent would: docAgentReply.

import type { Reply } from '../helpers/provider-servers/types.js';

export const QUESTION = 'Should temperatures be in Celsius or Fahrenheit by default?';

export const WEATHER_SCRIPT = [
  '#!/usr/bin/env bash',
  'set -euo pipefail',
  'INPUT="${1:-}"',
  'LOCATION=$(jq -r \'.location // empty\' <<<"$INPUT")',
  'UNITS=$(jq -r \'.units // "metric"\' <<<"$INPUT")',
  'if [ -z "$LOCATION" ]; then',
  '  echo \'{"error": "location is required"}\'',
  '  exit 0',
  'fi',
  'FLAG=m',
  'if [ "$UNITS" = "imperial" ]; then FLAG=u; fi',
  'curl -fsS --get "https://wttr.in/$(jq -rn --arg l "$LOCATION" \'$l|@uri\')" --data-urlencode "format=j1" --data "$FLAG" \\',
  "  | jq '{location: .nearest_area[0].areaName[0].value, temperature: (.current_condition[0].temp_C | tonumber), condition: .current_condition[0].weatherDesc[0].value}'",
  '',
].join('\n');

export function weatherSpec(extraTag?: string): Record<string, unknown> {
  return {
    name: 'weather-report',
    description:
      'When the user asks about the weather ("weather in Oslo", "is it raining in Lima", "how warm is it outside"), look up the current conditions for the place they name.',
    icon: '🌦️',
    category: 'utilities',
    tags: extraTag ? ['weather', extraTag] : ['weather'],
    metadata: {
      forge: {
        requires: { bins: ['curl', 'jq'], env: { required: [], one_of: [], optional: [] } },
        egress_domains: ['wttr.in'],
        timeout_hint: '30s',
      },
    },
    title: 'Weather Report',
    summary: 'Answers questions about the current weather anywhere, using the free wttr.in service. Temperatures default to Celsius.',
    tools: [
      {
        name: 'weather_current',
        description: 'Current temperature and conditions for a place.',
        input: [
          { name: 'location', type: 'string', required: true, description: 'City name or "lat,lon"' },
          { name: 'units', type: 'string', required: false, description: '"metric" (default) or "imperial"' },
        ],
        output: {
          type: 'object',
          properties: { location: { type: 'string' }, temperature: { type: 'number' }, condition: { type: 'string' } },
        },
        examples: [
          { request: 'weather in Oslo', input: { location: 'Oslo' } },
          { request: 'is it raining in Lima right now', input: { location: 'Lima' } },
          { request: 'how warm is it in Austin in Fahrenheit', input: { location: 'Austin', units: 'imperial' } },
          { request: 'conditions at 48.85,2.35', input: { location: '48.85,2.35' } },
          { request: 'do I need a coat in Berlin today', input: { location: 'Berlin' } },
        ],
        heuristics: ['The user asks about current weather, temperature, rain or wind somewhere', 'The user asks whether to dress for the weather in a place'],
      },
    ],
    notes: ['wttr.in needs no API key.'],
  };
}

export interface WireMessage {
  role: string;
  content: string;
}

/** The envelope text the doc model answers with, given the messages the client sent (system prompt first). */
/**
 * As an agent's model in a routing check (tools offered): a request about the
 * weather calls `weather_current` when it is offered, one about the time loads
 * `tz-clock` when the catalog lists it; anything else is answered in text.
 */
export function docAgentReply(messages: readonly WireMessage[], tools: readonly string[]): Reply {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const user = (messages.filter((m) => m.role === 'user').at(-1)?.content ?? '').toLowerCase();
  if (/weather|rain|warm/.test(user) && tools.includes('weather_current')) return { toolCalls: [{ name: 'weather_current', arguments: { location: 'Oslo' } }] };
  if (/\btime\b/.test(user) && system.includes('- tz-clock:')) return { toolCalls: [{ name: 'read_skill', arguments: { name: 'tz-clock' } }] };
  return 'Happy to help with that myself.';
}

export function docModelReply(messages: readonly WireMessage[]): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const userTurns = messages.filter((m) => m.role === 'user').length;
  if (system.includes('\n## Edit mode')) {
    return JSON.stringify({
      message: 'Done.\n\n**Changed:**\n- added the `forecast` tag',
      skill: { spec: weatherSpec('forecast'), scripts: { 'weather-current.sh': WEATHER_SCRIPT } },
    });
  }
  if (userTurns < 2) return JSON.stringify({ message: QUESTION, skill: null });
  return JSON.stringify({
    message: 'Here is the draft: one tool, `weather_current`, backed by scripts/weather-current.sh (curl + jq against wttr.in). Celsius is the default.',
    skill: { spec: weatherSpec(), scripts: { 'weather-current.sh': WEATHER_SCRIPT } },
  });
}
