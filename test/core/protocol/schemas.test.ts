// ChatRequestSchema / ValidateRequestSchema / SaveRequestSchema: the HTTP
// bodies of SPEC §6. SPEC §8: names are validated before they reach a path.
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/core/errors.js';
import { ChatRequestSchema, SaveRequestSchema, ValidateRequestSchema, parseRequestBody } from '../../../src/core/protocol/schemas.js';

const user = (content: string) => ({ role: 'user' as const, content });

function refusal(schema: Parameters<typeof parseRequestBody>[0], body: unknown): RequestError {
  try {
    parseRequestBody(schema, body);
  } catch (e) {
    if (RequestError.isInstance(e)) return e as RequestError;
    throw e;
  }
  throw new Error('expected the body to be refused');
}

describe('ChatRequestSchema', () => {
  it('accepts {messages, mode?, editing_name?, draft?}', () => {
    const body = {
      messages: [user('a'), { role: 'assistant', content: 'b' }, user('c')],
      mode: 'edit',
      editing_name: 'weather-report',
      draft: { skill_md: '---\nname: x\n---\n', scripts: { 'a.sh': 'echo' } },
    };
    expect(parseRequestBody(ChatRequestSchema, body)).toEqual(body);
  });

  it('refuses an empty conversation, a system role and a last message that is not the user’s', () => {
    expect(refusal(ChatRequestSchema, { messages: [] }).field).toBe('messages');
    expect(refusal(ChatRequestSchema, { messages: [{ role: 'system', content: 'x' }] }).field).toBe('messages.0.role');
    expect(refusal(ChatRequestSchema, { messages: [user('a'), { role: 'assistant', content: 'b' }] }).message).toMatch(/last message must be from the user/);
  });

  it('edit mode needs editing_name, and editing_name must be a safe skill name', () => {
    expect(refusal(ChatRequestSchema, { messages: [user('a')], mode: 'edit' }).field).toBe('editing_name');
    const e = refusal(ChatRequestSchema, { messages: [user('a')], mode: 'edit', editing_name: '../other' });
    expect(e.field).toBe('editing_name');
    expect(e.message).toMatch(/editing_name: .*kebab-case|must not contain/);
  });

  it('refuses unsafe script names in the draft', () => {
    const e = refusal(ChatRequestSchema, { messages: [user('a')], draft: { skill_md: 'x', scripts: { '../x.sh': 'y' } } });
    expect(e.field).toBe('draft.scripts.../x.sh');
  });

  it('caps message size', () => {
    expect(refusal(ChatRequestSchema, { messages: [user('x'.repeat(100_001))] }).field).toBe('messages.0.content');
  });

  it('says which field is missing', () => {
    const e = refusal(ChatRequestSchema, {});
    expect(e.field).toBe('messages');
    expect(e.message).toBe('messages: is required (array)');
  });

  it('refuses a body that is not an object', () => {
    expect(refusal(ChatRequestSchema, '[]').field).toBe('body');
    expect(refusal(ChatRequestSchema, null).field).toBe('body');
  });
});

describe('ValidateRequestSchema', () => {
  it('accepts {skill_md, scripts?, mode?, editing_name?}', () => {
    expect(parseRequestBody(ValidateRequestSchema, { skill_md: '---\nname: a\n---\n' })).toEqual({ skill_md: '---\nname: a\n---\n' });
    expect(refusal(ValidateRequestSchema, { skill_md: 'x', mode: 'edit' }).field).toBe('editing_name');
    expect(refusal(ValidateRequestSchema, { skill_md: 'x', scripts: { '.hidden': 'x' } }).field).toBe('scripts..hidden');
  });
});

describe('SaveRequestSchema', () => {
  const base = { skill_name: 'weather-report', skill_md: '---\nname: weather-report\n---\n' };

  it('accepts {skill_name, skill_md, scripts?, env_vars?, overwrite?, editing_name?}', () => {
    const body = { ...base, scripts: { 'w.sh': 'echo' }, env_vars: { WEATHER_KEY: 'abc' }, overwrite: true, editing_name: 'weather-report' };
    expect(parseRequestBody(SaveRequestSchema, body)).toEqual(body);
  });

  it('refuses unsafe skill names', () => {
    for (const name of ['../etc', 'Weather', 'a/b', '', 'a'.repeat(65)])
      expect(refusal(SaveRequestSchema, { ...base, skill_name: name }).field).toBe('skill_name');
  });

  it('refuses an empty SKILL.md', () => {
    expect(refusal(SaveRequestSchema, { ...base, skill_md: '' }).message).toMatch(/skill_md is empty/);
  });

  it('refuses bad env var names and values with a line break', () => {
    expect(refusal(SaveRequestSchema, { ...base, env_vars: { '1BAD': 'x' } }).field).toBe('env_vars.1BAD');
    const e = refusal(SaveRequestSchema, { ...base, env_vars: { GOOD: 'a\nEVIL=1' } });
    expect(e.field).toBe('env_vars.GOOD');
    expect(e.message).toMatch(/line break/);
  });
});
