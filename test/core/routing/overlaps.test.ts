// findOverlaps: the lexical pass on a hand-checked fixture (no call), then
// confirmation of the close pair through the real OpenAI SDK against its local
// wire server: generated requests, routed with both skills in the catalog,
// the ones taken by the wrong skill reported as contested.
import { describe, expect, it } from 'vitest';
import { findOverlaps, lexicalOverlaps } from '../../../src/core/routing/overlaps.js';
import { keywordRouter } from '../../helpers/provider-servers/keyword-router.js';
import { useProviderServer } from '../llm/support.js';

const skill = (name: string, description: string) => ({ skillMd: `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n` });
const WEATHER = skill('weather-brief', 'Forecast rain and wind for a city.');
const STORMS = skill('storm-alerts', 'Warn about rain and wind storms in a city.');
const JOKES = skill('jokes', 'Tell a joke.');

describe('findOverlaps', () => {
  it('finds the close pair lexically, with no model call', async () => {
    const pairs = lexicalOverlaps([WEATHER, STORMS, JOKES]);
    // {weather, brief, forecast, rain, wind, city} and {storm, alerts, warn, rain, wind, storms, city}: 3 shared of 10.
    expect(pairs).toEqual([{ a: 'weather-brief', b: 'storm-alerts', similarity: 3 / 10, shared: ['city', 'rain', 'wind'] }]);
    expect(await findOverlaps({ skills: [WEATHER, STORMS, JOKES] })).toEqual({ pairs, calls: 0 });
  });

  describe('with an LLM (openai wire)', () => {
    const wire = useProviderServer('openai', { model: 'm', apiKey: 'sk-ov' });
    it('confirms the pair with generated requests and names the ones it fights over', async () => {
      const designer = JSON.stringify({
        requests: [
          { text: 'rain in Oslo today', expect: 'this', skill: '' },
          { text: 'storm warning for Bergen', expect: 'other', skill: 'storm-alerts' },
          { text: 'wind in Lima', expect: 'this', skill: '' },
        ],
      });
      const rules = [
        { keyword: 'rain', tool: 'read_skill', arguments: { name: 'weather-brief' } },
        { keyword: 'storm', tool: 'read_skill', arguments: { name: 'storm-alerts' } },
        { keyword: 'wind', tool: 'read_skill', arguments: { name: 'storm-alerts' } },
      ];
      await wire.start({ handler: keywordRouter('openai', { rules, designer }) });
      const report = await findOverlaps({ skills: [WEATHER, STORMS, JOKES], llm: wire.client() });
      expect(report.pairs.map((p) => [p.a, p.b, p.contested])).toEqual([['weather-brief', 'storm-alerts', ['wind in Lima']]]);
      expect(report.calls).toBe(4);
      expect(wire.server.requests).toHaveLength(4);
    });
  });
});
