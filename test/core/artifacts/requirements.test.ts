// Issue 8: "requirements: the union over skills — bins (deduplicated by name, the
// entry with an install recipe wins), env required (a var optional in one skill and
// required in another counts as required), one_of groups kept per skill, optional,
// egress domains, denied tools, capabilities (all sorted, deduplicated), max timeout_hint".
import { describe, expect, it } from 'vitest';
import { mergeRequirements, parseTimeoutHint, skillRequires } from '../../../src/core/artifacts/requirements.js';
import type { BinRequirement, ForgeMetadata } from '../../../src/core/skillmd/types.js';

function forge(over: {
  bins?: BinRequirement[];
  required?: string[];
  oneOf?: string[];
  optional?: string[];
  capabilities?: string[];
  egress?: string[];
  denied?: string[];
}): ForgeMetadata {
  return {
    requires: {
      bins: over.bins ?? [],
      env: { required: over.required ?? [], oneOf: over.oneOf ?? [], optional: over.optional ?? [] },
      capabilities: over.capabilities ?? [],
    },
    egressDomains: over.egress ?? [],
    deniedTools: over.denied ?? [],
    extra: {},
  };
}

describe('mergeRequirements', () => {
  it('promotes a var optional in one skill and required in another to required', () => {
    const { requirements } = mergeRequirements([
      { skill: 'a', forge: forge({ optional: ['GH_TOKEN', 'REVIEW_MODEL'] }), timeoutSeconds: null },
      { skill: 'b', forge: forge({ required: ['GH_TOKEN'] }), timeoutSeconds: null },
    ]);
    expect(requirements.env.required).toEqual(['GH_TOKEN']);
    expect(requirements.env.optional).toEqual(['REVIEW_MODEL']);
  });

  it('deduplicates bins by name and lets the entry with an install recipe win, in either order', () => {
    const recipe: BinRequirement = { name: 'infil', version: '>=0.4.0', url: 'https://example.com/infil', dest: 'bin/infil' };
    for (const order of [
      ['bare', 'recipe'],
      ['recipe', 'bare'],
    ]) {
      const byName = { bare: forge({ bins: [{ name: 'infil' }, { name: 'jq' }] }), recipe: forge({ bins: [recipe, { name: 'curl' }] }) };
      const { requirements } = mergeRequirements(order.map((s) => ({ skill: s, forge: byName[s as 'bare' | 'recipe'], timeoutSeconds: null })));
      expect(requirements.bins).toEqual([{ name: 'curl' }, { ...recipe }, { name: 'jq' }]);
    }
  });

  it('keeps a bin required when any skill requires it, optional only when all say optional', () => {
    const { requirements } = mergeRequirements([
      {
        skill: 'a',
        forge: forge({
          bins: [
            { name: 'node', optional: true },
            { name: 'bc', optional: true },
          ],
        }),
        timeoutSeconds: null,
      },
      { skill: 'b', forge: forge({ bins: [{ name: 'node' }] }), timeoutSeconds: null },
    ]);
    expect(requirements.bins).toEqual([{ name: 'bc', optional: true }, { name: 'node' }]);
  });

  it('warns when two skills give one bin different recipes and keeps the first', () => {
    const { requirements, diagnostics } = mergeRequirements([
      { skill: 'a', forge: forge({ bins: [{ name: 'yq', apt: 'yq' }] }), timeoutSeconds: null },
      { skill: 'b', forge: forge({ bins: [{ name: 'yq', apk: 'yq-go' }] }), timeoutSeconds: null },
    ]);
    expect(requirements.bins).toEqual([{ name: 'yq', apt: 'yq' }]);
    expect(diagnostics).toMatchObject([{ skill: 'b', code: 'requirements-bin-conflict', severity: 'warning' }]);
  });

  it('keeps each skill one_of group apart, sorted by skill', () => {
    const { requirements } = mergeRequirements([
      { skill: 'code-review', forge: forge({ oneOf: ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY'] }), timeoutSeconds: null },
      { skill: 'a-search', forge: forge({ oneOf: ['TAVILY_API_KEY', 'BRAVE_API_KEY'] }), timeoutSeconds: null },
    ]);
    expect(requirements.env.one_of).toEqual([
      { skill: 'a-search', vars: ['BRAVE_API_KEY', 'TAVILY_API_KEY'] },
      { skill: 'code-review', vars: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] },
    ]);
  });

  it('sorts and deduplicates egress domains, denied tools and capabilities, and takes the largest timeout', () => {
    const { requirements } = mergeRequirements([
      { skill: 'a', forge: forge({ egress: ['b.com', 'a.com'], denied: ['web_search'], capabilities: ['browser'] }), timeoutSeconds: 120 },
      { skill: 'b', forge: forge({ egress: ['a.com'], denied: ['http_request', 'web_search'], capabilities: ['browser', 'gpu'] }), timeoutSeconds: 300 },
      { skill: 'c', forge: forge({}), timeoutSeconds: null },
    ]);
    expect(requirements.egress_domains).toEqual(['a.com', 'b.com']);
    expect(requirements.denied_tools).toEqual(['http_request', 'web_search']);
    expect(requirements.capabilities).toEqual(['browser', 'gpu']);
    expect(requirements.timeout_hint).toBe(300);
  });

  it('has no timeout when no skill declares one', () => {
    expect(mergeRequirements([{ skill: 'a', forge: forge({}), timeoutSeconds: null }]).requirements.timeout_hint).toBeNull();
  });
});

describe('skillRequires', () => {
  it('flattens unknown bin keys after the known ones and drops optional env vars that are also required', () => {
    const r = skillRequires(forge({ bins: [{ name: 'x', run: ['make'], extra: { zeta: 1, alpha: 'a' } }], required: ['A'], optional: ['A', 'B'] }));
    expect(r.bins).toEqual([{ name: 'x', run: ['make'], alpha: 'a', zeta: 1 }]);
    expect(Object.keys(r.bins[0]!)).toEqual(['name', 'run', 'alpha', 'zeta']);
    expect(r.env).toEqual({ required: ['A'], one_of: [], optional: ['B'] });
  });
});

describe('parseTimeoutHint', () => {
  it.each([
    [300, 300],
    ['300', 300],
    ['300s', 300],
    ['5m', 300],
    ['1h', 3600],
    ['1h30m', 5400],
    ['1h 30m', 5400],
    ['90 sec', 90],
    ['2 minutes', 120],
  ])('reads %j as %d seconds', (v, s) => expect(parseTimeoutHint(v)).toBe(s));

  it.each([['soon'], ['5x'], ['0'], [-5], [''], ['m5'], ['5m later'], [null], [true]])('rejects %j', (v) => expect(parseTimeoutHint(v)).toBeNull());
});
