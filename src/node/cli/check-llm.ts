// The model behind `check --routing`/`--evals` and `eval --record/--replay`: the workspace's skill-builder LLM
// settings (as for route-check), recording every provider call into
// `--record <dir>` or answering every call from `--replay <dir>`. Replaying
// sends nothing, so it needs no key and no trusted base_url: CI runs it
// without secrets.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../../core/errors.js';
import type { LlmConfig } from '../../core/llm/types.js';
import { resolveUsableLlm } from '../config/workspace-llm.js';
import { createDirectoryRecordingStore } from '../llm-recording/directory-store.js';
import { UsageError } from './args.js';
import type { CliIo } from './io.js';
import { findWorkspace } from './workspace-dir.js';

export interface CheckLlmArgs {
  /** The command the usage errors name (default `check`). */
  command?: string;
  /** --dir: the workspace with the LLM settings. */
  dir?: string;
  record?: string;
  replay?: string;
  /** The first path checked: the workspace is looked for above it. */
  firstPath: string;
}

async function isDir(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** The LlmConfig the routing check (or eval) runs on; UsageError (exit 2) for unusable settings. */
export async function checkLlmConfig(args: CheckLlmArgs, io: CliIo): Promise<LlmConfig> {
  const command = args.command ?? 'check';
  if (args.record !== undefined && args.replay !== undefined) throw new UsageError('give --record <dir> or --replay <dir>, not both', command);
  if (args.record === '' || args.replay === '') throw new UsageError('--record and --replay need a folder', command);
  const replayDir = args.replay !== undefined ? resolve(io.cwd, args.replay) : undefined;
  if (replayDir !== undefined && !(await isDir(replayDir)))
    throw new UsageError(`--replay ${args.replay}: no such folder; record one first with --record ${args.replay} (needs the provider key)`, command, 'replay');
  const workspaceDir = args.dir !== undefined ? resolve(io.cwd, args.dir) : (findWorkspace(resolve(io.cwd, args.firstPath)) ?? findWorkspace(io.cwd) ?? io.cwd);
  let config: LlmConfig;
  try {
    ({ config } = await resolveUsableLlm({ workspaceDir, env: io.env, homeDir: io.homeDir, offline: replayDir !== undefined }));
  } catch (err) {
    if (!ConfigError.isInstance(err)) throw err;
    throw new UsageError(`${err.message} (workspace ${workspaceDir}; pass --dir <workspace> for another)`, command, err.field);
  }
  const dir = replayDir ?? (args.record !== undefined ? resolve(io.cwd, args.record) : undefined);
  if (dir === undefined) return config;
  return { ...config, recording: { mode: replayDir !== undefined ? 'replay' : 'record', store: createDirectoryRecordingStore(dir) } };
}
