// The base_url rules hold the same wherever a base URL comes in: the settings
// schema (ui.yaml, PUT settings), createLlmClient and the form (its own test).

import { describe, expect, it } from 'vitest';
import { checkBaseUrl, findBaseUrlProblem, normalizeBaseUrl } from '../../../src/core/llm/base-url.js';
import { parseSkillBuilderConfig } from '../../../src/core/config/schema.js';
import { ConfigError } from '../../../src/core/errors.js';
import { createLlmClient } from '../../../src/core/llm/client.js';

const CASES: [string, ReturnType<typeof findBaseUrlProblem>][] = [
  ['https://api.example.com/v1', null],
  ['http://127.0.0.1:11434', null],
  ['not a url', { kind: 'not-a-url' }],
  ['api.example.com/v1', { kind: 'not-a-url' }],
  ['ftp://files.example.com', { kind: 'protocol', protocol: 'ftp:' }],
  ['javascript:alert(1)', { kind: 'protocol', protocol: 'javascript:' }],
  ['https://user:pw@api.example.com/v1', { kind: 'credentials' }],
  ['https://user@api.example.com/v1', { kind: 'credentials' }],
];

describe('base URL rules', () => {
  it.each(CASES)('%s', (value, problem) => {
    expect(findBaseUrlProblem(value)).toEqual(problem);
    expect(checkBaseUrl(value) === null).toBe(problem === null);
  });

  it('the settings schema and createLlmClient refuse exactly what the rules refuse, with the same message', () => {
    for (const [value, problem] of CASES) {
      const message = checkBaseUrl(value);
      const schema = () => parseSkillBuilderConfig({ provider: 'openai', model: 'm', base_url: value });
      const client = () => createLlmClient({ provider: 'openai', model: 'm', baseUrl: value });
      if (problem === null) {
        expect(schema).not.toThrow();
        expect(client).not.toThrow();
        continue;
      }
      expect(schema).toThrow(message!);
      let err: unknown;
      try {
        client();
      } catch (e) {
        err = e;
      }
      expect(ConfigError.isInstance(err) && err.field === 'base_url' && err.message.includes(message!)).toBe(true);
    }
  });

  it('normalises by trimming and dropping trailing slashes', () => {
    expect(normalizeBaseUrl('  https://h.example/v1//  ')).toBe('https://h.example/v1');
  });
});
