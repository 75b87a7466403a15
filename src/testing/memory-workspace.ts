// createMemoryWorkspace: an in-memory workspace (memfs) for tests of code built
// on forge-skill-builder/node. Every node function takes `{fs, env, homeDir}`;
// spread the returned object into them and nothing touches the real disk or
// process.env. memfs is an optional peer dependency, loaded on first use, so
// importing forge-skill-builder/testing for createScriptedLlm alone does not
// need it (`npm i -D memfs` to use this helper).

import { posix } from 'node:path';
import type { FsLike } from '../node/fs/types.js';

export interface MemoryWorkspaceOptions {
  /** The environment record handed to the node functions. Default `{}` (never process.env). */
  env?: Record<string, string | undefined>;
  /** Home folder inside the volume, for `~/.forge/ui.yaml`. Default `/home/user`. */
  homeDir?: string;
  /** Workspace folder inside the volume. Default `/workspace`. */
  workspaceDir?: string;
}

export interface MemoryWorkspace {
  fs: FsLike;
  env: Record<string, string | undefined>;
  homeDir: string;
  workspaceDir: string;
  /** The memfs Volume (e.g. `vol.toJSON()` to inspect everything written). */
  vol: MemfsVolume;
  /** Absolute path of a workspace-relative path (`~/…` resolves under homeDir). */
  path(relative: string): string;
  /** Reads a file (workspace-relative, `~/…` or absolute) as UTF-8, or null when it does not exist. */
  read(relative: string): Promise<string | null>;
}

/** The part of memfs' Volume the helper exposes (kept structural so memfs stays optional). */
export interface MemfsVolume {
  toJSON(paths?: string | string[], json?: object, isRelative?: boolean): Record<string, string | null>;
  fromJSON(json: Record<string, string | null>, cwd?: string): void;
}

interface MemfsModule {
  Volume: { fromJSON(json: Record<string, string | null>, cwd?: string): MemfsVolume };
  createFsFromVolume(vol: MemfsVolume): unknown;
}

async function loadMemfs(): Promise<MemfsModule> {
  const specifier = 'memfs';
  try {
    return (await import(specifier)) as MemfsModule;
  } catch (err) {
    throw new Error('createMemoryWorkspace needs the "memfs" package: install it with `npm i -D memfs`.', { cause: err });
  }
}

/**
 * Creates an in-memory workspace. `files` maps paths to contents: relative paths go under
 * `workspaceDir`, `~/…` under `homeDir`, absolute paths stay as they are.
 *
 * ```ts
 * const ws = await createMemoryWorkspace({
 *   '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
 *   'agents/alpha/forge.yaml': 'agent_id: alpha\n',
 * }, { env: { OPENAI_API_KEY: 'sk-test' } });
 * await loadSkillBuilderLLM(ws);
 * ```
 */
export async function createMemoryWorkspace(files: Record<string, string> = {}, opts: MemoryWorkspaceOptions = {}): Promise<MemoryWorkspace> {
  const workspaceDir = opts.workspaceDir ?? '/workspace';
  const homeDir = opts.homeDir ?? '/home/user';
  const toAbs = (p: string) => (p.startsWith('~/') ? posix.join(homeDir, p.slice(2)) : posix.isAbsolute(p) ? p : posix.join(workspaceDir, p));
  const json: Record<string, string | null> = { [workspaceDir]: null, [homeDir]: null };
  for (const [p, content] of Object.entries(files)) json[toAbs(p)] = content;
  const memfs = await loadMemfs();
  const vol = memfs.Volume.fromJSON(json);
  const fs = memfs.createFsFromVolume(vol) as FsLike;
  return {
    fs,
    env: { ...(opts.env ?? {}) },
    homeDir,
    workspaceDir,
    vol,
    path: toAbs,
    async read(p: string) {
      try {
        return String(await fs.promises.readFile(toAbs(p), 'utf8'));
      } catch {
        return null;
      }
    },
  };
}
