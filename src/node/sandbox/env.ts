// The environment a tool script gets: only the names its skill declares in
// `requires.env` (required, one_of, optional), with values from the caller,
// then the agent's `.env`, then the workspace's `.forge/.env` — never from the
// server's own environment, and never the Skill Builder's LLM key (the
// provider key names and the configured `api_key_env` are not read from the
// workspace file, where that key lives). Missing required names (and one_of
// groups with no member set) are reported before anything runs.

import { join } from 'node:path';
import { DEFAULT_API_KEY_ENV } from '../../core/llm/types.js';
import { checkEnvVarName } from '../../core/names.js';
import type { EnvRequirements } from '../../core/skillmd/types.js';
import { loadSkillBuilderLLM, workspaceEnvPath } from '../config/tiers.js';
import { readEnvFile } from '../config/env-file.js';
import type { EnvRecord, FsLike } from '../fs/types.js';
import { ToolRunError } from './types.js';

export interface SkillEnvSources {
  env?: EnvRecord;
  agentDir?: string;
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

/** The env var names that hold the Skill Builder's own LLM key: never handed to a script from the workspace file. */
async function builderKeyNames(src: SkillEnvSources): Promise<Set<string>> {
  const names = new Set(Object.values(DEFAULT_API_KEY_ENV).filter((n): n is string => n !== null));
  if (src.workspaceDir !== undefined) {
    try {
      const llm = await loadSkillBuilderLLM({
        workspaceDir: src.workspaceDir,
        ...(src.agentDir !== undefined ? { agentDir: src.agentDir } : {}),
        ...(src.fs ? { fs: src.fs } : {}),
        env: {},
      });
      if (llm.apiKeyEnv) names.add(llm.apiKeyEnv);
    } catch {
      // an unreadable ui.yaml names no extra key
    }
  }
  return names;
}

/** The declared values; throws ToolRunError `missing_env` naming what is missing and where to set it. */
export async function resolveSkillEnv(requires: EnvRequirements, src: SkillEnvSources): Promise<Record<string, string>> {
  const agentEnv = src.agentDir !== undefined ? await readIfPresent(join(src.agentDir, '.env'), src.fs) : {};
  const wsEnv = src.workspaceDir !== undefined ? await readIfPresent(workspaceEnvPath(src.workspaceDir), src.fs) : {};
  const withheld = await builderKeyNames(src);
  const valueOf = (name: string): string | undefined => {
    const v = src.env?.[name] ?? agentEnv[name] ?? (withheld.has(name) ? undefined : wsEnv[name]);
    return v === undefined || v === '' ? undefined : v;
  };
  const out: Record<string, string> = {};
  for (const name of [...requires.required, ...requires.oneOf, ...requires.optional]) {
    if (checkEnvVarName(name) !== null) continue;
    const v = valueOf(name);
    if (v !== undefined) out[name] = v;
  }
  const missing = requires.required.filter((n) => checkEnvVarName(n) === null && out[n] === undefined);
  const groupMissing = requires.oneOf.length > 0 && !requires.oneOf.some((n) => out[n] !== undefined);
  if (missing.length > 0 || groupMissing) {
    const parts = [...missing];
    if (groupMissing) parts.push(`one of ${requires.oneOf.join(' / ')}`);
    const where = src.agentDir !== undefined ? "the agent's .env" : src.workspaceDir !== undefined ? "the workspace's .forge/.env" : 'the env option';
    const own = [...missing, ...(groupMissing ? requires.oneOf : [])].filter((n) => withheld.has(n));
    const note = own.length ? ` (${own.join(', ')} is never taken from the Skill Builder's own settings: set it for the agent)` : '';
    throw new ToolRunError('missing_env', 'env', `the skill needs ${parts.join(', ')} to run: set ${parts.length > 1 ? 'them' : 'it'} in ${where}${note}`, [
      ...missing,
      ...(groupMissing ? requires.oneOf : []),
    ]);
  }
  return out;
}
