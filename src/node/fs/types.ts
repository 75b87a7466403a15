// The filesystem, environment and home folder every node adapter works on.
// `FsLike` is the small slice of `node:fs` we use (its `promises` API), typed
// loosely enough that both `node:fs` and a memfs volume
// (`createFsFromVolume(vol)`) satisfy it without a cast. `resolveIo` fills in
// the real defaults; `process.env` is only ever the default *reader* — no
// function in src/node assigns to it.

import * as nodeFs from 'node:fs';
import { homedir } from 'node:os';

export interface FsStatsLike {
  mode: number | bigint;
  size: number | bigint;
  /** Last modification, in ms since the epoch (node:fs and memfs both give it). */
  mtimeMs?: number | bigint;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface FsDirentLike {
  name: string | { toString(): string };
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

type Text = string | { toString(encoding?: 'utf8'): string };

/** The async `fs.promises` methods the adapters call. */
export interface FsPromisesLike {
  readFile(path: string, encoding: 'utf8'): Promise<Text>;
  writeFile(path: string, data: string, options?: { mode?: number; flag?: string; encoding?: 'utf8' }): Promise<void>;
  mkdir(path: string, options: { recursive: true; mode?: number }): Promise<unknown>;
  readdir(path: string, options: { withFileTypes: true }): Promise<readonly unknown[]>;
  stat(path: string): Promise<FsStatsLike>;
  lstat(path: string): Promise<FsStatsLike>;
  realpath(path: string): Promise<Text>;
  readlink(path: string): Promise<Text>;
  symlink(target: string, path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
  unlink(path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
}

/** A `node:fs`-compatible object: `node:fs` itself, or `createFsFromVolume(vol)` from memfs. */
export interface FsLike {
  promises: FsPromisesLike;
}

/** The environment record read instead of `process.env`. Never written to. */
export type EnvRecord = Readonly<Record<string, string | undefined>>;

/** Options every node adapter accepts so it can run against memory instead of the machine. */
export interface IoOptions {
  /** Filesystem to use; default `node:fs`. */
  fs?: FsLike;
  /** Environment to read instead of `process.env`; default `process.env` (read only). */
  env?: EnvRecord;
  /** Home folder for the user tier (`~/.forge/ui.yaml`); default `os.homedir()`. */
  homeDir?: string;
}

export interface Io {
  fs: FsLike;
  env: EnvRecord;
  homeDir: string;
}

export function resolveIo(opts: IoOptions = {}): Io {
  return {
    fs: opts.fs ?? nodeFs,
    env: opts.env ?? process.env,
    homeDir: opts.homeDir ?? homedir(),
  };
}

/** A Node-style error code (`ENOENT`, `EEXIST`, …) or undefined. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** Reads a UTF-8 file, or returns null when it does not exist. */
export async function readTextIfExists(fs: FsLike, path: string): Promise<string | null> {
  try {
    return String(await fs.promises.readFile(path, 'utf8'));
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

export async function statIfExists(fs: FsLike, path: string, link = false): Promise<FsStatsLike | null> {
  try {
    return link ? await fs.promises.lstat(path) : await fs.promises.stat(path);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

export interface DirEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}

/** Lists a folder (no following of symlinks), or [] when it does not exist. Sorted by name. */
export async function listDir(fs: FsLike, path: string): Promise<DirEntry[]> {
  let raw: readonly unknown[];
  try {
    raw = await fs.promises.readdir(path, { withFileTypes: true });
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw err;
  }
  const out: DirEntry[] = [];
  for (const e of raw) {
    if (typeof e !== 'object' || e === null || !('name' in e)) continue;
    const d = e as FsDirentLike;
    out.push({ name: String(d.name), isFile: d.isFile(), isDirectory: d.isDirectory(), isSymbolicLink: d.isSymbolicLink() });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function realPath(fs: FsLike, path: string): Promise<string> {
  return String(await fs.promises.realpath(path));
}
