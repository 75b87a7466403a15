// Creating an agent: a new folder `<workspace>/<id>/` holding a forge.yaml
// with `agent_id: <id>`. The id takes the skill-name rule (lowercase
// kebab-case, at most 64 characters, so it is one safe path segment), and
// creation is refused — nothing written — when the folder already exists or
// an agent of the workspace already has that id.

import { join } from 'node:path';
import { RequestError, SkillConflictError } from '../../core/errors.js';
import { checkSkillName } from '../../core/names.js';
import { CREATE_AGENT_REQUEST } from '../../core/protocol/fields.js';
import { errnoCode, resolveIo, type IoOptions } from '../fs/types.js';
import { discoverAgents, type AgentInfo } from './agents.js';

/** Why `id` cannot name a new agent folder, or null. */
export function checkAgentId(id: unknown): string | null {
  const problem = checkSkillName(id);
  return problem === null ? null : problem.replaceAll('skill name', 'agent id').replace('"weather-report"', '"support-bot"');
}

/** Creates the agent `id` in the workspace and returns it as the agent list shows it. */
export async function createAgent(workspaceDir: string, id: unknown, opts: IoOptions = {}): Promise<AgentInfo> {
  const problem = checkAgentId(id);
  if (problem !== null) throw new RequestError(CREATE_AGENT_REQUEST.agentId, problem);
  const name = id as string;
  const { fs } = resolveIo(opts);
  if ((await discoverAgents(workspaceDir, opts)).some((a) => a.id === name))
    throw new SkillConflictError(name, `the workspace already has an agent "${name}"; pick another id`);
  const dir = join(workspaceDir, name);
  const taken = await fs.promises.lstat(dir).then(
    () => true,
    (err: unknown) => (errnoCode(err) === 'ENOENT' ? false : Promise.reject(err)),
  );
  if (taken)
    throw new SkillConflictError(name, `${name}/ already exists in the workspace and is not an agent; pick another id or add a forge.yaml to it yourself`);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o755 });
  // wx: a forge.yaml written by someone else meanwhile is never replaced.
  await fs.promises.writeFile(join(dir, 'forge.yaml'), `agent_id: ${name}\n`, { flag: 'wx', mode: 0o644, encoding: 'utf8' });
  const agent = (await discoverAgents(workspaceDir, opts)).find((a) => a.path === dir);
  return agent ?? { id: name, path: dir, relativePath: name, hasSkills: false };
}
