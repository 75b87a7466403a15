// Renaming a skill moves its history with it: `<agent>/.forge/skill-history/<old>/`
// becomes `…/<new>/`. When the new name already has a history (a skill of
// that name was deleted earlier), the two are merged — objects are
// content-addressed and version ids derive from content, so nothing clashes —
// and the merged history is cut back to `keep` versions.

import { dirname, join } from 'node:path';
import { listDir, statIfExists, type FsLike } from '../fs/types.js';
import { historyDir, pruneSkillHistory } from './store.js';

export async function moveSkillHistory(fs: FsLike, agentDir: string, from: string, to: string, keep: number): Promise<void> {
  const src = historyDir(agentDir, from);
  if (from === to || !(await statIfExists(fs, src, true))) return;
  const dest = historyDir(agentDir, to);
  if (!(await statIfExists(fs, dest, true))) {
    await fs.promises.mkdir(dirname(dest), { recursive: true });
    await fs.promises.rename(src, dest);
    return;
  }
  for (const sub of ['objects', 'versions']) {
    await fs.promises.mkdir(join(dest, sub), { recursive: true });
    for (const e of await listDir(fs, join(src, sub))) {
      if (!e.isFile || (await statIfExists(fs, join(dest, sub, e.name), true))) continue;
      await fs.promises.rename(join(src, sub, e.name), join(dest, sub, e.name));
    }
  }
  await fs.promises.rm(src, { recursive: true, force: true });
  await pruneSkillHistory(fs, agentDir, to, keep);
}
