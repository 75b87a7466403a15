// bench/envelope: the cost of reading a streamed reply with createEnvelopeStream
// (message deltas + progress while it arrives, the full parse at the end)
// compared with two common ways of reading streamed JSON.
//
//   npx tsx bench/envelope.bench.ts
//
// Workload: an envelope of 64 KiB (a message, a SKILL.md and three scripts,
// with the newlines, quotes and backslashes real drafts have) fed in 4-character
// chunks, each sliced off the text as it is fed (as a network stream hands
// over fresh strings). Each repetition times, side by side in one process:
//   ours          createEnvelopeStream(): push() every chunk, then end()
//   streamparser  @streamparser/json JSONParser (paths ['$'], keepStack false:
//                 its cheapest set-up that still yields the parsed envelope)
//   partial-json  re-parsing the growing buffer with partial-json's parse()
//                 after every chunk (the usual way to show partial JSON)
//   ours-256k     ours on a 256 KiB envelope, for the scaling ratio
// Each timing is the best of TRIES runs, each after a full GC (partial-json,
// which takes seconds, runs once), so other processes and the previous
// measurement's garbage do not decide the ratios.
// Targets: ours / streamparser ≤ 1.0, partial-json / ours ≥ 20,
// ours(256 KiB) / ours(64 KiB) ≤ 4.5 (linear work). Ratios are computed per
// repetition from side-by-side timings; medians and min–max are reported.
// Results: stdout and bench/results/envelope.json.

import { JSONParser } from '@streamparser/json';
import { parse as parsePartial } from 'partial-json';
import { createEnvelopeStream } from '../src/core/envelope/stream.js';
import { atLeast, atMost, bestWallMs, figure, printFigures, ratios, round, sideBySide, writeResult } from './lib.js';

const CHUNK = 4;
const REPETITIONS = 7;
const WARMUP = 2;
/** Runs per measurement in a repetition; the fastest counts (partial-json, at seconds per run, runs once). */
const TRIES = 5;

/** An envelope of about `bytes` characters shaped like a real draft. */
function makeEnvelope(bytes: number): string {
  const mdLines = [
    '---',
    'name: incident-digest',
    'description: When the user asks for an incident summary ("what broke last night", "incident digest"), collect and summarise alerts.',
    'metadata:',
    '  forge:',
    '    requires:',
    '      bins: [curl, jq]',
    '---',
    '# Incident Digest',
    '',
  ];
  const section = (i: number) =>
    [
      `## Tool: fetch_alerts_${i}`,
      '',
      'Fetches alerts from the "monitoring" API and returns them as JSON.',
      '',
      '| Parameter | Type | Required | Description |',
      '|-----------|------|----------|-------------|',
      '| since | string | yes | ISO time, e.g. "2024-01-01T00:00:00Z" |',
      '',
      '```json',
      '{"alerts": [{"id": "a1", "severity": "high", "path": "C:\\\\logs\\\\x"}]}',
      '```',
      '',
    ].join('\n');
  const script = (i: number) =>
    `#!/usr/bin/env bash\nset -euo pipefail\nINPUT="\${1:-}"\nSINCE="$(printf '%s' "$INPUT" | jq -r '.since')"\ncurl -fsS "https://alerts.example.com/v1/alerts?since=$SINCE&page=${i}" | jq '{alerts: .items}'\n`;
  let skillMd = mdLines.join('\n');
  const scripts: Record<string, string> = {};
  let i = 0;
  const message =
    'Here is the incident digest skill. It calls the alerts API with curl and summarises with jq.\n\n**Notes:**\n- "since" defaults to 24 hours ago.\n';
  while (JSON.stringify({ message, skill: { skill_md: skillMd, scripts } }).length < bytes) {
    if (i % 4 === 3) scripts[`fetch-alerts-${i}.sh`] = script(i);
    else skillMd += section(i);
    i++;
  }
  return JSON.stringify({ message, skill: { skill_md: skillMd, scripts } });
}

const text64 = makeEnvelope(64 * 1024);
const text256 = makeEnvelope(256 * 1024);

/** Keeps results alive so the work cannot be optimised away. */
let sink = 0;

// Each contender gets its chunks sliced off the text as it goes, as a network
// stream would hand them over (fresh strings, not a pre-built array).

function ours(text: string): void {
  const s = createEnvelopeStream();
  for (let i = 0; i < text.length; i += CHUNK) sink += s.push(text.slice(i, i + CHUNK)).length;
  const r = s.end();
  sink += r.skill ? r.skill.skillMd.length : 0;
}

function streamparser(text: string): void {
  const parser = new JSONParser({ paths: ['$'], keepStack: false });
  let root: unknown;
  parser.onValue = ({ value }) => {
    root = value;
  };
  for (let i = 0; i < text.length; i += CHUNK) parser.write(text.slice(i, i + CHUNK));
  if (!parser.isEnded) parser.end();
  sink += root ? 1 : 0;
}

function partialJson(text: string): void {
  let buffer = '';
  for (let i = 0; i < text.length; i += CHUNK) {
    buffer += text.slice(i, i + CHUNK);
    try {
      const v = parsePartial(buffer) as { message?: string } | undefined;
      sink += v?.message?.length ?? 0;
    } catch {
      // an incomplete prefix partial-json cannot read yet
    }
  }
}

// Sanity: all three read the same envelope.
{
  const s = createEnvelopeStream();
  let deltas = '';
  for (let i = 0; i < text64.length; i += CHUNK) for (const e of s.push(text64.slice(i, i + CHUNK))) if (e.type === 'message_delta') deltas += e.delta;
  const r = s.end();
  const expected = JSON.parse(text64) as { message: string; skill: { skill_md: string } };
  if (r.message !== expected.message || deltas !== expected.message || r.skill?.skillMd !== expected.skill.skill_md)
    throw new Error('createEnvelopeStream did not reproduce the envelope');
}

const runs = {
  ours: () => ours(text64),
  streamparser: () => streamparser(text64),
  partialJson: () => partialJson(text64),
  ours256: () => ours(text256),
};
// Each timing is the best of TRIES runs, each after a full GC, so no
// measurement pays for the garbage of the one before it (partial-json leaves
// a lot) and other processes do not decide the ratios.
const samples = await sideBySide(runs, { repetitions: REPETITIONS, warmup: WARMUP, measure: (run, key) => bestWallMs(run, key === 'partialJson' ? 1 : TRIES) });

const kib = (s: string) => round(s.length / 1024, 1);
const figures = [
  figure(`ours: createEnvelopeStream, ${kib(text64)} KiB in ${CHUNK}-char chunks`, samples.ours, 'ms'),
  figure('@streamparser/json JSONParser, same chunks', samples.streamparser, 'ms'),
  figure('partial-json parse of the growing buffer after every chunk', samples.partialJson, 'ms'),
  figure(`ours on ${kib(text256)} KiB`, samples.ours256, 'ms'),
  figure('ours / @streamparser/json', ratios(samples.ours, samples.streamparser), '×', { target: atMost(1.0) }),
  figure('partial-json / ours', ratios(samples.partialJson, samples.ours), '×', { target: atLeast(20) }),
  figure('ours(256 KiB) / ours(64 KiB)', ratios(samples.ours256, samples.ours), '×', { target: atMost(4.5) }),
];

printFigures(`envelope stream bench — ${REPETITIONS} repetitions (+${WARMUP} warm-up), median [min–max]`, figures);
writeResult({
  name: 'envelope',
  repetitions: REPETITIONS,
  notes: `A ${kib(text64)} KiB envelope (message, SKILL.md, scripts) fed in ${CHUNK}-character chunks; ours includes message_delta/progress events and the final parse (end()). Ratios are computed per repetition from side-by-side timings, then the median is shown. Each timing is the best of ${TRIES} runs after a full GC (partial-json: one run).`,
  figures,
});
if (sink === 42) console.log('');
