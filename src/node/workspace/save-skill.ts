// saveSkill: saving a skill into an agent.
// Order: check every name and value (save-request.ts; a name the skill store
// would skip is refused, and so is an entry of skills/ that holds the name and is not a skill) → validate the SKILL.md (malformed
// egress entries are refused; risky ones — `*.com`, `*.github.io`, cloud
// metadata, loopback, private, internal names, and names that resolve to such
// addresses (resolve-egress.ts) — unless allowed) → refuse a
// create-mode clash (SkillConflictError) → read forge.yaml (a malformed one
// stops here) → build the new skill in a hidden temp folder under skills/ →
// swap it into place with renames (the old folder is moved aside and put
// back if the swap fails; readers of this process wait for the renames, and
// leftover temp folders of a crashed save are removed first) → env vars into
// the agent's .env (0600) → egress domains merged into forge.yaml
// (save-egress.ts). Any failure before the swap leaves the
// previous skill byte-identical and removes the temp folder. Files other
// than SKILL.md and scripts/ in an edited skill folder are carried over;
// the request's `files`/`binaries` are written over them. The folder a save
// replaces is kept in the skill's history first; an edit that renames the
// skill is a move: its old folder goes and its history follows the new name.

import { keepPreviousVersion } from '../history/keep-previous.js';
import { historyKeepForAgent } from '../history/keep-setting.js';
import { moveSkillHistory } from '../history/move.js';
import { join } from 'node:path';
import { errorDiag, toValidationResult, type Diagnostic, type ValidationResult } from '../../core/diagnostics.js';
import { RequestError, SkillConflictError, SkillValidationError, UnsafePathError } from '../../core/errors.js';
import { egressSaveValidation } from '../../core/egress/refuse-risky.js';
import { frontmatterLinesOf, locateField } from '../../core/skillmd/locate.js';
import { parseSkillMd } from '../../core/skillmd/parse.js';
import type { ParsedSkillMd } from '../../core/skillmd/types.js';
import { validateSkillMd } from '../../core/skillmd/validate/validate.js';
import { tempSibling, withFileLock } from '../fs/atomic-write.js';
import { readEnvFile, setEnvFileValue } from '../config/env-file.js';
import { errnoCode, listDir, realPath, resolveIo, statIfExists, type EnvRecord, type FsLike, type IoOptions } from '../fs/types.js';
import {
  isInside,
  listCustomSkills,
  locateSkill,
  readSkillMd as readSkillMdAt,
  refuseNonSkillOccupant,
  SkillReadError,
  type SkillLocation,
} from '../skill-store/index.js';
import { skippedSkillNameProblem } from '../skill-store/policy.js';
import { checkEgressDomains, mergeEgress } from './save-egress.js';
import { riskyResolvedEgress, type HostResolver } from './resolve-egress.js';
import { assertRegularOrMissing } from '../fs/no-follow.js';
import { withSkillsSwap } from '../skill-store/consistent-read.js';
import { cleanLeftoverTemps, holdTemp } from '../skill-store/save-temps.js';
import { applyFolderFiles, savedFolderForValidation } from '../skill-folder/save-files.js';
import type { MissingEnvVar, SaveSkillRequest, SaveSkillResult } from '../../core/api/types.js';
import { SAVE_REQUEST as S } from '../../core/protocol/fields.js';
import { checkShape, fromSkill, isPlainRecord, prepareRequest, type SkillSaveRequest } from './save-request.js';
import { readSkillFolderFiles, type SkillFolderFiles } from '../skill-store/folder-files.js';

export type { MissingEnvVar, SaveSkillRequest, SaveSkillResult, SkillSaveRequest };

/** Copies a folder tree (files byte for byte with their mode, symlinks as symlinks), leaving out the top-level names in `skip`. */
async function copyTree(fs: FsLike, from: string, to: string, skip: ReadonlySet<string> = new Set()): Promise<void> {
  await fs.promises.mkdir(to, { recursive: true });
  for (const e of await listDir(fs, from)) {
    if (skip.has(e.name)) continue;
    const src = join(from, e.name);
    const dest = join(to, e.name);
    if (e.isSymbolicLink) await fs.promises.symlink(String(await fs.promises.readlink(src)), dest);
    else if (e.isDirectory) await copyTree(fs, src, dest);
    else if (e.isFile) {
      await fs.promises.copyFile(src, dest);
      const st = await fs.promises.stat(src);
      await fs.promises.chmod(dest, Number(st.mode) & 0o777);
    }
  }
}

async function writeNewSkillFolder(fs: FsLike, tmp: string, skillMd: string, scripts: Record<string, string>, carryFrom: string | null): Promise<void> {
  // The rest of an edited skill's folder (references/, assets …) is carried over; SKILL.md and scripts/ are replaced.
  if (carryFrom) await copyTree(fs, carryFrom, tmp, new Set(['SKILL.md', 'scripts']));
  else await fs.promises.mkdir(tmp, { recursive: true });
  await fs.promises.writeFile(join(tmp, 'SKILL.md'), skillMd, { mode: 0o644, flag: 'wx', encoding: 'utf8' });
  await fs.promises.chmod(join(tmp, 'SKILL.md'), 0o644);
  const names = Object.keys(scripts).sort();
  if (names.length > 0) {
    await fs.promises.mkdir(join(tmp, 'scripts'), { recursive: true });
    for (const name of names) {
      const p = join(tmp, 'scripts', name);
      await fs.promises.writeFile(p, scripts[name]!, { mode: 0o755, flag: 'wx', encoding: 'utf8' });
      await fs.promises.chmod(p, 0o755);
    }
  }
}

/** Moves `tmp` to `target`; an existing target is moved aside first and restored if the move fails. */
async function swapIntoPlace(fs: FsLike, skillsDir: string, name: string, tmp: string, target: string): Promise<void> {
  const existing = await statIfExists(fs, target, true);
  if (!existing) {
    await fs.promises.rename(tmp, target);
    return;
  }
  const backup = tempSibling(join(skillsDir, name), 'old');
  const release = holdTemp(backup);
  try {
    await fs.promises.rename(target, backup);
    try {
      await fs.promises.rename(tmp, target);
    } catch (err) {
      await fs.promises.rename(backup, target);
      throw err;
    }
    await fs.promises.rm(backup, { recursive: true, force: true }).catch(() => undefined);
  } finally {
    release();
  }
}

export interface SaveSkillOptions extends IoOptions {
  /** Validation profile; default `forge`. */
  profile?: 'forge' | 'agentskills';
  /**
   * Save even when `egress_domains` means "anywhere" (`*.com`, `*.github.io`) or
   * reaches cloud metadata, loopback, private or link-local addresses (written,
   * or what a declared name resolves to). Default false: such a skill is
   * refused with `egress-risky` errors. HTTP: `allow_risky_egress`. Malformed
   * entries (`*com`, `host:443`) are refused either way.
   */
  allowRiskyEgress?: boolean;
  /**
   * Resolves the declared egress names (all addresses of a name); default
   * `node:dns` lookup. The save waits at most 1.5 s for all of them; answers
   * are cached per process for a minute.
   */
  resolveHost?: HostResolver;
  /**
   * How many versions of the skill its history keeps (1–1000). Default: `skill_builder.history.keep`
   * in the workspace's `.forge/ui.yaml` (the nearest parent folder of the agent that has one), else 20.
   */
  historyKeep?: number;
}

/**
 * Validates and saves a skill into `<agentDir>/skills/<skill_name>/`: given as a Skill
 * (`{skill, …}`) or as its text parts (`{skillName, skillMd, scripts?, files?, binaries?, …}`).
 * Throws UnsafePathError (bad names), RequestError (bad shape, or a name the skill store would skip:
 * hidden, `_`-prefixed, a README), SkillValidationError (nothing written), SkillConflictError
 * (create mode: a skill, or an entry that is not one, holds the name) or ConfigError (malformed forge.yaml).
 */
export async function saveSkill(agentDir: string, request: SkillSaveRequest | SaveSkillRequest, opts: SaveSkillOptions = {}): Promise<SaveSkillResult> {
  const parts = isPlainRecord(request) && 'skill' in request ? fromSkill(request as SkillSaveRequest) : request;
  return saveDecodedSkill(agentDir, checkShape(parts), opts);
}

/**
 * saveSkill for a request whose shape is already checked: the HTTP save route's body decoded by
 * SaveRequestCodec (the same rules as checkShape, applied once by the schema). Not for SDK callers.
 */
export async function saveDecodedSkill(agentDir: string, request: SaveSkillRequest, opts: SaveSkillOptions = {}): Promise<SaveSkillResult> {
  const { fs } = resolveIo(opts);
  refuseSkippedName(request.skillName);
  // A create-mode save never lands on an entry of skills/ that is not a skill (an escaping symlink, a folder without SKILL.md).
  if (!request.editingName) await refuseNonSkillOccupant(agentDir, request.skillName, opts);
  const req = prepareRequest(request);
  // One save per skill folder at a time: the conflict check and the swap must not interleave. A rename holds both names, in order.
  const names = [...new Set([req.skillName, ...(req.editingName ? [req.editingName] : [])])].sort();
  const locked = names.reduceRight<() => Promise<SaveSkillResult>>(
    (inner, n) => () => withFileLock(fs, join(agentDir, 'skills', n), inner),
    () => saveChecked(agentDir, req, opts),
  );
  return locked();
}

/** RequestError on skill_name for a name the skill store would skip: the saved skill would never be listed or read. */
function refuseSkippedName(name: string): void {
  const problem = skippedSkillNameProblem(name);
  if (problem) throw new RequestError(S.skillName, `${S.skillName}: ${problem}; save the skill under another name`);
}

/** Where and how one save writes: the agent, its skills/ folder, the skill's name and whether it replaces the edited skill. */
interface SaveTarget {
  agentDir: string;
  skillsDir: string;
  name: string;
  editingName: string | undefined;
  replacing: boolean;
}

type CheckedRequest = ReturnType<typeof prepareRequest>;
type CarriedFolder = { real: string; files: SkillFolderFiles } | null;

/** Saves a checked request under the skill's lock, in order: validate, refuse a clash, check the files edited later, swap, env and egress. */
async function saveChecked(agentDir: string, req: CheckedRequest, opts: SaveSkillOptions): Promise<SaveSkillResult> {
  const { fs, env } = resolveIo(opts);
  const editingName = req.editingName ? req.editingName : undefined;
  const t: SaveTarget = {
    agentDir,
    skillsDir: join(agentDir, 'skills'),
    name: req.skillName,
    editingName,
    replacing: editingName === req.skillName && req.overwrite !== false,
  };
  const { existing, source, carried, validation, parsed } = await validateSave(fs, t, req, opts);
  refuseCreateClash(t, existing);
  const { forgePath, envPath, domains, egressWarnings } = await checkEditableFiles(fs, agentDir, parsed.forge.egressDomains);
  const warnings: Diagnostic[] = [...validation.warnings, ...egressWarnings];
  const keep = opts.historyKeep ?? (await historyKeepForAgent(fs, agentDir));
  // A rename is a move: the skill under its old name is kept in history, its folder goes and its history follows it.
  const moved = editingName !== undefined && editingName !== t.name && source ? source : null;
  const replaced = moved ?? existing;
  if (replaced?.format === 'subdir') await keepPreviousVersion(fs, agentDir, moved ? editingName! : t.name, replaced.path, keep);
  const path = await buildAndSwap(fs, t, req, carried, replaced);
  if (moved) await moveSkillHistory(fs, agentDir, editingName!, t.name, keep);
  const envConfigured = await writeEnvVars(fs, envPath, req.envVars);
  const egressAdded = await mergeEgress(fs, forgePath, domains);
  const envMissing = await missingEnvVars(fs, env, envPath, parsed);
  return { path, egressAdded, envConfigured, envMissing, warnings };
}

/**
 * Step 1: validates the SKILL.md with the folder files it will have (carried from the edited skill),
 * the frontmatter name against skill_name, and risky egress. Throws SkillValidationError; writes nothing.
 */
async function validateSave(fs: FsLike, t: SaveTarget, req: CheckedRequest, opts: SaveSkillOptions) {
  const { agentDir, skillsDir, name, editingName, replacing } = t;
  const existing: SkillLocation | null = await locateSkill(agentDir, name, { fs });
  const previous = replacing && existing ? await readPrevious(fs, skillsDir, existing) : undefined;
  // The folder files come from the skill being edited: the one replaced, or — an edit that renames it — the one under editing_name.
  const source = replacing ? existing : editingName !== undefined && !existing ? await locateSkill(agentDir, editingName, { fs }) : null;
  const carried: CarriedFolder = source?.format === 'subdir' ? await carriedFolder(fs, skillsDir, source.path) : null;
  const folder = savedFolderForValidation(req.folderFiles, carried?.files ?? null);
  const validation = validateSkillMd(req.skillMd, {
    profile: opts.profile ?? 'forge',
    scripts: req.scripts,
    ...(folder ? { files: folder } : {}),
    dirName: name,
    mode: editingName ? 'edit' : 'create',
    ...(editingName ? { editingName } : {}),
    ...(previous !== undefined ? { previous } : {}),
  });
  const parsed = parseSkillMd(req.skillMd);
  const fmName = parsed.frontmatter && typeof parsed.frontmatter.name === 'string' ? parsed.frontmatter.name.trim() : undefined;
  if (fmName !== undefined && fmName !== name) {
    const mismatch = errorDiag(
      'name-mismatch',
      S.skillName,
      `skill_name "${name}" must equal the frontmatter name "${fmName}"; save it under "${fmName}" or change the name: line`,
      parsed.frontmatterLines.name,
    );
    const merged = toValidationResult([...validation.errors, mismatch, ...validation.warnings]);
    throw new SkillValidationError(merged);
  }
  if (!validation.valid) throw new SkillValidationError(validation);
  const checked = await checkEgress(req.skillMd, validation, parsed.forge.egressDomains, opts);
  if (!checked.valid) throw new SkillValidationError(checked);
  return { existing, source, carried, validation: checked, parsed };
}

/** Malformed egress entries refused; risky ones (by name or by what the names resolve to) refused unless allowed, else warnings. */
async function checkEgress(skillMd: string, validation: ValidationResult, domains: readonly string[], opts: SaveSkillOptions): Promise<ValidationResult> {
  let fm: string[] | undefined;
  const lineOf = (i: number) => locateField((fm ??= frontmatterLinesOf(skillMd)), ['metadata', 'forge', 'egress_domains', i]);
  const resolved = await riskyResolvedEgress(domains, { ...(opts.resolveHost ? { resolveHost: opts.resolveHost } : {}), lineOf });
  return egressSaveValidation(validation, domains, { allowRisky: opts.allowRiskyEgress === true, resolved, lineOf });
}

/** Step 2: create mode (and a rename onto another skill) never replaces anything: SkillConflictError. */
function refuseCreateClash(t: SaveTarget, existing: SkillLocation | null): void {
  if (!existing || t.replacing) return;
  const { name, editingName, skillsDir } = t;
  throw new SkillConflictError(
    name,
    editingName && editingName !== name
      ? `skill "${name}" already exists; renaming "${editingName}" to it would replace another skill — pick a different name`
      : `skill "${name}" already exists in ${skillsDir}; open it in edit mode to change it, or pick another name`,
  );
}

/** Step 3: everything edited after the swap must be readable now (forge.yaml's egress section; no symlinked .env or forge.yaml). */
async function checkEditableFiles(fs: FsLike, agentDir: string, rawDomains: readonly string[]) {
  const forgePath = join(agentDir, 'forge.yaml');
  const { domains, warnings: egressWarnings } = await checkEgressDomains(fs, forgePath, rawDomains);
  // The agent's .env and forge.yaml are edited (or read) after the swap: a symlink there is refused now, before anything is written.
  const envPath = join(agentDir, '.env');
  await assertRegularOrMissing(fs, envPath);
  await assertRegularOrMissing(fs, forgePath);
  return { forgePath, envPath, domains, egressWarnings };
}

/**
 * Step 4: builds the new skill folder in a hidden temp folder under skills/, then swaps it into place
 * (removing the temp folder on failure, and the edited skill's old location after a move). Returns the skill's folder.
 */
async function buildAndSwap(fs: FsLike, t: SaveTarget, req: CheckedRequest, carried: CarriedFolder, existing: SkillLocation | null): Promise<string> {
  const { agentDir, skillsDir, name } = t;
  await fs.promises.mkdir(skillsDir, { recursive: true });
  const realAgent = await realPath(fs, agentDir);
  const realSkills = await realPath(fs, skillsDir);
  if (!isInside(realAgent, realSkills))
    throw new UnsafePathError(S.skillName, `${skillsDir} is a symlink pointing outside the agent folder; refusing to write there`);
  const target = join(skillsDir, name);
  const carryFrom = carried?.real ?? null;
  await cleanLeftoverTemps(fs, skillsDir); // folders a crashed save left behind
  const tmp = tempSibling(join(skillsDir, name), 'saving');
  const releaseTmp = holdTemp(tmp);
  try {
    await writeNewSkillFolder(fs, tmp, req.skillMd, req.scripts, carryFrom);
    await applyFolderFiles(fs, tmp, req.folderFiles, carried?.files ?? null);
    // Readers of this process wait for the renames, so they see the old skill or the new one, whole.
    await withSkillsSwap(fs, skillsDir, async () => {
      await swapIntoPlace(fs, skillsDir, name, tmp, target);
      // An edited skill found under another folder name, in the flat form, or renamed now lives at skills/<name>/ only.
      if (existing && existing.path !== target) await fs.promises.rm(existing.path, { recursive: true, force: true }).catch(() => undefined);
    });
  } catch (err) {
    await fs.promises.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  } finally {
    releaseTmp();
  }
  return target;
}

/** Step 5: writes the non-empty env var values into the agent's .env (sorted by name); returns the names written. */
async function writeEnvVars(fs: FsLike, envPath: string, envVars: Record<string, string>): Promise<string[]> {
  const configured: string[] = [];
  for (const [k, v] of Object.entries(envVars).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (v === '') continue;
    await setEnvFileValue(envPath, k, v, { fs });
    configured.push(k);
  }
  return configured;
}

/** Step 6: the env vars the skill requires that neither the agent's .env nor the environment sets. */
async function missingEnvVars(fs: FsLike, env: EnvRecord, envPath: string, parsed: ParsedSkillMd): Promise<MissingEnvVar[]> {
  const agentEnv = await readEnvFile(envPath, { fs });
  const isSet = (n: string) => (agentEnv[n] ?? '').trim() !== '' || (env[n] ?? '').trim() !== '';
  const missing: MissingEnvVar[] = [];
  for (const n of parsed.forge.requires.env.required) if (!isSet(n)) missing.push({ name: n, kind: 'required' });
  const oneOf = parsed.forge.requires.env.oneOf;
  if (oneOf.length > 0 && !oneOf.some(isSet)) for (const n of oneOf) missing.push({ name: n, kind: 'one_of' });
  return missing;
}

/** The edited skill's real folder (when it lies inside skills/) and its folder files, carried into the new folder. */
async function carriedFolder(fs: FsLike, skillsDir: string, path: string): Promise<{ real: string; files: SkillFolderFiles } | null> {
  const realSkills = await realPath(fs, skillsDir).catch(() => null);
  const realOld = await realPath(fs, path).catch(() => null);
  if (!realSkills || !realOld || !isInside(realSkills, realOld) || realOld === realSkills) return null;
  return { real: realOld, files: await readSkillFolderFiles(fs, realOld) };
}

/** The SKILL.md being replaced (the validator compares tool names with it), or undefined when it may not or cannot be read. */
async function readPrevious(fs: FsLike, skillsDir: string, loc: SkillLocation): Promise<string | undefined> {
  try {
    return await readSkillMdAt(fs, skillsDir, loc);
  } catch (err) {
    if (SkillReadError.isInstance(err) || errnoCode(err)) return undefined;
    throw err;
  }
}

/** Names of the agent's skills (folder names and frontmatter names), for conflict checks by callers. */
export async function existingSkillNames(agentDir: string, opts: IoOptions = {}): Promise<string[]> {
  const names = new Set<string>();
  for (const s of await listCustomSkills(agentDir, opts)) {
    names.add(s.dirName);
    names.add(s.name);
  }
  return [...names].sort();
}
