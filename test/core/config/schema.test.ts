// SkillBuilderConfigSchema lives in the isomorphic core, exported by the LLM
// entry (`forge-skill-builder/llm`) and only there: one home per name.
import { describe, expect, it } from 'vitest';
import * as core from '../../../src/core/entries/llm.js';
import * as root from '../../../src/core/index.js';
import * as node from '../../../src/node/index.js';

describe('SkillBuilderConfigSchema in the LLM entry', () => {
  it('is exported by forge-skill-builder/llm, not again by the root or /node', () => {
    expect(typeof core.SkillBuilderConfigSchema.safeParse).toBe('function');
    for (const name of ['SkillBuilderConfigSchema', 'parseSkillBuilderConfig', 'validateSkillBuilderSettings', 'settingsFromConfig', 'settingsToConfig'])
      expect([name, name in core, name in root, name in node]).toEqual([name, true, false, false]);
  });

  it('parses the wire form into the camelCase settings, naming the field on failure', () => {
    expect(core.parseSkillBuilderConfig({ provider: 'ollama', model: 'llama3.2', base_url: 'http://gpu-box:11434', timeout_s: 30 })).toEqual({
      provider: 'ollama',
      model: 'llama3.2',
      baseUrl: 'http://gpu-box:11434',
      timeoutS: 30,
    });
    const r = core.SkillBuilderConfigSchema.safeParse({ provider: 'openai', model: 'm', max_output_tokens: 0 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['max_output_tokens']);
    expect(() => core.parseSkillBuilderConfig({ provider: 'openai' })).toThrow(/model is required/);
  });

  it('names the field under the section prefix, and the section itself when it is not an object', () => {
    const fieldOf = (raw: unknown) => {
      try {
        core.parseSkillBuilderConfig(raw, { prefix: 'skill_builder', file: 'ui.yaml' });
      } catch (e) {
        return (e as { field?: string }).field;
      }
      return undefined;
    };
    expect(fieldOf({ provider: 'openai', model: '' })).toBe('skill_builder.model');
    expect(fieldOf(5)).toBe('skill_builder');
  });
});
