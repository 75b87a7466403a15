// Writing a Skill as a deterministic zip with fflate: entries sorted,
// one fixed timestamp (1980-01-01 00:00 in every time zone), unix modes 0755
// for scripts/ and 0644 for everything else, no folder entries. The same
// skill gives the same bytes on every machine, and readSkillZip gives the
// skill back. `root` wraps everything in one folder (a `.skill` package).

import { zipSync, type Zippable } from 'fflate';
import { checkScriptFileName } from '../names.js';
import { SkillArchiveError } from './errors.js';
import { entryPathProblem } from '../safe-text/entry-path.js';
import { compareBytes } from './to-draft.js';
import { Skill, type SkillLike } from '../skill/skill.js';
import { trimEndOf } from '../trim-run.js';

const UNIX = 3;
const FILE_0644 = (0o100644 << 16) >>> 0;
const FILE_0755 = (0o100755 << 16) >>> 0;
const encoder = new TextEncoder();

/** Local 1980-01-01: DOS timestamps are local time, so this encodes the same everywhere. */
function fixedTime(): Date {
  return new Date(1980, 0, 1, 0, 0, 0);
}

/** The skill's files as path → bytes, every path checked; a binary without its bytes is refused. */
export function skillEntries(input: SkillLike): Map<string, Uint8Array> {
  const skill = Skill.from(input);
  const entries = new Map<string, Uint8Array>();
  const add = (path: string, bytes: Uint8Array): void => {
    const problem = entryPathProblem(path);
    if (problem) throw new SkillArchiveError(`cannot export "${path}": ${problem}`, path);
    if (entries.has(path)) throw new SkillArchiveError(`cannot export "${path}": the skill holds it twice`, path);
    entries.set(path, bytes);
  };
  add('SKILL.md', encoder.encode(skill.skillMd));
  for (const [name, text] of Object.entries(skill.scripts)) {
    const problem = checkScriptFileName(name);
    if (problem) throw new SkillArchiveError(`cannot export script "${name}": ${problem}`, `scripts/${name}`);
    add(`scripts/${name}`, encoder.encode(text));
  }
  for (const [path, text] of Object.entries(skill.files)) add(path, encoder.encode(text));
  for (const bin of skill.binaries) {
    if (!bin.bytes) throw new SkillArchiveError(`cannot export "${bin.path}": the skill lists it without its bytes`, bin.path);
    add(bin.path, bin.bytes);
  }
  return entries;
}

export function writeSkillZip(skill: SkillLike, options: { root?: string } = {}): Uint8Array {
  const prefix = options.root ? `${trimEndOf(options.root, '/')}/` : '';
  const mtime = fixedTime();
  const zippable: Zippable = {};
  const entries = skillEntries(skill);
  for (const path of [...entries.keys()].sort(compareBytes)) {
    const attrs = path.startsWith('scripts/') ? FILE_0755 : FILE_0644;
    zippable[prefix + path] = [entries.get(path)!, { os: UNIX, attrs, mtime, level: 6 }];
  }
  return zipSync(zippable);
}
