// `.env` files: parse without evaluating, and edit one key in place.
// Reading accepts `KEY=value`, `export KEY=value`, single/double quotes,
// `#` comments (whole-line and after an unquoted value) and CRLF line ends;
// nothing is expanded or executed (`$HOME` stays `$HOME`). Editing rewrites
// only the key's line (keeping its `export`, quote style and trailing comment),
// appends when the key is new, removes it for an empty value, keeps every other
// line byte for byte, and replaces the file atomically with mode 0600. Writes
// to one file are serialised within the process. A `.env` that is a symlink is
// refused for reading and writing (UnsafePathError): its target is never read.

import { ConfigError } from '../../core/errors.js';
import { checkEnvValue, checkEnvVarName } from '../../core/names.js';
import { withFileLock, writeFileAtomic } from '../fs/atomic-write.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { readRegularTextIfExists } from '../fs/no-follow.js';

// `s`: a value may hold U+2028/U+2029, which `.` would not match (the line would be dropped).
// The value group starts at a character the space run cannot take, so the two never trade characters.
const ASSIGNMENT = /^(\s*)(export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=[ \t]*([^ \t].*)?$/s;

type Quote = '"' | "'" | '';

export interface EnvLine {
  key: string;
  value: string;
  indent: string;
  exported: boolean;
  quote: Quote;
  /** Text after the value (`  # note`), kept when the line is rewritten. */
  comment: string;
}

/** Parses one line (without its line end). Returns null for blanks, comments and anything unparseable. */
export function parseEnvLine(line: string): EnvLine | null {
  const m = ASSIGNMENT.exec(line);
  if (!m) return null;
  const [, indent = '', exp, key = '', rest = ''] = m;
  const base = { key, indent, exported: exp !== undefined };
  const first = rest[0];
  if (first === '"') {
    let out = '';
    for (let i = 1; i < rest.length; i++) {
      const c = rest[i]!;
      if (c === '\\' && i + 1 < rest.length) {
        const n = rest[++i]!;
        if (n === 'n') out += '\n';
        else if (n === 'r') out += '\r';
        else if (n === 't') out += '\t';
        else if (n === '\\' || n === '"' || n === '$' || n === '`') out += n;
        else out += `\\${n}`;
      } else if (c === '"') {
        return { ...base, value: out, quote: '"', comment: rest.slice(i + 1) };
      } else out += c;
    }
    // No closing quote on this line: take the text as written.
    return { ...base, value: rest.trim(), quote: '', comment: '' };
  }
  if (first === "'") {
    const end = rest.indexOf("'", 1);
    if (end > 0) return { ...base, value: rest.slice(1, end), quote: "'", comment: rest.slice(end + 1) };
    return { ...base, value: rest.trim(), quote: '', comment: '' };
  }
  const hash = /\s#/.exec(rest);
  const valuePart = hash ? rest.slice(0, hash.index) : rest.startsWith('#') ? '' : rest;
  const comment = hash ? rest.slice(hash.index) : rest.startsWith('#') ? rest : '';
  return { ...base, value: valuePart.trim(), quote: '', comment };
}

/** Parses `.env` text into a record (later lines win). Never expands or evaluates anything. */
export function parseEnvText(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const raw of text.split('\n')) {
    const parsed = parseEnvLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (parsed) out[parsed.key] = parsed.value;
  }
  return out;
}

/** Reads a `.env` file into a record; a missing file is `{}`; a symlink is refused (UnsafePathError). */
export async function readEnvFile(path: string, opts: Pick<IoOptions, 'fs'> = {}): Promise<Record<string, string>> {
  const { fs } = resolveIo(opts);
  const text = await readRegularTextIfExists(fs, path);
  return text === null ? (Object.create(null) as Record<string, string>) : parseEnvText(text);
}

const SAFE_UNQUOTED = /^[A-Za-z0-9_\-.:/+@%,=~^]*$/;

function formatValue(value: string, preferred: Quote): string {
  const escapeDouble = () => `"${value.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
  if (preferred === '"') return escapeDouble();
  if (preferred === "'" && !value.includes("'")) return `'${value}'`;
  if (SAFE_UNQUOTED.test(value)) return value;
  if (!value.includes("'")) return `'${value}'`;
  return escapeDouble();
}

/** Why a value cannot go into a `.env` file, or null (core's rule, shared with the HTTP schemas). */
export { checkEnvValue };

/** Pure edit of `.env` text: set (or, for an empty value, remove) one key. */
export function editEnvText(text: string, key: string, value: string): string {
  const firstNewline = text.indexOf('\n');
  const eol = firstNewline > 0 && text[firstNewline - 1] === '\r' ? '\r\n' : '\n';
  const endsWithNewline = text === '' || text.endsWith('\n');
  const lines = text === '' ? [] : text.split('\n');
  if (endsWithNewline && lines.length > 0) lines.pop(); // the empty piece after the final "\n"

  const hits: number[] = [];
  lines.forEach((raw, i) => {
    const parsed = parseEnvLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (parsed?.key === key) hits.push(i);
  });

  if (value === '') {
    if (hits.length === 0) return text;
    const kept = lines.filter((_, i) => !hits.includes(i));
    if (kept.length === 0) return '';
    // Only the key's own bytes go: every other line keeps its line end, also when the removed
    // line was a last line without one (else a CRLF file would keep a stray CR).
    const lastRemoved = hits.includes(lines.length - 1);
    return kept.join('\n') + (endsWithNewline || lastRemoved ? '\n' : '');
  }

  if (hits.length > 0) {
    // Rewrite the last definition (the one that wins) and drop earlier, shadowed ones.
    const last = hits[hits.length - 1]!;
    const raw = lines[last]!;
    const cr = raw.endsWith('\r') ? '\r' : '';
    const old = parseEnvLine(cr ? raw.slice(0, -1) : raw)!;
    const written = formatValue(value, old.quote);
    // `KEY=#note` has an empty value and a comment: an unquoted value needs a space before it.
    const comment = old.comment !== '' && !/^\s/.test(old.comment) && !/^["']/.test(written) ? ` ${old.comment}` : old.comment;
    lines[last] = `${old.indent}${old.exported ? 'export ' : ''}${key}=${written}${comment}${cr}`;
    const kept = lines.filter((_, i) => i === last || !hits.includes(i));
    return kept.join('\n') + (endsWithNewline ? '\n' : '');
  }

  const line = `${key}=${formatValue(value, '')}`;
  if (text === '') return `${line}${eol}`;
  return endsWithNewline ? `${text}${line}${eol}` : `${text}${eol}${line}`;
}

/**
 * Sets `key` to `value` in the `.env` file at `path` (created when missing), in place,
 * atomically, mode 0600. An empty value removes the key. Values with a line break or NUL
 * are refused with a ConfigError that never repeats the value.
 */
export async function setEnvFileValue(path: string, key: string, value: string, opts: Pick<IoOptions, 'fs'> = {}): Promise<void> {
  const { fs } = resolveIo(opts);
  const nameProblem = checkEnvVarName(key);
  if (nameProblem) throw new ConfigError('name', nameProblem, { file: path });
  const valueProblem = checkEnvValue(value);
  if (valueProblem) throw new ConfigError(key, `the value for ${key} ${valueProblem}`, { file: path });
  await withFileLock(fs, path, async () => {
    const text = (await readRegularTextIfExists(fs, path)) ?? '';
    const next = editEnvText(text, key, value);
    // Always rewrite (even when unchanged) so the mode is 0600 afterwards.
    await writeFileAtomic(fs, path, next, { mode: 0o600 });
  });
}

/** The `.gitignore` text with `entry` appended, or null when it already lists it (as `entry` or `/entry`). */
export function gitignoreWithEntry(text: string, entry: string): string | null {
  const present = text
    .split('\n')
    .map((l) => l.replace(/\r$/, '').trim())
    .some((l) => l === entry || l === `/${entry}`);
  if (present) return null;
  const sep = text === '' || text.endsWith('\n') ? '' : '\n';
  return `${text}${sep}${entry}\n`;
}

/** Makes sure the `.gitignore` at `path` lists `entry` (created or appended; idempotent). */
export async function ensureGitignoreEntry(path: string, entry: string, opts: Pick<IoOptions, 'fs'> = {}): Promise<boolean> {
  const { fs } = resolveIo(opts);
  return withFileLock(fs, path, async () => {
    const next = gitignoreWithEntry((await readRegularTextIfExists(fs, path)) ?? '', entry);
    if (next === null) return false;
    await writeFileAtomic(fs, path, next, { mode: 0o644 });
    return true;
  });
}
