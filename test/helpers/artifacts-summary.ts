// The reviewable shape of a build (names, kinds, tools and their parameter
// types, requirements, prompt sections, file names): everything but bodies,
// long texts and checksums. The golden-file tests of the fixture build and of
// the interop build compare it, so a reviewer can read a change. Also the
// invariants every corpus's build must keep (describeBuildInvariants).
import { describe, expect, it } from 'vitest';
import type { CompiledSkills, JsonSchemaNode } from '../../src/core/entries/artifacts.js';
import { compileSkills } from '../../src/core/artifacts/compile-skills.js';
import { serializeArtifacts } from '../../src/core/artifacts/serialize.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { validateSkillMd } from '../../src/core/skillmd/validate/validate.js';
import { nodeSha256Hex } from '../../src/node/artifacts/build-folder.js';
import { readSkillsFolder } from '../../src/node/skill-store/read-all.js';

function typeOf(node: JsonSchemaNode): string {
  const t = Array.isArray(node.type) ? node.type.join('|') : (node.type ?? 'any');
  const base = t === 'array' && node.items ? `${typeOf(node.items)}[]` : t;
  return node.enum ? `${base}(${node.enum.join('|')})` : base;
}

function signature(schema: { properties: Record<string, JsonSchemaNode>; required?: string[] }): string {
  return Object.entries(schema.properties)
    .map(([k, v]) => `${k}${schema.required?.includes(k) ? '' : '?'}: ${typeOf(v)}`)
    .join(', ');
}

/** The reviewable shape of a build: everything but bodies, long texts and checksums. */
export function summarise(c: CompiledSkills, files: Record<string, string>) {
  return {
    version: c.version,
    count: c.count,
    excluded: c.excluded,
    skills: c.skills.map((s) => ({
      skill: `${s.name} [${s.kind}] ${s.icon ?? ''} category=${s.category} tags=${s.tags.join(',')} timeout=${s.timeout_hint}`,
      tools: s.tools.map((t) => `${t.name}${t.script ? ` -> ${t.script} (${t.interpreter})` : ''}`),
      runtime_tools: s.runtime_tools.map((t) => `${t.name}${t.kind === 'phantom' ? ' (phantom)' : ''}`).join(', '),
      scripts: s.scripts.map((x) => x.file).join(', '),
      requires: `bins=${s.requires.bins.map((b) => b.name).join(',')} env.required=${s.requires.env.required.join(',')} env.one_of=${s.requires.env.one_of.join(',')} env.optional=${s.requires.env.optional.join(',')} capabilities=${s.requires.capabilities.join(',')}`,
    })),
    // What Forge's runtime sends (its schema, keys in its order), then our reading of the author's Input.
    tools: c.tools.map(
      (t) => `${t.skill}/${t.name}(${signature(t.input_schema)}) authored(${t.authored?.input_schema ? signature(t.authored.input_schema) : '-'})`,
    ),
    requirements: c.requirements,
    prompt_sections: [...c.prompt.matchAll(/^<skill name="([^"]+)">$/gm)].map((m) => m[1]),
    files: Object.keys(files),
  };
}

/** Byte-identical artifacts with either sha256, and the validator's findings the same when it is handed the build's parse. */
export function describeBuildInvariants(skillsDir: string): void {
  describe('checksums', () => {
    it('are the same with the core pure-TS sha256 and node:crypto (byte-identical artifacts)', async () => {
      const { skills } = await readSkillsFolder(skillsDir);
      const pure = serializeArtifacts(compileSkills(skills));
      const native = serializeArtifacts(compileSkills(skills, { sha256Hex: nodeSha256Hex }));
      expect(native).toEqual(pure);
      expect(JSON.parse(pure['skills.json']).skills[0].checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    });
  });

  describe('parse once, shared with the validator', () => {
    it('gives the validator the same findings as parsing again', async () => {
      const { skills } = await readSkillsFolder(skillsDir);
      for (const s of skills) {
        const opts = { profile: 'forge' as const, scripts: s.scripts ?? {}, dirName: s.dirName! };
        expect(validateSkillMd(s.skillMd, { ...opts, parsed: parseSkillMd(s.skillMd) }), s.dirName).toEqual(validateSkillMd(s.skillMd, opts));
      }
    });
  });
}
