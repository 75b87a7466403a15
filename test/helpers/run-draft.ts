// runSkillTool for tests that hold a draft as text: builds the Skill value
// from `{skillMd, scripts}` and runs the tool.

import { Skill } from '../../src/core/skill/skill.js';
import { runSkillTool } from '../../src/node/sandbox/run-skill-tool.js';
import type { RunSkillToolOptions, ToolRunResult } from '../../src/node/sandbox/types.js';

export type DraftRunOptions = Omit<RunSkillToolOptions, 'skill'> & { skillMd: string; scripts?: Readonly<Record<string, string>> };

export function runDraft(o: DraftRunOptions): Promise<ToolRunResult> {
  const { skillMd, scripts, ...rest } = o;
  return runSkillTool({ ...rest, skill: Skill.from({ skillMd, scripts: scripts ?? {} }) });
}
