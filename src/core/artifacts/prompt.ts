// prompt.txt: the text an agent's system prompt gets for instruction-only
// skills (seed: "For skills without scripts … Forge injects the full skill
// instructions into the system prompt"). Each skill appears once with its
// whole body — a skill with several `## Tool:` sections is still one body.
// Skills with script-backed tools reach the model as tools instead.

import type { SkillArtifact } from './types.js';

export const PROMPT_PREAMBLE =
  '# Skill instructions\n\n' +
  'The skills below run through their instructions rather than through tools of their own. ' +
  "When a request matches a skill's description, follow that skill's instructions step by step, " +
  'using the tools and commands it names; otherwise ignore it.';

function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
}

/** The prompt text for `skills` (in the given order); `''` when there are none. */
export function buildPrompt(skills: readonly Pick<SkillArtifact, 'name' | 'description' | 'body'>[]): string {
  if (skills.length === 0) return '';
  const parts = [PROMPT_PREAMBLE];
  for (const s of skills) {
    parts.push([`<skill name="${s.name}">`, `<description>${normalise(s.description)}</description>`, normalise(s.body), '</skill>'].join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}
