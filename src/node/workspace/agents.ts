// Agents in a workspace: a folder holding `forge.yaml`, at most three
// levels below the workspace (the workspace itself counts when it holds one).
// The scan skips node_modules, .git and every dot-folder, never follows a
// symlinked folder, and returns agents sorted by path so the order is stable.
// An agent's id is its folder name; when two agents share a folder name, the
// later ones (in path order) get their workspace-relative path with "/"
// written as "~" (`team-b~support`), which stays one URL segment.

import { join, relative, sep } from 'node:path';
import type { AgentInfo } from '../../core/api/types.js';
import { NotFoundError } from '../../core/errors.js';
import { listDir, resolveIo, type FsLike, type IoOptions } from '../fs/types.js';
import { hasSkillsIn } from '../skill-store/list.js';

export const MAX_AGENT_DEPTH = 3;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

export type { AgentInfo };

/** True when the skills list of the agent would not be empty (the skill store's listing). */
async function hasSkills(fs: FsLike, agentDir: string): Promise<boolean> {
  return hasSkillsIn(fs, join(agentDir, 'skills'));
}

function folderName(workspaceDir: string, dir: string): string {
  const rel = relative(workspaceDir, dir);
  if (rel === '') return workspaceDir.split(sep).filter(Boolean).pop() ?? 'workspace';
  return rel.split(sep).pop()!;
}

/** Finds the agents of a workspace. */
export async function discoverAgents(workspaceDir: string, opts: IoOptions = {}): Promise<AgentInfo[]> {
  const { fs } = resolveIo(opts);
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await listDir(fs, dir);
    if (entries.some((e) => e.name === 'forge.yaml' && e.isFile)) found.push(dir);
    if (depth >= MAX_AGENT_DEPTH) return;
    for (const e of entries) {
      if (!e.isDirectory || e.isSymbolicLink || e.name.startsWith('.') || SKIPPED_DIRS.has(e.name)) continue;
      await walk(join(dir, e.name), depth + 1);
    }
  };
  await walk(workspaceDir, 0);

  const rels = found.map((dir) => ({ dir, rel: relative(workspaceDir, dir).split(sep).join('/') || '.' }));
  rels.sort((a, b) => (a.rel === '.' ? -1 : b.rel === '.' ? 1 : a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const taken = new Set<string>();
  const agents: AgentInfo[] = [];
  for (const { dir, rel } of rels) {
    let id = folderName(workspaceDir, dir);
    if (taken.has(id)) id = rel.split('/').join('~');
    taken.add(id);
    agents.push({ id, path: dir, relativePath: rel, hasSkills: await hasSkills(fs, dir) });
  }
  return agents;
}

/** The agent with this id, or NotFoundError listing the known ids. Never builds a path from `id`. */
export async function findAgent(workspaceDir: string, id: string, opts: IoOptions = {}): Promise<AgentInfo> {
  const agents = await discoverAgents(workspaceDir, opts);
  const agent = agents.find((a) => a.id === id);
  if (agent) return agent;
  const known = agents.map((a) => a.id);
  throw new NotFoundError(
    'agent',
    `no agent "${String(id).slice(0, 80)}" in this workspace${known.length ? ` (known: ${known.slice(0, 20).join(', ')})` : ' (no folder with a forge.yaml found)'}`,
  );
}
