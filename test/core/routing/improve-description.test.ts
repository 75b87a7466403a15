// improveDescription (one designer call that sees the failures and the
// competing descriptions) and withDescription (applying an accepted proposal
// without touching the rest of the SKILL.md).
import { describe, expect, it } from 'vitest';
import { parseSkillMd } from '../../../src/core/skillmd/parse.js';
import { DesignerReplyError } from '../../../src/core/routing/errors.js';
import { improveDescription } from '../../../src/core/routing/improve-description.js';
import { withDescription } from '../../../src/core/routing/skills.js';
import { CLOCK, DRAFT } from '../../helpers/routing-fixtures.js';
import { useProviderServer } from '../llm/support.js';

const FAILURES = [
  { text: 'Do I need an umbrella today?', expect: 'this' as const, chose: { skill: 'tz-clock', via: 'read_skill' as const }, ok: false },
  { text: 'Will it rain in Lyon?', expect: 'this' as const, chose: { skill: 'weather-brief', via: 'read_skill' as const }, ok: true },
];

describe('improveDescription', () => {
  const wire = useProviderServer('anthropic', { model: 'designer', apiKey: 'sk-ant-SECRET' });

  it('sends the failures and the competing descriptions, and returns the proposal', async () => {
    const proposal =
      'When the user asks about the weather or rain gear ("will it rain", "do I need an umbrella") give a short forecast. Not for clock times (tz-clock).';
    await wire.start({ replies: [JSON.stringify({ description: proposal, rationale: 'Umbrella questions went to tz-clock.' })] });
    const out = await improveDescription({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK], results: FAILURES });
    expect(out).toEqual({ description: proposal, rationale: 'Umbrella questions went to tz-clock.', usage: { inputTokens: 25, outputTokens: 15 } });
    const prompt = wire.server.requests[0]!.body.messages[0].content as string;
    expect(prompt).toContain('"Do I need an umbrella today?" — meant for this skill, went to "tz-clock"');
    expect(prompt).not.toContain('Will it rain in Lyon?" —');
    expect(prompt).toContain('- tz-clock: When the user asks the time somewhere');
    expect(wire.server.requests[0]!.body.output_config.format.type).toBe('json_schema');
  });

  it('refuses a reply without a usable description', async () => {
    await wire.start({ replies: ['I think it is fine.', JSON.stringify({ description: 'x'.repeat(1025), rationale: '' })] });
    for (let i = 0; i < 2; i++) {
      const err = await improveDescription({ llm: wire.client(), draft: DRAFT, results: FAILURES }).catch((e: unknown) => e);
      expect(DesignerReplyError.isInstance(err)).toBe(true);
    }
  });
});

describe('withDescription', () => {
  it('replaces only the description, keeping comments, other keys and the body', () => {
    const md = '---\n# owner: ops\nname: weather-brief\ndescription: old text\nmetadata:\n  forge:\n    requires:\n      bins: [curl]\n---\n# Body\n\nkept\n';
    const next = withDescription(md, 'When the user asks "will it: rain" — forecast.');
    expect(next).toContain('# owner: ops');
    expect(next.endsWith('---\n# Body\n\nkept\n')).toBe(true);
    const parsed = parseSkillMd(next);
    expect(parsed.frontmatter?.description).toBe('When the user asks "will it: rain" — forecast.');
    expect(parsed.forge.requires.bins.map((b) => b.name)).toEqual(['curl']);
  });

  it('refuses a file without frontmatter', () => {
    expect(() => withDescription('# just a body', 'x')).toThrow(/no closed frontmatter/);
  });
});
