// The throwaway folder a run happens in, laid out like the agent folder Forge
// runs scripts from: `agent/skills/<name>/SKILL.md` + `scripts/`, with the
// agent root as working directory, plus a fresh HOME, a TMPDIR (both used
// unsandboxed only: in bwrap they are tmpfs) and a `runtime/` holding the
// forwarder and the proxy socket. The draft is copied here; the real agent
// folder is never touched. The folder's name carries our pid
// (`forge-try-<pid>-…`) so a later process can tell a crashed run's leftover
// (sweep.ts). `owner` hands the tree to the uid bwrap runs as.

import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RUN_DIR_PREFIX = 'forge-try-';

export interface RunDir {
  root: string;
  /** The working directory (Forge's agent WorkDir). */
  agent: string;
  /** The script path relative to `agent`, as Forge passes it (`skills/<name>/scripts/x.sh`). */
  scriptPath: string;
  /** The draft's files relative to `agent` (SKILL.md and every script). */
  files: string[];
  home: string;
  tmp: string;
  runtime: string;
  remove(): Promise<void>;
}

async function chownTree(root: string, rel: readonly string[], uid: number): Promise<void> {
  for (const p of rel) await chown(join(root, p), uid, uid);
}

export async function createRunDir(
  skillName: string,
  skillMd: string,
  scripts: Readonly<Record<string, string>>,
  scriptFile: string,
  owner: number | null = null,
): Promise<RunDir> {
  const root = await mkdtemp(join(tmpdir(), `${RUN_DIR_PREFIX}${process.pid}-`));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    const agent = join(root, 'agent');
    const skillRel = join('skills', skillName);
    const home = join(root, 'home');
    const tmp = join(root, 'tmp');
    const runtime = join(root, 'runtime');
    await mkdir(join(agent, skillRel, 'scripts'), { recursive: true });
    await Promise.all([mkdir(home), mkdir(tmp), mkdir(runtime)]);
    const files = [join(skillRel, 'SKILL.md'), ...Object.keys(scripts).map((n) => join(skillRel, 'scripts', n))];
    await writeFile(join(agent, files[0]!), skillMd);
    for (const [name, content] of Object.entries(scripts)) await writeFile(join(agent, skillRel, 'scripts', name), content, { mode: 0o755 });
    await chmod(root, 0o700);
    if (owner !== null) {
      const dirs = ['.', 'agent', 'agent/skills', join('agent', skillRel), join('agent', skillRel, 'scripts'), 'home', 'tmp', 'runtime'];
      await chownTree(root, [...dirs, ...files.map((f) => join('agent', f))], owner);
    }
    return { root, agent, scriptPath: join(skillRel, 'scripts', scriptFile), files, home, tmp, runtime, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
