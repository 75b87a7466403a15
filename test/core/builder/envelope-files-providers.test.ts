// Reference files in the envelope (issue 17) through all four providers'
// strict structured output: the real SDK (openai, @anthropic-ai/sdk,
// @google/generative-ai, ollama) talks to a local server speaking that
// provider's wire format. Each request must carry the provider's native
// structured-output parameter with a schema that holds `skill.files` as
// `[{path, content}]` (OpenAI in strict mode, so `files` is required), the
// scripted reply — written to that schema — must validate against the schema
// the provider received, and the builder's draft must carry the files, with
// an unsafe path dropped. The prompt names the draft's files and shows only
// the shared ones.
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { createSkillBuilder } from '../../../src/core/builder/builder.js';
import type { BuilderEvent } from '../../../src/core/envelope/events.js';
import { createLlmClient } from '../../../src/core/llm/client.js';
import { PROVIDERS, type ProviderName } from '../../../src/core/llm/types.js';
import { startProviderServer, type RecordedRequest } from '../../helpers/provider-servers/index.js';

const SKILL_MD =
  '---\nname: pager-runbook\ndescription: When the user asks how to handle a page ("the API is down", "what do I do for alert X"), follow the runbook.\n---\n\n# Pager runbook\n\nRead [the runbook](references/runbook.md) and follow its steps.\n';
const REPLY = {
  message: 'Drafted the runbook skill with its reference file.',
  skill: {
    spec: null,
    skill_md: SKILL_MD,
    scripts: [],
    files: [
      { path: 'references/runbook.md', content: '# Runbook\n\n1. Check the status page.\n' },
      { path: '../outside.md', content: 'never kept' },
    ],
  },
};

/** The schema the provider received, in its own dialect and place. */
function sentSchema(provider: ProviderName, req: RecordedRequest): Record<string, any> {
  const b = req.body;
  if (provider === 'openai') {
    expect(b.response_format.type).toBe('json_schema');
    expect(b.response_format.json_schema.strict).toBe(true);
    return b.response_format.json_schema.schema;
  }
  if (provider === 'anthropic') return b.output_config.format.schema;
  if (provider === 'gemini') {
    expect(b.generationConfig.responseMimeType).toBe('application/json');
    return b.generationConfig.responseSchema;
  }
  return b.format;
}

/** The `skill` object branch of a schema (JSON Schema `anyOf [null, X]`, or Gemini's nullable object). */
function skillBranch(schema: Record<string, any>): Record<string, any> {
  const skill = schema.properties.skill;
  return skill.anyOf ? skill.anyOf.find((b: any) => b.type === 'object') : skill;
}

describe.each(PROVIDERS)('%s: reference files through strict structured output', (provider) => {
  it('sends files as [{path, content}] in the native schema and reads the proposed files back into the draft', async () => {
    const server = await startProviderServer({ provider, replies: [{ text: JSON.stringify(REPLY), deltaSize: 40 }] });
    try {
      const llm = createLlmClient({ provider, model: 'test-model', apiKey: 'sk-test', baseUrl: server.url });
      const builder = createSkillBuilder({ llm, partialDrafts: false });
      const events: BuilderEvent[] = [];
      const draft = {
        skillMd: SKILL_MD,
        scripts: {},
        files: { 'references/runbook.md': '# Runbook (old)\n', 'references/contacts.md': 'SECRET-ROTA' },
        binaries: [{ path: 'assets/diagram.png', size: 4, sha256: '0'.repeat(64) }],
      };
      for await (const ev of builder.chat([{ role: 'user', content: 'Add the status page step.' }], { draft, shareFiles: ['references/runbook.md'] }))
        events.push(ev);

      const req = server.requests[0]!;
      expect(req.structured).toBe(true);
      const schema = sentSchema(provider, req);
      const files = skillBranch(schema).properties.files;
      expect(files.type.toString().toLowerCase()).toBe('array');
      expect(Object.keys(files.items.properties)).toEqual(['path', 'content']);
      expect(files.items.required).toEqual(['path', 'content']);
      if (provider !== 'gemini') {
        // The reply the model wrote is valid against exactly what the provider enforced.
        expect(skillBranch(schema).required).toContain('files');
        const result = new Validator(schema as never, '2020-12', false).validate(REPLY);
        expect(result.errors).toEqual([]);
      }

      const drafted = events.find((e) => e.type === 'skill_draft');
      expect(drafted && drafted.type === 'skill_draft' && drafted.files).toEqual({ 'references/runbook.md': '# Runbook\n\n1. Check the status page.\n' });
      expect(drafted && drafted.type === 'skill_draft' && drafted.diagnostics?.map((d) => d.code)).toEqual(['file-path-unsafe']);
      expect(events.at(-1)).toMatchObject({ type: 'done', structured: true });

      // The prompt shows the shared file's content, names the others, and never the unshared content.
      const prompt = req.rawBody;
      expect(prompt).toContain('# Runbook (old)');
      expect(prompt).toContain('references/contacts.md (text');
      expect(prompt).toContain('assets/diagram.png (binary)');
      expect(prompt).not.toContain('SECRET-ROTA');
    } finally {
      await server.close();
    }
  });
});
