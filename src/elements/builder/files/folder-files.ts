// The files of a skill-folder draft as the draft panel shows them:
// tabs grouped by folder (SKILL.md, scripts/, references/, assets/, …), the
// name check for a new or renamed file (scripts keep the script-name rule of
// draft.ts; other folders apply the same rule to every path segment and the
// archive-path rules of core), and adding, renaming and deleting files as
// pure draft-to-draft functions.

import { entryPathProblem, foldedPath } from '../../../core/safe-text/entry-path.js';
import { SKILL_FOLDER_LIMITS, TEXT_FILE_FOLDERS } from '../../../core/skill-folder/limits.js';
import { checkNewScriptName, fileText, folderTab, isFolderTab, SCRIPT_TEMPLATE, SKILL_MD, tabPath, withFileText } from '../draft.js';
import type { Draft, DraftBinary } from '../../types.js';

export interface FileTab {
  /** The tab key: `SKILL.md`, a script's plain name, or a folder file's relative path. */
  tab: string;
  /** The name shown: the path below the group's folder. */
  label: string;
  /** Set for a file kept byte for byte (not editable). */
  binary?: DraftBinary;
}

export interface FileGroup {
  /** '' for SKILL.md, else the top folder (`scripts`, `references`, …). */
  folder: string;
  tabs: FileTab[];
}

const ORDER = ['', 'scripts', ...TEXT_FILE_FOLDERS];
const rank = (folder: string) => (ORDER.includes(folder) ? ORDER.indexOf(folder) : ORDER.length);
const topFolder = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

/** SKILL.md, then scripts (in draft order), then the other folders (references, reference, assets, then by name), files sorted by path. */
export function fileGroups(d: Draft): FileGroup[] {
  const groups = new Map<string, FileTab[]>([['', [{ tab: SKILL_MD, label: SKILL_MD }]]]);
  const add = (folder: string, t: FileTab) => (groups.get(folder) ?? groups.set(folder, []).get(folder)!).push(t);
  for (const name of Object.keys(d.scripts)) add('scripts', { tab: name, label: name });
  const other: FileTab[] = [
    ...Object.keys(d.files ?? {}).map((path) => ({ tab: folderTab(path), label: path })),
    ...(d.binaries ?? []).map((b) => ({ tab: folderTab(b.path), label: b.path, binary: b })),
  ].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  for (const t of other) {
    const folder = topFolder(t.label);
    add(folder, { ...t, label: folder ? t.label.slice(folder.length + 1) : t.label });
  }
  return [...groups].map(([folder, tabs]) => ({ folder, tabs })).sort((a, b) => rank(a.folder) - rank(b.folder) || (a.folder < b.folder ? -1 : 1));
}

/**
 * Folders a file can be added to or moved into: scripts/, the usual text folders (`reference/` only when used), any other
 * folder the draft has (templates/ …) and, when the draft has files at the top of the skill folder (LICENSE.txt), that top ('').
 */
export function folderChoices(d: Draft): string[] {
  const used = new Set(Object.keys(d.files ?? {}).map(topFolder));
  const named = [...used].filter(Boolean).sort();
  return [...new Set(['scripts', ...TEXT_FILE_FOLDERS.filter((f) => f !== 'reference' || used.has(f)), ...named, ...(used.has('') ? [''] : [])])];
}

/** How a folder is shown in the name form: `references/`, or `./` for the top of the skill folder. */
export const folderLabel = (folder: string) => (folder ? `${folder}/` : './');

/** The folder a tab's file is in (`scripts` for a script, '' for SKILL.md and a file at the top of the skill folder). */
export const folderOf = (tab: string) => (tab === SKILL_MD ? '' : isFolderTab(tab) ? topFolder(tabPath(tab)) : 'scripts');

/** The name of a tab's file inside its folder (a nested file keeps its sub-folders: `x/y.txt` in templates/). */
export const nameIn = (tab: string) =>
  isFolderTab(tab)
    ? tabPath(tab)
        .slice(topFolder(tabPath(tab)).length)
        .replace(/^\//, '')
    : tab;

/** Whether `name` in `folder` is a script (a plain name in scripts/) rather than a folder file (`scripts/lib/util.py`, `references/a.md`). */
const isScript = (folder: string, name: string) => folder === 'scripts' && !name.includes('/');

/** The tab key of `name` in `folder`. */
export const tabFor = (folder: string, name: string) => (isScript(folder, name) ? name : folderTab(folder ? `${folder}/${name}` : name));

/** Every path the draft's files take in the skill folder (scripts as `scripts/<name>`), but the one of tab `except`. */
function pathsOf(d: Draft, except?: string): string[] {
  const skip = except === undefined ? undefined : tabPath(except);
  const all = [...Object.keys(d.files ?? {}), ...(d.binaries ?? []).map((b) => b.path), ...Object.keys(d.scripts).map((s) => `scripts/${s}`)];
  return all.filter((p) => p !== skip);
}

/** Why a folder file's `path` clashes with another file of the draft (the same name apart from case or Unicode form, or one being the other's folder), or null. */
function clashOf(path: string, others: string[]): string | null {
  const key = foldedPath(path);
  for (const p of others) {
    const other = foldedPath(p);
    if (other === key)
      return p === path ? `a file named "${path}" already exists` : `"${path}" clashes with "${p}" (the same name apart from case or Unicode form)`;
    if (other.startsWith(`${key}/`)) return `"${path}" is the folder of "${p}"; choose another name`;
    if (key.startsWith(`${other}/`)) return `"${p}" is a file, so nothing can go inside it; choose another folder`;
  }
  return null;
}

/** Why `name` cannot be a file in `folder` (not a script), before any clash: a safe relative path whose every segment passes the script-name rule. */
function folderFileProblem(folder: string, name: string, d: Draft): string | null {
  if (!folderChoices(d).includes(folder)) return `files can be added to ${folderChoices(d).map(folderLabel).join(', ')}`;
  if (name === '') return 'a file name is required (e.g. "guide.md")';
  const path = folder ? `${folder}/${name}` : name;
  const unsafe = entryPathProblem(path);
  if (unsafe) return unsafe.replace('the entry', 'the file');
  for (const segment of name.split('/')) {
    const problem = checkNewScriptName(segment, {});
    if (problem)
      return problem
        .replace(/script file name/g, 'file name')
        .replace(' as scripts', '')
        .replace(/another script name/, 'another name');
  }
  if (foldedPath(path) === foldedPath(SKILL_MD)) return 'SKILL.md is the skill itself; choose another name';
  return null;
}

/**
 * Why `name` cannot be a new file in `folder` (or the new name of the file of tab `renaming`), or null when it can.
 * A plain name in scripts/ is a script: the script rule. Anything else is a folder file: each `/`-separated segment must
 * pass the same rule, the path must be safe in an archive, and it must not clash (after Unicode normalisation and case
 * folding, or as a file where a folder is) with another file of the draft.
 */
export function checkNewFileName(folder: string, name: string, d: Draft, renaming?: string): string | null {
  const script = isScript(folder, name);
  const problem = script
    ? checkNewScriptName(name, d.scripts, renaming !== undefined && !isFolderTab(renaming) ? renaming : undefined)
    : folderFileProblem(folder, name, d);
  if (problem) return problem;
  const clash = clashOf(tabPath(tabFor(folder, name)), pathsOf(d, renaming));
  if (clash) return clash;
  if (!script && !renaming && Object.keys(d.files ?? {}).length >= SKILL_FOLDER_LIMITS.maxTextFiles)
    return `a skill may hold at most ${SKILL_FOLDER_LIMITS.maxTextFiles} text files`;
  return null;
}

/** A name in `folder` not taken yet: `new-tool.sh` / `notes.md`, then `-2`, `-3`, … */
export function freshName(folder: string, d: Draft): string {
  const [base, ext] = folder === 'scripts' ? ['new-tool', '.sh'] : ['notes', '.md'];
  for (let i = 1; ; i++) {
    const n = `${base}${i === 1 ? '' : `-${i}`}${ext}`;
    if (checkNewFileName(folder, n, d) === null) return n;
  }
}

const without = <V>(o: Record<string, V> | undefined, key: string): Record<string, V> => Object.fromEntries(Object.entries(o ?? {}).filter(([k]) => k !== key));

/** The draft with a new file (a script gets the script template; a text file starts with a title). */
export function addFile(d: Draft, folder: string, name: string): Draft {
  const tab = tabFor(folder, name);
  return withFileText(d, tab, isFolderTab(tab) ? `# ${name.replace(/^.*\//, '').replace(/\.[^.]*$/, '')}\n` : SCRIPT_TEMPLATE);
}

/**
 * The draft with the file of tab `from` under the new tab `to`, its text kept: a script renamed in place keeps its
 * position; a file may move between scripts/, the text folders, their sub-folders and the top of the skill folder.
 */
export function renameFile(d: Draft, from: string, to: string): Draft {
  if (!isFolderTab(from) && !isFolderTab(to)) return { ...d, scripts: Object.fromEntries(Object.entries(d.scripts).map(([k, v]) => [k === from ? to : k, v])) };
  return withFileText(deleteFile(d, from), to, fileText(d, from));
}

/** The draft without the file of `tab`. */
export function deleteFile(d: Draft, tab: string): Draft {
  if (!isFolderTab(tab)) return { ...d, scripts: without(d.scripts, tab) };
  const out: Draft = { ...d, files: without(d.files, tabPath(tab)) };
  if (d.binaries) out.binaries = d.binaries.filter((b) => folderTab(b.path) !== tab);
  return out;
}

/** `1.2 KB`-style size for a listing. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n < 10 ? n.toFixed(1) : Math.round(n)} ${units[i]}`;
}
