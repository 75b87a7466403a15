// YAML files we edit in place (ui.yaml, ~/.forge/ui.yaml, an agent's forge.yaml):
// read as a Document with a LineCounter so every error names the file and line,
// change nodes with setIn/deleteIn so comments and unrelated sections survive,
// and write back atomically without re-folding long lines. Never through a
// symlink: reading or replacing a linked file is refused (fs/no-follow.ts).

import { Document, isMap, isNode, LineCounter, parseDocument, type Node } from 'yaml';
import { ConfigError } from '../../core/errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import type { FsLike } from '../fs/types.js';
import { readRegularTextIfExists } from '../fs/no-follow.js';

export interface YamlFile {
  path: string;
  doc: Document.Parsed | Document;
  /** 1-based line of the node at `path` (or of its nearest existing parent). */
  lineOf(path: readonly PropertyKey[]): number | undefined;
  existed: boolean;
}

/**
 * Reads and parses a YAML file; null when it does not exist. Syntax errors → ConfigError with file:line.
 * A symlink (or anything but a regular file) is refused with UnsafePathError: nothing is read through it.
 */
export async function readYamlFile(fs: FsLike, path: string, opts: { requireMap?: boolean } = {}): Promise<YamlFile | null> {
  const text = await readRegularTextIfExists(fs, path);
  if (text === null) return null;
  return parseYamlText(text, path, opts);
}

export function parseYamlText(text: string, path: string, opts: { requireMap?: boolean } = {}): YamlFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = lineCounter.linePos(err.pos[0]);
    const firstLine = err.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? err.message;
    throw new ConfigError('yaml', `${path}:${pos.line}:${pos.col}: invalid YAML: ${firstLine}`, { file: path, line: pos.line });
  }
  const requireMap = opts.requireMap ?? true;
  if (requireMap && doc.contents !== null && !isMap(doc.contents)) {
    const line = doc.contents.range ? lineCounter.linePos(doc.contents.range[0]).line : 1;
    throw new ConfigError('yaml', `${path}:${line}: expected a mapping of keys (like "skill_builder:") at the top level`, { file: path, line });
  }
  const lineOf = (p: readonly PropertyKey[]): number | undefined => {
    for (let n = p.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(p.slice(0, n) as unknown[], true);
      if (isNode(node) && (node as Node).range) return lineCounter.linePos((node as Node).range![0]).line;
    }
    return undefined;
  };
  return { path, doc, lineOf, existed: true };
}

/** An empty document holding `{}`, for files that do not exist yet. */
export function emptyYamlFile(path: string): YamlFile {
  const doc = new Document({});
  return { path, doc, lineOf: () => undefined, existed: false };
}

/** Serialises without folding long strings (we are editing a human's file). */
export function yamlToString(doc: Document): string {
  return doc.toString({ lineWidth: 0 });
}

/** The text a YamlFile is written as (an empty document becomes `{}`). */
export function renderYamlFile(file: YamlFile): string {
  if (file.doc.contents === null) file.doc.contents = file.doc.createNode({}) as never;
  return yamlToString(file.doc);
}

export async function writeYamlFile(fs: FsLike, file: YamlFile, mode = 0o644): Promise<void> {
  await writeFileAtomic(fs, file.path, renderYamlFile(file), { mode });
}

/** Plain JS value at `path`, or undefined. */
export function yamlGet(file: YamlFile, path: readonly PropertyKey[]): unknown {
  const v = file.doc.getIn(path as unknown[], false);
  return isNode(v) ? (v as Node).toJSON() : v;
}
