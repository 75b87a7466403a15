// The reviewable shape of a build (names, kinds, tools and their parameter
// types, requirements, prompt sections, file names): everything but bodies,
// long texts and checksums. The golden-file tests of the fixture build and of
// the interop build compare it, so a reviewer can read a change.
import type { CompiledSkills, JsonSchemaNode } from '../../src/core/index.js';

function typeOf(node: JsonSchemaNode): string {
  const t = Array.isArray(node.type) ? node.type.join('|') : node.type ?? 'any';
  const base = t === 'array' && node.items ? `${typeOf(node.items)}[]` : t;
  return node.enum ? `${base}(${node.enum.join('|')})` : base;
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
      scripts: s.scripts.map((x) => x.file).join(', '),
      requires: `bins=${s.requires.bins.map((b) => b.name).join(',')} env.required=${s.requires.env.required.join(',')} env.one_of=${s.requires.env.one_of.join(',')} env.optional=${s.requires.env.optional.join(',')} capabilities=${s.requires.capabilities.join(',')}`,
    })),
    tools: c.tools.map(
      (t) =>
        `${t.skill}/${t.name}(${Object.entries(t.input_schema.properties)
          .map(([k, v]) => `${k}${t.input_schema.required.includes(k) ? '' : '?'}: ${typeOf(v)}`)
          .join(', ')})`,
    ),
    requirements: c.requirements,
    prompt_sections: [...c.prompt.matchAll(/^<skill name="([^"]+)">$/gm)].map((m) => m[1]),
    files: Object.keys(files),
  };
}
