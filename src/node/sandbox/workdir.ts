// The throwaway folder a run happens in, laid out like the agent folder Forge
// runs scripts from: `agent/skills/<name>/SKILL.md` + `scripts/`, with the
// agent root as working directory, plus a fresh HOME, a TMPDIR and (for the
// sandbox) a read-only `runtime/` holding the launcher and the proxy socket.
// The draft is copied here; the real agent folder is never touched.

import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunDir {
  root: string;
  /** The working directory (Forge's agent WorkDir). */
  agent: string;
  /** The script path relative to `agent`, as Forge passes it (`skills/<name>/scripts/x.sh`). */
  scriptPath: string;
  home: string;
  tmp: string;
  runtime: string;
  remove(): Promise<void>;
}

export async function createRunDir(skillName: string, skillMd: string, scripts: Readonly<Record<string, string>>, scriptFile: string): Promise<RunDir> {
  const root = await mkdtemp(join(tmpdir(), 'forge-try-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    const agent = join(root, 'agent');
    const skillDir = join(agent, 'skills', skillName);
    const home = join(root, 'home');
    const tmp = join(root, 'tmp');
    const runtime = join(root, 'runtime');
    await mkdir(join(skillDir, 'scripts'), { recursive: true });
    await Promise.all([mkdir(home), mkdir(tmp), mkdir(runtime)]);
    await writeFile(join(skillDir, 'SKILL.md'), skillMd);
    for (const [name, content] of Object.entries(scripts)) await writeFile(join(skillDir, 'scripts', name), content, { mode: 0o755 });
    await chmod(root, 0o700);
    return { root, agent, scriptPath: join('skills', skillName, 'scripts', scriptFile), home, tmp, runtime, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
