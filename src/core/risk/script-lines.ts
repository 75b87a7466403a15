// A script as the content rules read it: its language (from the extension,
// as the runtime picks the interpreter), its non-comment lines with 1-based
// numbers, and a finding builder that quotes the line.

import { interpreterFor, type Interpreter } from '../forge-runtime/script-binding.js';
import type { RiskFinding, RiskFindingRule } from './types.js';

export interface ScriptLine {
  no: number;
  text: string;
}

export interface ScriptView {
  /** `scripts/<name>`, as findings name it. */
  file: string;
  lang: Interpreter;
  /** Lines that are not whole-line comments (shebangs are comments). */
  lines: ScriptLine[];
}

export function scriptView(name: string, content: string): ScriptView | null {
  const lang = interpreterFor(name) ?? (/^#!.*\b(?:ba|da|k|z)?sh\b/.test(content) ? 'bash' : null);
  if (lang === null) return null;
  const comment = lang === 'node' ? /^\s*(?:\/\/|\/\*|\*)/ : /^\s*#/;
  const lines: ScriptLine[] = [];
  content.split(/\r?\n/).forEach((text, i) => {
    if (text.trim() !== '' && !comment.test(text)) lines.push({ no: i + 1, text });
  });
  return { file: `scripts/${name}`, lang, lines };
}

export function finding(rule: RiskFindingRule, severity: RiskFinding['severity'], message: string, file: string, line?: ScriptLine): RiskFinding {
  const f: RiskFinding = { rule, severity, message, file };
  if (line) {
    f.line = line.no;
    const t = line.text.trim();
    f.excerpt = t.length > 160 ? `${t.slice(0, 157)}…` : t;
  }
  return f;
}

/** Names assigned on lines matching `source` (a taint seed), then names assigned from those, to a fixpoint. */
export function taintedNames(lines: readonly ScriptLine[], assign: RegExp, seed: RegExp): Set<string> {
  const names = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const l of lines) {
      const m = assign.exec(l.text);
      if (!m || names.has(m[1]!)) continue;
      const rhs = l.text.slice(m.index + m[0].length);
      if (seed.test(rhs) || mentionsAny(rhs, names)) {
        names.add(m[1]!);
        changed = true;
      }
    }
  }
  return names;
}

/** True when `text` uses one of `names` as a word (`$NAME`, `${NAME`, `name[`, `name.get(`). */
export function mentionsAny(text: string, names: ReadonlySet<string>): boolean {
  // eslint-disable-next-line local/static-regexp -- `n` is a shell/Python identifier (\w+, from taintedNames); the only quantifier-free parts around it are optional single characters: linear
  for (const n of names) if (new RegExp(`(?:^|[^\\w])\\$?\\{?${n}\\b`).test(text)) return true;
  return false;
}
