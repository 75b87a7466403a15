// Names that end up in file paths: skill names, script file names, env var names:
// every one is checked here before it reaches a path. Each checker
// returns `null` when the value is fine, or a sentence saying what is wrong and
// how to fix it; the assert* forms throw UnsafePathError with that sentence.

import { UnsafePathError } from './errors.js';
import { trimEndOf, trimOf } from './trim-run.js';

export const MAX_SKILL_NAME_LENGTH = 64;

/** Lowercase kebab-case: words of `a-z0-9` joined by single hyphens (`incident-response`). */
export const KEBAB_CASE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Forge skill names: lowercase kebab-case, 1–64 chars (`k8s-incident-triage`). */
export const SKILL_NAME_PATTERN = KEBAB_CASE_PATTERN;

/** Script file names: a plain file name, no folders, no leading dot. */
export const SCRIPT_FILE_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** POSIX-style environment variable names (`OPENAI_API_KEY`, `WORKSPACE_LLM_KEY`). */
export const ENV_VAR_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function checkSkillName(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'a skill name is required (lowercase kebab-case, e.g. "weather-report")';
  if (name.length > MAX_SKILL_NAME_LENGTH) return `a skill name must be at most ${MAX_SKILL_NAME_LENGTH} characters (got ${name.length})`;
  if (name.includes('/') || name.includes('\\') || name.includes('..') || name.includes('\0'))
    return `"${printable(name)}" is not a valid skill name: it must not contain "/", "\\", ".." or NUL; use lowercase kebab-case like "weather-report"`;
  if (!SKILL_NAME_PATTERN.test(name))
    return `"${printable(name)}" is not a valid skill name: use lowercase letters, digits and single hyphens (kebab-case), e.g. "${suggestKebab(name)}"`;
  return null;
}

export function checkScriptFileName(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'a script file name is required (e.g. "my-tool.sh")';
  if (name.includes('\0')) return 'a script file name must not contain NUL';
  if (name.includes('/') || name.includes('\\')) return `"${printable(name)}" is not a plain file name: scripts live directly in scripts/, so no "/" or "\\"`;
  if (name.startsWith('.')) return `"${printable(name)}" starts with a dot: hidden files are not allowed as scripts`;
  if (name.includes('..')) return `"${printable(name)}" contains "..": use a plain file name like "my-tool.sh"`;
  if (name.length > 128) return `script file name is too long (${name.length} > 128 characters)`;
  if (!SCRIPT_FILE_NAME_PATTERN.test(name))
    return `"${printable(name)}" has characters not allowed in a script file name: use letters, digits, ".", "_" and "-"`;
  return null;
}

/**
 * Names every JavaScript object already has (`__proto__`, `constructor`,
 * `toString` …): as a key of a plain object such a name is dropped or
 * shadows a built-in, so an env var may not be called that.
 */
const OBJECT_MEMBER_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export function checkEnvVarName(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'an environment variable name is required (e.g. "OPENAI_API_KEY")';
  if (!ENV_VAR_NAME_PATTERN.test(name))
    return `"${printable(name)}" is not a valid environment variable name: use letters, digits and "_", not starting with a digit`;
  if (OBJECT_MEMBER_NAMES.has(name))
    return `"${name}" cannot be an environment variable name here (it is a built-in property name of JavaScript objects); use an upper-case name such as "${trimOf(name, '_').toUpperCase() || 'MY_VAR'}"`;
  return null;
}

/** Why a value cannot go into a `.env` file, or null. Never includes the value itself. */
export function checkEnvValue(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  if (/[\r\n]/.test(value)) return 'must not contain a line break (paste the value on one line)';
  if (value.includes('\0')) return 'must not contain a NUL character';
  // A lone UTF-16 surrogate cannot be written as UTF-8: it would come back as U+FFFD.
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value))
    return 'must be valid Unicode text (it holds a broken surrogate pair)';
  return null;
}

export function assertSafeSkillName(name: unknown, field = 'skill_name'): asserts name is string {
  const problem = checkSkillName(name);
  if (problem) throw new UnsafePathError(field, `${field}: ${problem}`);
}

export function assertSafeScriptFileName(name: unknown, field = 'scripts'): asserts name is string {
  const problem = checkScriptFileName(name);
  if (problem) throw new UnsafePathError(field, `${field}: ${problem}`);
}

/** Best-effort kebab-case suggestion for an error message (`Foo_Bar` → `foo-bar`); `fallback` when nothing usable is left. */
export function suggestKebab(name: string, fallback = 'my-skill'): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const s = trimEndOf(trimOf(kebab, '-').slice(0, MAX_SKILL_NAME_LENGTH), '-');
  return s || fallback;
}

function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).slice(0, 80);
}
