// The files of a skill-folder draft as the draft panel shows them:
// tabs grouped by folder (SKILL.md, scripts/, references/, assets/, …), the
// name check for a new or renamed file (scripts keep the script-name rule of
// draft.ts; other folders apply the same rule to every path segment and the
// archive-path rules of core), and adding, renaming and deleting files as
// pure draft-to-draft functions.

import { entryPathProblem, foldedPath } from '../../../core/safe-text/entry-path.js';
import { SKILL_FOLDER_LIMITS, TEXT_FILE_FOLDERS } from '../../../core/skill-folder/limits.js';
import { checkNewScriptName, folderTab, isFolderTab, SCRIPT_TEMPLATE, SKILL_MD, tabPath } from '../draft.js';
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
    ...Object.keys(d.files ?? {}).map((path) => ({ tab: path, label: path })),
    ...(d.binaries ?? []).map((b) => ({ tab: folderTab(b.path), label: b.path, binary: b })),
  ].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  for (const t of other) {
    const folder = topFolder(t.label);
    add(folder, { ...t, label: folder ? t.label.slice(folder.length + 1) : t.label });
  }
  return [...groups].map(([folder, tabs]) => ({ folder, tabs })).sort((a, b) => rank(a.folder) - rank(b.folder) || (a.folder < b.folder ? -1 : 1));
}

/** Folders a file can be added to or moved into: scripts/, the usual text folders (`reference/` only when used) and any other folder the draft has (templates/ …). */
export function folderChoices(d: Draft): string[] {
  const used = new Set(Object.keys(d.files ?? {}).map(topFolder));
  return [...new Set(['scripts', ...TEXT_FILE_FOLDERS.filter((f) => f !== 'reference' || used.has(f)), ...[...used].filter(Boolean).sort()])];
}

/** The folder a tab's file is in (`scripts` for a script, '' for SKILL.md). */
export const folderOf = (tab: string) => (tab === SKILL_MD ? '' : isFolderTab(tab) ? topFolder(tabPath(tab)) : 'scripts');

/** The name of a tab's file inside its folder. */
export const nameIn = (tab: string) =>
  isFolderTab(tab)
    ? tabPath(tab)
        .slice(topFolder(tabPath(tab)).length)
        .replace(/^\//, '')
    : tab;

/**
 * Why `name` cannot be a new (or renamed) file in `folder`, or null when it can. Scripts: the script rule.
 * Other folders: each `/`-separated segment must pass the same rule, the path must be safe in an archive
 * and must not clash (after Unicode normalisation and case folding) with another folder file.
 */
export function checkNewFileName(folder: string, name: string, d: Draft, renaming?: string): string | null {
  if (folder === 'scripts') return checkNewScriptName(name, d.scripts, renaming);
  if (!folderChoices(d).includes(folder)) return `files can be added to ${folderChoices(d).join('/, ')}/`;
  if (name === '') return 'a file name is required (e.g. "guide.md")';
  const path = `${folder}/${name}`;
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
  const key = foldedPath(path);
  const clash = [...Object.keys(d.files ?? {}), ...(d.binaries ?? []).map((b) => b.path)].find((p) => p !== renaming && foldedPath(p) === key);
  if (clash)
    return clash === path ? `a file named "${path}" already exists` : `"${path}" clashes with "${clash}" (the same name apart from case or Unicode form)`;
  if (!renaming && Object.keys(d.files ?? {}).length >= SKILL_FOLDER_LIMITS.maxTextFiles)
    return `a skill may hold at most ${SKILL_FOLDER_LIMITS.maxTextFiles} text files`;
  return null;
}

/** The tab key of `name` in `folder`. */
export const tabFor = (folder: string, name: string) => (folder === 'scripts' ? name : `${folder}/${name}`);

/** A name in `folder` not taken yet: `new-tool.sh` / `notes.md`, then `-2`, `-3`, … */
export function freshName(folder: string, d: Draft): string {
  const [base, ext] = folder === 'scripts' ? ['new-tool', '.sh'] : ['notes', '.md'];
  for (let i = 1; ; i++) {
    const n = `${base}${i === 1 ? '' : `-${i}`}${ext}`;
    if (checkNewFileName(folder, n, d) === null) return n;
  }
}

const without = <V>(o: Record<string, V> | undefined, key: string): Record<string, V> => Object.fromEntries(Object.entries(o ?? {}).filter(([k]) => k !== key));

/** The draft with a new file (a script gets the script template; a text file starts empty). */
export function addFile(d: Draft, folder: string, name: string): Draft {
  return folder === 'scripts'
    ? { ...d, scripts: { ...d.scripts, [name]: SCRIPT_TEMPLATE } }
    : { ...d, files: { ...d.files, [tabFor(folder, name)]: `# ${name.replace(/\.[^.]*$/, '')}\n` } };
}

/** The draft with the file of tab `from` under the new tab `to` (a script renamed in place keeps its position; a file may move between scripts/ and the text folders). */
export function renameFile(d: Draft, from: string, to: string): Draft {
  if (!isFolderTab(from) && !isFolderTab(to)) return { ...d, scripts: Object.fromEntries(Object.entries(d.scripts).map(([k, v]) => [k === from ? to : k, v])) };
  const text = isFolderTab(from) ? (d.files?.[from] ?? '') : (d.scripts[from] ?? '');
  const out = deleteFile(d, from);
  return isFolderTab(to) ? { ...out, files: { ...out.files, [to]: text } } : { ...out, scripts: { ...out.scripts, [to]: text } };
}

/** The draft without the file of `tab`. */
export function deleteFile(d: Draft, tab: string): Draft {
  if (!isFolderTab(tab)) return { ...d, scripts: without(d.scripts, tab) };
  const out: Draft = { ...d, files: without(d.files, tab) };
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
