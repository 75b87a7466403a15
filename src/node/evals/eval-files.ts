// The eval files kept in an installed skill's folder: evals/evals.json (the
// cases, read as skill-creator wrote them) and evals/feedback.json (the
// operator's word on each case, written whole). Only a folder skill has them;
// neither is read nor written through a symlink (the `evals` folder included).
// Neither is a SKILL.md, so the runtime never lists them in the catalog.
import { join } from 'node:path';
import { NotFoundError, RequestError } from '../../core/errors.js';
import { EVALS_FILE_PATH } from '../../core/evals/evals-file.js';
import { FEEDBACK_FILE_PATH, readFeedbackJson, writeFeedbackJson, type EvalFeedback } from '../../core/evals/feedback-file.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readRegularTextIfExists, symlinkRefused } from '../fs/no-follow.js';
import { errnoCode, resolveIo, type FsLike, type IoOptions } from '../fs/types.js';
import { locateSkill } from '../skill-store/agent-read.js';

/** The folder of the agent's skill `name`; NotFoundError when there is none, RequestError for a flat skill. */
async function skillFolder(agentDir: string, name: string, io: IoOptions): Promise<string> {
  const loc = await locateSkill(agentDir, name, io);
  if (!loc) throw new NotFoundError('skill', `no skill "${name}" in ${join(agentDir, 'skills')}`);
  if (loc.format !== 'subdir')
    throw new RequestError('name', `skill "${name}" is a single .md file; eval files live in a skill folder (save it as <name>/SKILL.md first)`);
  return loc.path;
}

/** Refuses an `evals` entry that is a symlink or not a folder (missing is fine). */
async function assertEvalsFolder(fs: FsLike, skillDir: string): Promise<void> {
  const path = join(skillDir, 'evals');
  try {
    const st = await fs.promises.lstat(path);
    if (st.isSymbolicLink()) throw symlinkRefused(path);
    if (!st.isDirectory()) throw new RequestError('evals', `${path} is not a folder; move it away so the eval files can live there`);
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
}

async function readIn(agentDir: string, name: string, file: string, io: IoOptions): Promise<string | null> {
  const { fs } = resolveIo(io);
  const dir = await skillFolder(agentDir, name, io);
  await assertEvalsFolder(fs, dir);
  return readRegularTextIfExists(fs, join(dir, file));
}

/** The installed skill's evals/evals.json text, or null when it has none. */
export function readSkillEvalsText(agentDir: string, name: string, io: IoOptions = {}): Promise<string | null> {
  return readIn(agentDir, name, EVALS_FILE_PATH, io);
}

/** The installed skill's feedback, or [] when it has none. RequestError naming the file when it is not feedback.json's shape. */
export async function readEvalFeedback(agentDir: string, name: string, io: IoOptions = {}): Promise<EvalFeedback[]> {
  const text = await readIn(agentDir, name, FEEDBACK_FILE_PATH, io);
  return text === null ? [] : readFeedbackJson(text);
}

/** Writes the installed skill's evals/feedback.json (all cases at once); returns the file's path. */
export async function saveEvalFeedback(agentDir: string, name: string, entries: readonly EvalFeedback[], io: IoOptions = {}): Promise<string> {
  const { fs } = resolveIo(io);
  const text = writeFeedbackJson(entries);
  const dir = await skillFolder(agentDir, name, io);
  await assertEvalsFolder(fs, dir);
  const path = join(dir, FEEDBACK_FILE_PATH);
  await writeFileAtomic(fs, path, text);
  return path;
}
