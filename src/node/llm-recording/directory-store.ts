// Recordings of LLM calls on disk: one `<hash>.json` per request in a directory
// (created on the first write), written atomically so a crash never leaves half
// a file. A hash is 64 hex digits, checked before it becomes a path.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../core/errors.js';
import type { LlmRecordingStore, RecordingFile } from '../../core/llm/recording/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { resolveIo } from '../fs/types.js';

const HASH = /^[0-9a-f]{64}$/;

function fileOf(dir: string, hash: string): string {
  if (!HASH.test(hash)) throw new ConfigError('recording', `not a request hash: ${JSON.stringify(hash)} (64 lowercase hex digits)`);
  return join(dir, `${hash}.json`);
}

/** A store over `dir`: what `--record <dir>` writes and `--replay <dir>` reads. */
export function createDirectoryRecordingStore(dir: string): LlmRecordingStore {
  const root = resolve(dir);
  const { fs } = resolveIo();
  return {
    location: root,
    async read(hash) {
      let text: string;
      try {
        text = await readFile(fileOf(root, hash), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      try {
        return JSON.parse(text) as RecordingFile;
      } catch (err) {
        throw new ConfigError('recording', `${fileOf(root, hash)} is not valid JSON: record it again or delete it`, { cause: err });
      }
    },
    async write(hash, file) {
      await writeFileAtomic(fs, fileOf(root, hash), `${JSON.stringify(file, null, 2)}\n`);
    },
  };
}
