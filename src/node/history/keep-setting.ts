// How many versions of each skill the history keeps: `skill_builder.history.keep`
// in the workspace's `.forge/ui.yaml`, a whole number from 1 to 1000 (default
// 20). A save given only the agent folder finds the workspace by walking up
// from it (an agent sits at most three folders deep); the first `.forge/ui.yaml`
// found decides. A malformed value is a ConfigError naming the file and line.

import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../../core/errors.js';
import { readYamlFile, yamlGet } from '../config/yaml-file.js';
import { statIfExists, type FsLike } from '../fs/types.js';
import { DEFAULT_HISTORY_KEEP } from './store.js';

export const MAX_HISTORY_KEEP = 1000;
const KEY = ['skill_builder', 'history', 'keep'] as const;
const MAX_AGENT_DEPTH = 3;

/** The `keep` setting of a workspace's ui.yaml; the default when the file or the key is absent. */
export async function readHistoryKeep(fs: FsLike, workspaceDir: string): Promise<number> {
  const path = join(workspaceDir, '.forge', 'ui.yaml');
  const file = await readYamlFile(fs, path);
  const raw = file ? yamlGet(file, KEY) : undefined;
  if (raw === undefined || raw === null) return DEFAULT_HISTORY_KEEP;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_HISTORY_KEEP) {
    const line = file!.lineOf(KEY);
    throw new ConfigError(
      KEY.join('.'),
      `${path}${line ? `:${line}` : ''}: ${KEY.join('.')} must be a whole number from 1 to ${MAX_HISTORY_KEEP} (got ${JSON.stringify(raw)}); it is how many versions of each skill are kept`,
      { file: path, ...(line !== undefined ? { line } : {}) },
    );
  }
  return raw;
}

/** The `keep` setting of the workspace an agent folder sits in (the nearest parent with a `.forge/ui.yaml`). */
export async function historyKeepForAgent(fs: FsLike, agentDir: string): Promise<number> {
  let dir = dirname(resolve(agentDir));
  for (let i = 0; i < MAX_AGENT_DEPTH; i++) {
    if (await statIfExists(fs, join(dir, '.forge', 'ui.yaml'), true)) return readHistoryKeep(fs, dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return DEFAULT_HISTORY_KEEP;
}
