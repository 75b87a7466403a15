// The comment scan behind comments.test.ts: every comment in a source file is
// read with the TypeScript compiler API (so strings, regexes and templates are
// never mistaken for comments) and checked for what a reader of the published
// package cannot follow: a reference to the project's SPEC, an issue number,
// and a file name that names no file. Pure over { path, src } pairs plus a
// `fileExists` function, so the test can feed it planted text.
import ts from 'typescript';
import type { SourceText } from './structure-scan.js';

export interface CommentText {
  line: number;
  text: string;
}

/** Every comment in a file, once each, with the line it starts on (1-based). */
export function commentsOf(file: SourceText): CommentText[] {
  const sf = ts.createSourceFile(file.path, file.src, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const seen = new Map<number, CommentText>();
  const take = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (!seen.has(r.pos)) seen.set(r.pos, { line: sf.getLineAndCharacterOfPosition(r.pos).line + 1, text: file.src.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(file.src, node.pos));
    take(ts.getTrailingCommentRanges(file.src, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

/** `SPEC §8`, `§8.2`, `SPEC section`, `the SPEC`: a document the package does not ship (an RFC's `§` is fine). */
const SPEC_REFERENCE = /(?<!RFC \d+ )§\s*\d|\bSPEC\b/g;
/**
 * `issue 21`, `issues 12 and 13`, `#17`: our tracker, which a reader of the package does not have.
 * `#` + digits after a word, `>`, `&` or `/` is a name or an anchor (`tool:<name>#2`), and a colour has hex letters.
 */
const ISSUE_REFERENCE = /\bissues?\s+#?\d+|(?<![\w&/#>.-])#\d+\b(?![\w-])/gi;
/**
 * A file name: `./` or `../` steps, then word characters, dots, dashes and slashes ending in one of the
 * extensions. Not in single quotes: that is code quoted in a comment (`from './util.js'` in a user's script).
 */
const FILE_NAME = /(?<![\w.@/*<>'-])(?:\.{1,2}\/)*[\w@.-]*[\w-](?:\/[\w@.<>*-]*[\w-])*\.(?:ts|js|mjs|cjs|md|yaml|yml|json)(?![\w/-])/g;
/** Names that look like files and are not: products. */
const NOT_A_FILE = new Set(['node.js', 'next.js', 'vue.js', 'deno.js']);
/**
 * Files of a user's workspace or skill, not of this repository: the formats the package reads and
 * writes (as the last part of a path too: `agents/<name>/forge.yaml`) and the default name of a new
 * folder file.
 */
const WORKSPACE_NAMES = new Set([
  'forge.yaml',
  'ui.yaml',
  'skills.json',
  'tools.json',
  'skill.md',
  'notes.md',
  'skill.manifest.json',
  'skill.provenance.json',
  // skill-creator's eval formats, in a skill's evals/ folder and a run's output
  'evals.json',
  'benchmark.json',
  'grading.json',
  'feedback.json',
]);
/** A file inside a skill folder (`references/a.md`, `my-skill/scripts/x.js`): an example path, not ours. */
const SKILL_FOLDER_PATH = /^(?:[\w.-]+\/)?(?:references?|scripts|assets)\//;
/** What the build writes: the standalone bundle and its lazy chunks, anything under dist/. */
const BUILD_OUTPUT = /^forge-skill-builder\.[\w-]+\.js$|^(?:\.\/)?dist\//;

export interface FileLookup {
  /** Whether a repository-relative path exists. */
  exists(path: string): boolean;
  /** Whether a file of this base name exists anywhere in the searched folders. */
  nameExists(name: string): boolean;
}

function normalize(parts: string[]): string | undefined {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/**
 * Whether `name` (as written in a comment of `from`) names a file: relative to the file's folder or
 * any folder above it up to the root (`fs/no-follow.ts` from src/node/config), or as a bare name
 * found anywhere in the searched folders. Placeholders (`<name>.ts`, `*.json`), workspace and skill
 * files and build outputs are not files of the repository, so they pass.
 */
export function namesAFile(name: string, from: string, files: FileLookup): boolean {
  const last = name.split('/').pop()!.toLowerCase();
  if (NOT_A_FILE.has(name.toLowerCase()) || WORKSPACE_NAMES.has(last)) return true;
  if (/[<>*]/.test(name) || SKILL_FOLDER_PATH.test(name) || BUILD_OUTPUT.test(name)) return true;
  // An import-style `.js` name stands for the `.ts` file beside it.
  const candidates = name.endsWith('.js') ? [name, `${name.slice(0, -3)}.ts`] : [name];
  const dir = from.split('/').slice(0, -1);
  for (const c of candidates) {
    if (!c.includes('/') && files.nameExists(c)) return true;
    for (let up = dir.length; up >= 0; up--) {
      const p = normalize([...dir.slice(0, up), ...c.split('/')]);
      if (p !== undefined && files.exists(p)) return true;
    }
  }
  return false;
}

/** Every reference a reader cannot follow, as `path:line kind: text`. */
export function findCommentProblems(files: SourceText[], lookup: FileLookup): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const c of commentsOf(file)) {
      const at = (offset: number): number => c.line + c.text.slice(0, offset).split('\n').length - 1;
      for (const m of c.text.matchAll(SPEC_REFERENCE)) problems.push(`${file.path}:${at(m.index)} spec: ${m[0]}`);
      for (const m of c.text.matchAll(ISSUE_REFERENCE)) problems.push(`${file.path}:${at(m.index)} issue: ${m[0]}`);
      for (const m of c.text.matchAll(FILE_NAME)) {
        if (!namesAFile(m[0], file.path, lookup)) problems.push(`${file.path}:${at(m.index)} missing file: ${m[0]}`);
      }
    }
  }
  return problems;
}
