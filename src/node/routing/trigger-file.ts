// The requests kept with a skill in the trigger-eval format, as
// a JSON file named triggers in an `evals` folder inside the skill folder: read (never
// through a symlink) and written atomically, so the same set is rerun after
// every edit. The file is data for the checks only: it is not a SKILL.md, so
// the runtime never lists it in the catalog.
import { join } from 'node:path';
import { RequestError } from '../../core/errors.js';
import { fromTriggerEvals, triggerEvalsText } from '../../core/routing/trigger-evals.js';
import type { RoutingRequest } from '../../core/routing/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readRegularTextIfExists } from '../fs/no-follow.js';
import { resolveIo, type IoOptions } from '../fs/types.js';

/** Where the requests live, relative to the skill folder. */
export const TRIGGERS_FILE = 'evals/triggers.json';

/** The skill folder's stored requests; null when it has none. RequestError naming the file for bad JSON or entries. */
export async function readTriggerFile(skillDir: string, io: IoOptions = {}): Promise<RoutingRequest[] | null> {
  const { fs } = resolveIo(io);
  const text = await readRegularTextIfExists(fs, join(skillDir, TRIGGERS_FILE));
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RequestError(TRIGGERS_FILE, `${TRIGGERS_FILE} is not valid JSON (${(err as Error).message}); fix or delete it`);
  }
  return fromTriggerEvals(value, TRIGGERS_FILE);
}

/** Writes the requests to the skill folder's triggers file (creating its folder). */
export async function writeTriggerFile(skillDir: string, requests: readonly RoutingRequest[], io: IoOptions = {}): Promise<void> {
  const { fs } = resolveIo(io);
  await fs.promises.mkdir(join(skillDir, 'evals'), { recursive: true });
  await writeFileAtomic(fs, join(skillDir, TRIGGERS_FILE), triggerEvalsText(requests));
}
