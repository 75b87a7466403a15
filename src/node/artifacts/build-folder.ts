// buildSkillsFolder: a skills folder on disk → the artifact files
// (skills.json, tools.json, prompt.txt) under `out`, each replaced atomically
// (temp file + rename, so a reader never sees half a file). Skills that cannot
// be read or have errors are reported in `diagnostics` and left out; the
// build itself only fails when the folder is missing or a write fails.

import type { RiskPolicy } from '../../core/risk/types.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { compileSkills, sortBuildDiagnostics } from '../../core/artifacts/compile-skills.js';
import { serializeArtifacts, ARTIFACT_FILE_NAMES, type ArtifactFileName } from '../../core/artifacts/serialize.js';
import type { BuildDiagnostic, CompiledSkills } from '../../core/artifacts/types.js';
import { warningDiag } from '../../core/diagnostics.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { resolveIo, type FsLike } from '../fs/types.js';
import type { SkippedEntry } from '../../core/api/types.js';
import { readSkillsFolder } from '../skill-store/read-all.js';

export interface BuildSkillsFolderOptions {
  /** Folder to write the artifact files into (created when missing). Without it nothing is written. */
  out?: string;
  /** Keep only skills in this category. */
  category?: string;
  /** Keep only skills carrying all of these tags. */
  tags?: string[];
  /** Filesystem to use; default `node:fs`. */
  fs?: FsLike;
  /** The policy each skill's `risk` is scored under; default Forge's default policy. */
  riskPolicy?: Partial<RiskPolicy>;
}

export interface BuildSkillsFolderResult {
  /**
   * The artifact document. Its `diagnostics` include what the reader skipped,
   * and each one's `file` is the path inside the skills folder it is about.
   */
  compiled: CompiledSkills;
  /** File name → the exact text written (or that would be written without `out`). */
  files: Record<ArtifactFileName, string>;
  /** Paths written (`out` joined with each file name), in ARTIFACT_FILE_NAMES order; empty without `out`. */
  written: string[];
  /** Entries of the skills folder that were not read, with the reason. */
  skipped: SkippedEntry[];
}

function skippedDiagnostic(s: SkippedEntry): BuildDiagnostic {
  return { skill: s.skill ?? s.path, ...warningDiag(s.code, 'path', `${s.path}: ${s.reason}`, undefined, s.path) };
}

/** node:crypto's SHA-256 (native), same result as the core's pure-TS one. */
export function nodeSha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export async function buildSkillsFolder(skillsDir: string, opts: BuildSkillsFolderOptions = {}): Promise<BuildSkillsFolderResult> {
  const { fs } = resolveIo(opts.fs ? { fs: opts.fs } : {});
  const { skills, skipped } = await readSkillsFolder(skillsDir, { fs });
  const compiled = compileSkills(skills, {
    sha256Hex: nodeSha256Hex,
    ...(opts.category !== undefined ? { category: opts.category } : {}),
    ...(opts.tags !== undefined ? { tags: opts.tags } : {}),
    ...(opts.riskPolicy !== undefined ? { riskPolicy: opts.riskPolicy } : {}),
  });
  // Every finding's `file` becomes a path inside the skills folder (`weather/SKILL.md`,
  // `weather/scripts/x.sh`, `notes.md`), so a caller can print it as is.
  const skillFile = new Map(skills.map((s) => [s.dirName!, s.scripts ? `${s.dirName}/SKILL.md` : `${s.dirName}.md`]));
  const placed = compiled.diagnostics.map((d): BuildDiagnostic => {
    const main = skillFile.get(d.skill);
    if (main === undefined) return d;
    return { ...d, file: d.file === undefined ? main : `${d.skill}/${d.file}` };
  });
  compiled.diagnostics = sortBuildDiagnostics([...placed, ...skipped.map(skippedDiagnostic)]);
  const files = serializeArtifacts(compiled);
  const written: string[] = [];
  if (opts.out !== undefined) {
    await fs.promises.mkdir(opts.out, { recursive: true });
    for (const name of ARTIFACT_FILE_NAMES) {
      const path = join(opts.out, name);
      await writeFileAtomic(fs, path, files[name]);
      written.push(path);
    }
  }
  return { compiled, files, written, skipped };
}
