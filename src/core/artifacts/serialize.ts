// The bytes of the artifact files `forge-skill-builder build` writes:
// skills.json (skill records + merged requirements), tools.json (LLM tool
// definitions) and prompt.txt. Keys come out in the fixed order the compiler
// builds them in and lists are already sorted, so equal input gives
// byte-identical files. Nothing time- or machine-dependent is included.

import type { CompiledSkills } from './types.js';

export const ARTIFACT_FILE_NAMES = ['skills.json', 'tools.json', 'prompt.txt'] as const;
export type ArtifactFileName = (typeof ARTIFACT_FILE_NAMES)[number];

/** Pretty JSON with a trailing newline (2-space indent, UTF-8 text kept as is). */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** File name → content for the three artifact files. */
export function serializeArtifacts(compiled: CompiledSkills): Record<ArtifactFileName, string> {
  return {
    'skills.json': toJsonText({
      version: compiled.version,
      count: compiled.count,
      skills: compiled.skills,
      requirements: compiled.requirements,
    }),
    'tools.json': toJsonText({ version: compiled.version, count: compiled.tools.length, tools: compiled.tools }),
    'prompt.txt': compiled.prompt,
  };
}
