// Which highlighting a file of the draft gets, from its name (and, for a
// script without an extension, its #! line): SKILL.md is Markdown with YAML
// frontmatter, scripts are bash, Python or JavaScript. Markdown and YAML come
// with the editor (every draft has a SKILL.md); the script languages are
// loaded the first time a file needs one, each its own chunk.

import { LanguageSupport, StreamLanguage, type Language } from '@codemirror/language';
import { markdownLanguage } from '@codemirror/lang-markdown';
import { yamlFrontmatter, yamlLanguage } from '@codemirror/lang-yaml';
import { SKILL_MD } from '../draft.js';

export type LanguageName = 'skill-md' | 'markdown' | 'yaml' | 'shell' | 'python' | 'javascript' | 'typescript' | 'plain';

const EXTENSIONS: Readonly<Record<string, LanguageName>> = {
  md: 'markdown',
  markdown: 'markdown',
  yaml: 'yaml',
  yml: 'yaml',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'javascript',
  ts: 'typescript',
};

/** The language of a file tab: by extension, else by the interpreter its `#!` line names. */
export function languageOf(tab: string, text: string): LanguageName {
  if (tab === SKILL_MD) return 'skill-md';
  const ext = /\.([a-z]+)$/i.exec(tab)?.[1]?.toLowerCase();
  if (ext) return EXTENSIONS[ext] ?? 'plain';
  const shebang = interpreter(text);
  if (shebang === 'python') return 'python';
  if (shebang === 'node' || shebang === 'deno' || shebang === 'bun') return 'javascript';
  return shebang === 'bash' || shebang === 'sh' || shebang === 'zsh' ? 'shell' : 'plain';
}

/** The program a `#!` first line runs (`#!/usr/bin/env python3` → `python`), or ''. */
function interpreter(text: string): string {
  if (!text.startsWith('#!')) return '';
  const words = text.split('\n', 1)[0]!.slice(2).trim().split(/\s+/);
  const first = words[0]?.split('/').pop() ?? '';
  const program = first === 'env' ? (words.slice(1).find((w) => !w.startsWith('-')) ?? '') : first;
  let end = program.length; // python3.12 → python
  while (end > 0 && '0123456789.'.includes(program[end - 1]!)) end--;
  return program.slice(0, end);
}

const support = (l: Language) => new LanguageSupport(l);

const loaded = new Map<LanguageName, LanguageSupport>();

/** The highlighting of a language: at once for those that ship with the editor or were loaded before, else after its chunk loads. */
export function loadLanguage(name: LanguageName): LanguageSupport | Promise<LanguageSupport> | null {
  const known = loaded.get(name);
  if (known) return known;
  const lang = languageSupport(name);
  if (lang instanceof Promise) return lang.then((l) => (loaded.set(name, l), l));
  return lang;
}

function languageSupport(name: LanguageName): LanguageSupport | Promise<LanguageSupport> | null {
  switch (name) {
    case 'skill-md':
      return yamlFrontmatter({ content: markdownLanguage });
    case 'markdown':
      return support(markdownLanguage);
    case 'yaml':
      return support(yamlLanguage);
    case 'shell':
      return import('@codemirror/legacy-modes/mode/shell').then((m) => support(StreamLanguage.define(m.shell)));
    case 'python':
      return import('@codemirror/lang-python').then((m) => support(m.pythonLanguage));
    case 'javascript':
      return import('@codemirror/lang-javascript').then((m) => support(m.javascriptLanguage));
    case 'typescript':
      return import('@codemirror/lang-javascript').then((m) => support(m.typescriptLanguage));
    default:
      return null;
  }
}
