// The draft while the model writes it (issue 14): readPartialDraft over every
// prefix of real reply shapes, and the `skill_draft_partial` events of a turn —
// throttled on the injected clock, only when the draft changed, before the
// final `message`/`skill_draft`, and never in place of the final draft.
import { describe, expect, it } from 'vitest';
import { createSkillBuilder } from '../../../src/core/builder/builder.js';
import { readPartialDraft } from '../../../src/core/envelope/partial-draft.js';
import { parseEnvelope } from '../../../src/core/envelope/parse.js';
import type { BuilderEvent } from '../../../src/core/envelope/events.js';
import { createScriptedLlm } from '../../../src/testing/scripted-llm.js';
import { MINIMAL_SPEC } from '../../helpers/envelope-cases.js';

const SECOND_TOOL = { ...MINIMAL_SPEC.tools[0]!, name: 'weather_week', description: 'The week ahead for a place.' };
const SPEC = { ...MINIMAL_SPEC, tools: [MINIMAL_SPEC.tools[0]!, SECOND_TOOL] };
const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "{}"\n';
const SPEC_REPLY = JSON.stringify({ message: 'Here is the skill.', skill: { spec: SPEC, scripts: { 'weather-now.sh': SCRIPT } } }, null, 2);
const SKILL_MD =
  '---\nname: uuid-helper\ndescription: When the user asks for an id ("new uuid"), call uuid_generate.\n---\n# UUID helper\n\nCall `uuid_generate`.\n';
const MD_REPLY = JSON.stringify({ message: 'Done.', skill: { skill_md: SKILL_MD, scripts: [{ name: 'a.sh', content: 'echo a' }] } });

const prefixes = (text: string, step = 1) => Array.from({ length: Math.ceil(text.length / step) }, (_, i) => text.slice(0, (i + 1) * step));

describe('readPartialDraft', () => {
  it('shows proposed reference files as they arrive (both shapes), never one with an unsafe path', () => {
    const md = '---\nname: a\ndescription: d\n---\n# A\n';
    const closed = `{"message":"m","skill":{"spec":null,"skill_md":${JSON.stringify(md)},"scripts":[],"files":[{"path":"references/a.md","content":"# A gu`;
    expect(readPartialDraft(closed)?.files).toEqual({ 'references/a.md': '# A gu' });
    const open = `{"message":"m","skill":{"skill_md":${JSON.stringify(md)},"scripts":{},"files":{"../x.md":"bad","assets/t.txt":"te`;
    expect(readPartialDraft(open)?.files).toEqual({ 'assets/t.txt': 'te' });
    expect(readPartialDraft(`{"message":"m","skill":{"skill_md":${JSON.stringify(md)},"scripts":{}`)).toEqual({ skillMd: md, scripts: {} });
  });

  it('shows a spec draft as it is written: the frontmatter first, then each tool section in order', () => {
    const final = parseEnvelope(SPEC_REPLY).skill!;
    const seen: string[] = [];
    for (const prefix of [...prefixes(SPEC_REPLY, 5), SPEC_REPLY]) {
      const d = readPartialDraft(prefix);
      if (!d) {
        expect(seen, 'once shown, a draft stays shown').toEqual([]);
        continue;
      }
      expect(d.skillMd.startsWith('---\nname: ')).toBe(true);
      if (seen.at(-1) !== d.skillMd) seen.push(d.skillMd);
    }
    expect(seen.length).toBeGreaterThan(20);
    expect(seen[0]).not.toContain('## Tool:');
    const firstWithTool = seen.findIndex((md) => md.includes('## Tool: weather_now'));
    const firstWithSecond = seen.findIndex((md) => md.includes('## Tool: weather_week'));
    expect(firstWithTool).toBeGreaterThan(0);
    expect(firstWithSecond).toBeGreaterThan(firstWithTool);
    expect(seen.at(-1)).toBe(final.skillMd);
    expect(readPartialDraft(SPEC_REPLY)?.scripts).toEqual({ 'weather-now.sh': SCRIPT });
  });

  it('shows a skill_md draft and closed-shape scripts as far as they arrived', () => {
    const cut = MD_REPLY.indexOf('# UUID helper');
    expect(readPartialDraft(MD_REPLY.slice(0, cut))).toEqual({ skillMd: SKILL_MD.slice(0, SKILL_MD.indexOf('# UUID helper')), scripts: {} });
    const atScript = MD_REPLY.indexOf('echo a') + 3;
    expect(readPartialDraft(MD_REPLY.slice(0, atScript))).toEqual({ skillMd: SKILL_MD, scripts: { 'a.sh': 'ech' } });
  });

  it('has no draft to show for a question, a null or empty skill, or plain prose', () => {
    for (const text of [
      JSON.stringify({ message: 'Which city?', skill: null }),
      JSON.stringify({ message: 'Which city?', skill: { skill_md: '', scripts: {} } }),
      'Sure, I can help with that {maybe}.',
      '{"message": "Which',
    ])
      for (const p of prefixes(text)) expect(readPartialDraft(p)).toBeNull();
  });
});

async function collect(it: AsyncIterable<BuilderEvent>): Promise<BuilderEvent[]> {
  const out: BuilderEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe('skill_draft_partial events', () => {
  it('fill the draft in during the turn, at most one per interval, before the final draft replaces them', async () => {
    let t = 0;
    const now = () => (t += 10); // 10 ms pass between two readings of the clock
    const llm = createScriptedLlm([SPEC_REPLY], { chunkSize: 8 });
    const events = await collect(createSkillBuilder({ llm, now }).chat([{ role: 'user', content: 'weather skill' }]));
    const partials = events.flatMap((e) => (e.type === 'skill_draft_partial' ? [e] : []));
    const final = events.find((e) => e.type === 'skill_draft');
    expect(partials.length).toBeGreaterThan(3);
    // Each one differs from the one before and shows more of the same draft.
    const shown = partials.map((p) => p.skillMd + JSON.stringify(p.scripts));
    for (let i = 1; i < shown.length; i++) expect(shown[i]).not.toBe(shown[i - 1]);
    expect(partials[0]!.skillMd.startsWith('---\nname: weather-report\n')).toBe(true);
    expect(partials.some((p) => p.skillMd.includes('## Tool: weather_now') && !p.skillMd.includes('## Tool: weather_week'))).toBe(true);
    // Throttled: with 10 ms per clock reading and a 100 ms interval, far fewer partials than chunks.
    expect(partials.length).toBeLessThan(SPEC_REPLY.length / 8 / 4);
    const types = events.map((e) => e.type);
    expect(types.lastIndexOf('skill_draft_partial')).toBeLessThan(types.indexOf('message'));
    expect(types.slice(types.indexOf('message'))).toEqual(['message', 'skill_draft', 'done']);
    expect(final).toMatchObject({ skillMd: parseEnvelope(SPEC_REPLY).skill!.skillMd });
  });

  it('are not sent for a question turn, nor when turned off', async () => {
    const question = JSON.stringify({ message: 'Which city should it use?', skill: null });
    const q = await collect(createSkillBuilder({ llm: createScriptedLlm([question], { chunkSize: 3 }) }).chat([{ role: 'user', content: 'go' }]));
    expect(q.some((e) => e.type === 'skill_draft_partial')).toBe(false);
    const off = await collect(
      createSkillBuilder({ llm: createScriptedLlm([SPEC_REPLY], { chunkSize: 8 }), partialDrafts: false }).chat([{ role: 'user', content: 'go' }]),
    );
    expect(off.some((e) => e.type === 'skill_draft_partial')).toBe(false);
    expect(off.some((e) => e.type === 'skill_draft')).toBe(true);
  });

  it('never show a secret, not even its first characters at the end of a partial', async () => {
    const secret = 'sk-partial-SECRET-0123456789';
    const md = `---\nname: leaky\ndescription: When the user asks ("leak"), do it.\n---\n# Leaky\n\nUse the key ${secret} here.\n`;
    const reply = JSON.stringify({ message: 'Here.', skill: { skill_md: md, scripts: { 'a.sh': `echo ${secret}` } } });
    const t = 0;
    const llm = createScriptedLlm([reply], { chunkSize: 3 });
    const builder = createSkillBuilder({ llm, now: () => t, partialDraftIntervalMs: 0, secrets: [secret] }); // a clock that stands still: a read on every chunk
    const events = await collect(builder.chat([{ role: 'user', content: 'go' }]));
    const partials = events.flatMap((e) => (e.type === 'skill_draft_partial' ? [e] : []));
    expect(partials.length).toBeGreaterThan(20);
    for (const p of partials)
      for (const text of [p.skillMd, ...Object.values(p.scripts)]) {
        expect(text).not.toContain(secret);
        for (let k = 4; k < secret.length; k++) expect(text.endsWith(secret.slice(0, k))).toBe(false);
      }
    expect(partials.some((p) => p.skillMd.includes('[redacted]'))).toBe(true);
  });

  it('are spaced by the interval on the injected clock', async () => {
    const readings: number[] = [];
    let t = 0;
    const now = () => {
      t += 1;
      return t;
    };
    const llm = createScriptedLlm([SPEC_REPLY], { chunkSize: 4 });
    const builder = createSkillBuilder({ llm, now: () => (readings.push(now()), t), partialDraftIntervalMs: 50, progressIntervalMs: 1e9 });
    const events: Array<{ at: number; e: BuilderEvent }> = [];
    for await (const e of builder.chat([{ role: 'user', content: 'go' }])) events.push({ at: t, e });
    const at = events.filter((x) => x.e.type === 'skill_draft_partial').map((x) => x.at);
    expect(at.length).toBeGreaterThan(2);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(50);
  });
});
