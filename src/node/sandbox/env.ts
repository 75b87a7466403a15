// The environment a tool script gets: only the names its skill declares in
// `requires.env` (required, one_of, optional), with values from the caller,
// then the agent's `.env` — nothing else. Never the server's own environment,
// never the workspace's `.forge/.env` (where the Skill Builder keeps its own
// LLM keys, old ones included: it is not a source at all), and never
// FORGE_SKILL_BUILDER_TOKEN (the ui server's token), even when a draft
// declares it. Missing required names (and one_of groups with no member set)
// are reported before anything runs.

import { join } from 'node:path';
import { checkEnvVarName } from '../../core/names.js';
import type { EnvRequirements } from '../../core/skillmd/types.js';
import { workspaceEnvPath } from '../config/tiers.js';
import { readEnvFile } from '../config/env-file.js';
import type { EnvRecord, FsLike } from '../fs/types.js';
import { ToolRunError } from './types.js';

/** Names a script never receives, whoever sets them. */
export const NEVER_HANDED_ENV = new Set(['FORGE_SKILL_BUILDER_TOKEN']);

export interface SkillEnvSources {
  env?: EnvRecord;
  agentDir?: string;
  /** Only to say, when a name is missing, that the workspace's .forge/.env has it but is not a source. */
  workspaceDir?: string;
  fs?: FsLike;
}

async function readIfPresent(path: string, fs: FsLike | undefined): Promise<Record<string, string>> {
  try {
    return await readEnvFile(path, fs ? { fs } : {});
  } catch {
    return {};
  }
}

async function missingError(requires: EnvRequirements, out: Record<string, string>, src: SkillEnvSources): Promise<ToolRunError | null> {
  const missing = requires.required.filter((n) => checkEnvVarName(n) === null && out[n] === undefined);
  const groupMissing = requires.oneOf.length > 0 && !requires.oneOf.some((n) => out[n] !== undefined);
  if (missing.length === 0 && !groupMissing) return null;
  const parts = [...missing];
  if (groupMissing) parts.push(`one of ${requires.oneOf.join(' / ')}`);
  const names = [...missing, ...(groupMissing ? requires.oneOf : [])];
  const where =
    src.agentDir !== undefined
      ? `the agent's .env (${join(src.agentDir, '.env')}, a line ${names[0]}=<value>)`
      : "an agent's .env and run the tool from that agent (or pass it in env)";
  const wsEnv = src.workspaceDir !== undefined ? await readIfPresent(workspaceEnvPath(src.workspaceDir), src.fs) : {};
  const inWorkspace = names.filter((n) => wsEnv[n] !== undefined && !NEVER_HANDED_ENV.has(n));
  const never = names.filter((n) => NEVER_HANDED_ENV.has(n));
  const notes = [
    ...(inWorkspace.length
      ? [`${inWorkspace.join(', ')} is in the workspace's .forge/.env, which is the Skill Builder's own and never given to scripts: set it for the agent`]
      : []),
    ...(never.length ? [`${never.join(', ')} is never given to a script`] : []),
  ];
  const note = notes.length ? ` (${notes.join('; ')})` : '';
  return new ToolRunError(
    'missing_env',
    'env',
    `the skill needs ${parts.join(', ')} to run: set ${parts.length > 1 ? 'them' : 'it'} in ${where}${note}`,
    names,
  );
}

/** The declared values; throws ToolRunError `missing_env` naming what is missing and where to set it. */
export async function resolveSkillEnv(requires: EnvRequirements, src: SkillEnvSources): Promise<Record<string, string>> {
  const agentEnv = src.agentDir !== undefined ? await readIfPresent(join(src.agentDir, '.env'), src.fs) : {};
  const out: Record<string, string> = {};
  for (const name of [...requires.required, ...requires.oneOf, ...requires.optional]) {
    if (checkEnvVarName(name) !== null || NEVER_HANDED_ENV.has(name)) continue;
    const v = src.env?.[name] ?? agentEnv[name];
    if (v !== undefined && v !== '') out[name] = v;
  }
  const problem = await missingError(requires, out, src);
  if (problem) throw problem;
  return out;
}
