// Applying a proposed declaration fix to a SKILL.md: add or remove one name
// in `metadata.forge.requires.bins`, `requires.env` (added as `optional`,
// removed from whichever list holds it) or `metadata.forge.egress_domains`.
// The edit is spliced into the text at the positions the YAML parser gives,
// so everything else — other keys, comments, quoting, the body — stays byte
// for byte. A frontmatter this cannot edit safely (CRLF line ends, a flow
// mapping on the way) is refused with the line to edit by hand. Pure.

import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type YAMLSeq } from 'yaml';
import { RequestError } from '../errors.js';

import type { DeclarationField, DeclarationFix } from '../tool-run/observation.js';

export type { DeclarationField, DeclarationFix } from '../tool-run/observation.js';

const PATHS: Record<DeclarationField, string[]> = {
  bins: ['metadata', 'forge', 'requires', 'bins'],
  env: ['metadata', 'forge', 'requires', 'env', 'optional'],
  egress_domains: ['metadata', 'forge', 'egress_domains'],
};
const ENV_LISTS = ['required', 'one_of', 'optional'];

const lineStart = (t: string, at: number): number => t.lastIndexOf('\n', at - 1) + 1;
const nextLine = (t: string, at: number): number => (t.indexOf('\n', at) === -1 ? t.length : t.indexOf('\n', at) + 1);

function itemText(item: unknown): string {
  const v = isScalar(item) ? item.value : isMap(item) ? (item.get('name') as unknown) : item;
  return String(v);
}

function refuse(message: string): never {
  throw new RequestError('skill_md', message);
}

function removeFrom(yaml: string, seq: YAMLSeq, value: string): string | null {
  const i = seq.items.findIndex((it) => itemText(it) === value);
  if (i === -1) return null;
  const item = seq.items[i] as Node;
  const [start, end] = item.range!;
  if (!seq.flow) return yaml.slice(0, lineStart(yaml, start)) + yaml.slice(nextLine(yaml, end));
  const next = seq.items[i + 1] as Node | undefined;
  const prev = seq.items[i - 1] as Node | undefined;
  if (next) return yaml.slice(0, start) + yaml.slice(next.range![0]);
  if (prev) return yaml.slice(0, prev.range![1]) + yaml.slice(end);
  return yaml.slice(0, start) + yaml.slice(end);
}

function appendTo(yaml: string, seq: YAMLSeq, value: string): string {
  const last = seq.items[seq.items.length - 1] as Node | undefined;
  if (seq.flow) {
    if (last) return `${yaml.slice(0, last.range![1])}, ${value}${yaml.slice(last.range![1])}`;
    const open = seq.range![0] + 1;
    return `${yaml.slice(0, open)}${value}${yaml.slice(open)}`;
  }
  if (!last) refuse('an empty block list in the frontmatter: add the entry by hand');
  const ls = lineStart(yaml, last.range![0]);
  const prefix = yaml.slice(ls, last.range![0]);
  if (!/^\s*-\s+$/.test(prefix)) refuse('a list entry shares its line with another key: add the entry by hand');
  const at = nextLine(yaml, last.range![1]);
  const sep = at === yaml.length && !yaml.endsWith('\n') ? '\n' : '';
  return `${yaml.slice(0, at)}${sep}${prefix}${value}\n${yaml.slice(at)}`;
}

/** Inserts the missing keys of `path` (from `depth` on) with a one-entry list, under the deepest mapping that exists. */
function createPath(yaml: string, doc: Document, path: string[], depth: number, value: string): string {
  const parent = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
  if (!isMap(parent) || parent.flow) refuse(`${path.slice(0, depth).join('.') || 'the frontmatter'} is not a block mapping: add ${path.join('.')} by hand`);
  const first = parent.items[0]?.key as Node | undefined;
  const indent = first?.range ? first.range[0] - lineStart(yaml, first.range[0]) : depth * 2;
  const lines = path.slice(depth).map((k, i) => `${' '.repeat(indent + i * 2)}${k}:`);
  lines.push(`${' '.repeat(indent + (path.length - depth) * 2)}- ${value}`);
  const end = parent.range ? parent.range[1] : yaml.length;
  const at = depth === 0 ? yaml.length : nextLine(yaml, Math.max(end - 1, 0));
  const sep = at > 0 && !yaml.slice(0, at).endsWith('\n') ? '\n' : '';
  return `${yaml.slice(0, at)}${sep}${lines.join('\n')}\n${yaml.slice(at)}`;
}

function addTo(yaml: string, doc: Document, path: string[], value: string): string {
  const node = doc.getIn(path, true);
  if (isSeq(node)) return appendTo(yaml, node, value);
  if (isScalar(node) && (node.value === null || node.value === '')) {
    const at = node.range![0];
    return `${yaml.slice(0, at)}${at > 0 && yaml[at - 1] === ':' ? ' ' : ''}[${value}]${yaml.slice(at)}`;
  }
  if (node !== undefined) refuse(`${path.join('.')} in the frontmatter is not a list: add ${value} by hand`);
  let depth = path.length - 1;
  while (depth > 0 && doc.getIn(path.slice(0, depth), true) === undefined) depth--;
  return createPath(yaml, doc, path, depth, value);
}

function editYaml(yaml: string, fix: DeclarationFix): string {
  const doc = parseDocument(yaml);
  if (doc.errors.length > 0 || !isMap(doc.contents)) refuse('the SKILL.md frontmatter is not a YAML mapping; fix it before applying declaration fixes');
  const declared = (p: string[]) => {
    const n = doc.getIn(p, true);
    return isSeq(n) ? n : null;
  };
  if (fix.op === 'remove') {
    const lists = fix.field === 'env' ? ENV_LISTS.map((k) => ['metadata', 'forge', 'requires', 'env', k]) : [PATHS[fix.field]];
    for (const p of lists) {
      const seq = declared(p);
      const out = seq && removeFrom(yaml, seq, fix.value);
      if (out !== null && out !== undefined) return out;
    }
    return yaml;
  }
  const lists = fix.field === 'env' ? ENV_LISTS.map((k) => ['metadata', 'forge', 'requires', 'env', k]) : [PATHS[fix.field]];
  if (lists.some((p) => declared(p)?.items.some((it) => itemText(it) === fix.value))) return yaml;
  return addTo(yaml, doc, PATHS[fix.field], fix.value);
}

/** The SKILL.md with the fixes applied in order; nothing outside the edited entries changes. */
export function applyDeclarationFixes(skillMd: string, fixes: readonly DeclarationFix[]): string {
  if (fixes.length === 0) return skillMd;
  if (!skillMd.startsWith('---\n')) refuse('the SKILL.md has no frontmatter (or has CRLF line ends): declare the entries by hand');
  const close = skillMd.indexOf('\n---', 3);
  if (close === -1 || skillMd.slice(0, close).includes('\r'))
    refuse('the SKILL.md frontmatter is not closed (or has CRLF line ends): declare the entries by hand');
  let yaml = skillMd.slice(4, close + 1);
  for (const fix of fixes) yaml = editYaml(yaml, fix);
  return `---\n${yaml}${skillMd.slice(close + 1)}`;
}
