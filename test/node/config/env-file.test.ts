// .env parsing and in-place editing (issue 4 "Secrets"), in memory and on a real disk.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import { editEnvText, ensureGitignoreEntry, parseEnvText, readEnvFile, setEnvFileValue } from '../../../src/node/config/env-file.js';
import type { FsLike } from '../../../src/node/fs/types.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';

describe('parseEnvText', () => {
  it('accepts export, quotes, comments and CRLF without evaluating anything', () => {
    const text = [
      '# a comment',
      'PLAIN=abc',
      'export EXPORTED=yes',
      'DOUBLE="with space # not a comment"',
      "SINGLE='$HOME stays literal'",
      'ESCAPED="a\\"b\\\\c"',
      'INLINE=value # trailing comment',
      'EXPANDED=$(rm -rf /)',
      'EMPTY=',
      '  SPACED = padded  ',
      'not a line',
      'WIN=crlf\r',
    ].join('\n');
    expect({ ...parseEnvText(text) }).toEqual({
      PLAIN: 'abc',
      EXPORTED: 'yes',
      DOUBLE: 'with space # not a comment',
      SINGLE: '$HOME stays literal',
      ESCAPED: 'a"b\\c',
      INLINE: 'value',
      EXPANDED: '$(rm -rf /)',
      EMPTY: '',
      SPACED: 'padded',
      WIN: 'crlf',
    });
  });

  it('lets a later definition win and keeps __proto__ as a plain key', () => {
    const parsed = parseEnvText('A=1\nA=2\n__proto__=x\n');
    expect(parsed.A).toBe('2');
    expect(Object.prototype.hasOwnProperty.call(parsed, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('editEnvText', () => {
  it('rewrites only the key line, keeping comments, quoting, export and the trailing newline', () => {
    const before = '# keys\nexport OPENAI_API_KEY="old" # team key\nOTHER=\'x y\'\n';
    const after = editEnvText(before, 'OPENAI_API_KEY', 'sk-new');
    expect(after).toBe('# keys\nexport OPENAI_API_KEY="sk-new" # team key\nOTHER=\'x y\'\n');
  });

  it('appends a new key and keeps a missing trailing newline missing', () => {
    expect(editEnvText('A=1', 'B', '2')).toBe('A=1\nB=2');
    expect(editEnvText('A=1\n', 'B', '2')).toBe('A=1\nB=2\n');
    expect(editEnvText('', 'B', '2')).toBe('B=2\n');
  });

  it('keeps CRLF line ends', () => {
    expect(editEnvText('A=1\r\nB=2\r\n', 'A', '3')).toBe('A=3\r\nB=2\r\n');
    expect(editEnvText('A=1\r\n', 'C', '3')).toBe('A=1\r\nC=3\r\n');
  });

  it('removes the key for an empty value, including shadowed duplicates', () => {
    expect(editEnvText('A=1\nB=2\nA=3\n', 'A', '')).toBe('B=2\n');
  });

  // Found by fuzzing (test/fuzz/env-file.fuzz.test.ts):
  it('keeps a comment written right after "=" apart from the new value', () => {
    // `KEY=#note` reads as an empty value and a comment; `KEY=v#note` would read as "v#note".
    const after = editEnvText('API_KEY=#note\n', 'API_KEY', 'sk-1');
    expect(after).toBe('API_KEY=sk-1 #note\n');
    expect(parseEnvText(after).API_KEY).toBe('sk-1');
  });

  it("removes a last line without a line end and leaves the others' CRLF whole", () => {
    // It used to leave "B=1\r", and the next append made that line "B=1\r\r".
    expect(editEnvText('B=1\r\nA=2', 'A', '')).toBe('B=1\r\n');
    expect(editEnvText(editEnvText('B=1\r\nA=2', 'A', ''), 'C', '3')).toBe('B=1\r\nC=3\r\n');
    expect(editEnvText('\nA=2', 'A', '')).toBe('\n');
  });

  it('reads back a value holding U+2028 or U+2029 (a line separator to JavaScript, not to .env)', () => {
    for (const v of ['a\u2028b', '\u2029']) {
      const text = editEnvText('', 'K', v);
      expect(parseEnvText(text).K).toBe(v);
    }
    expect(parseEnvText('K=x\u2028y').K).toBe('x\u2028y');
  });

  it('quotes values that need it so they read back identically', () => {
    for (const v of ['has space', "it's", 'a"b', 'back\\slash', '$NOT_EXPANDED', '#hash', ' lead', 'x=y/z+1']) {
      const text = editEnvText('', 'K', v);
      expect(parseEnvText(text).K).toBe(v);
    }
  });
});

describe('setEnvFileValue (memfs)', () => {
  it('refuses newline and NUL values without echoing them, and writes nothing', async () => {
    const ws = await createMemoryWorkspace({ '.forge/.env': 'A=1\n' });
    const path = ws.path('.forge/.env');
    for (const bad of ['sk-secret-1\nEVIL=1', 'sk-secret-2\r', 'sk-secret-3\0']) {
      const err = await setEnvFileValue(path, 'OPENAI_API_KEY', bad, ws).catch((e: unknown) => e);
      expect(ConfigError.isInstance(err)).toBe(true);
      expect(String((err as Error).message)).not.toContain('sk-secret');
    }
    expect(await ws.read('.forge/.env')).toBe('A=1\n');
  });

  it('refuses a value with a broken surrogate pair (UTF-8 would turn it into U+FFFD) and writes nothing', async () => {
    const ws = await createMemoryWorkspace({ '.forge/.env': 'A=1\n' });
    for (const bad of ['sk-\ud800', '\udc00x']) {
      const err = await setEnvFileValue(ws.path('.forge/.env'), 'OPENAI_API_KEY', bad, ws).catch((e: unknown) => e);
      expect(ConfigError.isInstance(err)).toBe(true);
      expect(String((err as Error).message)).toMatch(/valid Unicode/);
    }
    expect(await ws.read('.forge/.env')).toBe('A=1\n');
    await setEnvFileValue(ws.path('.forge/.env'), 'EMOJI', '😀', ws);
    expect((await readEnvFile(ws.path('.forge/.env'), ws)).EMOJI).toBe('😀');
  });

  it('refuses an invalid variable name', async () => {
    const ws = await createMemoryWorkspace();
    await expect(setEnvFileValue(ws.path('.forge/.env'), '1BAD', 'x', ws)).rejects.toThrow(/not a valid environment variable name/);
    await expect(setEnvFileValue(ws.path('.forge/.env'), 'A=B', 'x', ws)).rejects.toThrow(ConfigError);
  });

  it('creates the file and its folder with mode 0600', async () => {
    const ws = await createMemoryWorkspace();
    await setEnvFileValue(ws.path('.forge/.env'), 'KEY', 'v', ws);
    expect(await ws.read('.forge/.env')).toBe('KEY=v\n');
    const st = await ws.fs.promises.stat(ws.path('.forge/.env'));
    expect(Number(st.mode) & 0o777).toBe(0o600);
  });

  it('keeps all 50 keys when 50 calls for different keys run concurrently', async () => {
    const ws = await createMemoryWorkspace({ '.forge/.env': '# header\n' });
    const path = ws.path('.forge/.env');
    await Promise.all(Array.from({ length: 50 }, (_, i) => setEnvFileValue(path, `KEY_${i}`, `value-${i}`, ws)));
    const env = await readEnvFile(path, ws);
    expect(Object.keys(env)).toHaveLength(50);
    for (let i = 0; i < 50; i++) expect(env[`KEY_${i}`]).toBe(`value-${i}`);
    expect((await ws.read('.forge/.env'))!.startsWith('# header\n')).toBe(true);
  });

  it('reads a missing file as empty', async () => {
    const ws = await createMemoryWorkspace();
    expect({ ...(await readEnvFile(ws.path('nope/.env'), ws)) }).toEqual({});
  });
});

describe('ensureGitignoreEntry', () => {
  it('creates, appends once and never duplicates', async () => {
    const ws = await createMemoryWorkspace({ 'a/.gitignore': 'node_modules' });
    const path = ws.path('a/.gitignore');
    expect(await ensureGitignoreEntry(path, '.env', ws)).toBe(true);
    expect(await ensureGitignoreEntry(path, '.env', ws)).toBe(false);
    expect(await ws.read('a/.gitignore')).toBe('node_modules\n.env\n');
    const fresh = ws.path('b/.gitignore');
    await ensureGitignoreEntry(fresh, '.env', ws);
    await ensureGitignoreEntry(fresh, '.env', ws);
    expect(await ws.read('b/.gitignore')).toBe('.env\n');
  });
});

describe('setEnvFileValue (real disk)', () => {
  let dir: string;
  const fs = nodeFs as unknown as FsLike;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forge-env-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('forces mode 0600 even when the file existed world-readable', async () => {
    const path = join(dir, '.env');
    await writeFile(path, '# mine\nA=1\n', { mode: 0o644 });
    await setEnvFileValue(path, 'B', '2', { fs });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).toBe('# mine\nA=1\nB=2\n');
  });

  it('replaces the file by rename (a new inode) and leaves no temp files behind', async () => {
    const path = join(dir, '.env');
    await writeFile(path, 'A=1\n');
    const before = (await stat(path)).ino;
    await setEnvFileValue(path, 'A', '2', { fs });
    expect((await stat(path)).ino).not.toBe(before);
    expect(nodeFs.readdirSync(dir)).toEqual(['.env']);
  });

  it('keeps 50 concurrent keys on disk too', async () => {
    const path = join(dir, '.env');
    await Promise.all(Array.from({ length: 50 }, (_, i) => setEnvFileValue(path, `K${i}`, String(i), { fs })));
    expect(Object.keys(await readEnvFile(path, { fs }))).toHaveLength(50);
  });
});
