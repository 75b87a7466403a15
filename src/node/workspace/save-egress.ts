// The egress domains of a saved skill (its `metadata.forge.egress_domains`)
// merged into the agent's forge.yaml `egress.allowed_domains`: checked before
// anything is written (a domain that is not a domain name is left out with a
// warning; a malformed egress section stops the save), merged after the swap
// (deduplicated, sorted, comments kept).

import { isMap, isScalar, isSeq, type YAMLSeq } from 'yaml';
import { warningDiag, type Diagnostic } from '../../core/diagnostics.js';
import { ConfigError } from '../../core/errors.js';
import { withFileLock } from '../fs/atomic-write.js';
import { statIfExists, type FsLike } from '../fs/types.js';
import { emptyYamlFile, readYamlFile, writeYamlFile, type YamlFile } from '../config/yaml-file.js';

const DOMAIN = /^(\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The skill's egress domains that can go into forge.yaml (normalised), with a warning for each one
 * that is not a domain name; with any to add, forge.yaml's egress section must already read cleanly.
 */
export async function checkEgressDomains(fs: FsLike, forgePath: string, rawDomains: readonly string[]): Promise<{ domains: string[]; warnings: Diagnostic[] }> {
  const domains: string[] = [];
  const warnings: Diagnostic[] = [];
  for (const raw of rawDomains) {
    const d = normaliseDomain(raw);
    if (DOMAIN.test(d)) domains.push(d);
    else warnings.push(warningDiag('egress-domain-invalid', 'metadata.forge.egress_domains', `"${raw}" is not a domain name; it was not added to forge.yaml`));
  }
  if (domains.length > 0) {
    const forgeFile = await readYamlFile(fs, forgePath);
    if (forgeFile) readAllowedDomains(forgeFile);
  }
  return { domains, warnings };
}

function normaliseDomain(d: string): string {
  return d.trim().toLowerCase().replace(/\.$/, '');
}

function readAllowedDomains(file: YamlFile): YAMLSeq | null {
  const egress = file.doc.getIn(['egress'], true);
  if (egress !== undefined && !(isScalar(egress) && egress.value === null) && !isMap(egress))
    throw new ConfigError('egress', `${file.path}: egress must be a mapping (egress: {allowed_domains: [...]})`, {
      file: file.path,
      ...lineOpt(file, ['egress']),
    });
  const list = file.doc.getIn(['egress', 'allowed_domains'], true);
  if (list === undefined || (isScalar(list) && list.value === null)) return null;
  if (!isSeq(list))
    throw new ConfigError('egress.allowed_domains', `${file.path}: egress.allowed_domains must be a list of domains`, {
      file: file.path,
      ...lineOpt(file, ['egress', 'allowed_domains']),
    });
  return list;
}

function lineOpt(file: YamlFile, path: string[]): { line?: number } {
  const line = file.lineOf(path);
  return line === undefined ? {} : { line };
}

/** Merges `domains` into forge.yaml egress.allowed_domains (deduplicated, sorted, comments kept). Returns the added ones. */
export async function mergeEgress(fs: FsLike, forgePath: string, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  return withFileLock(fs, forgePath, async () => {
    const file = (await readYamlFile(fs, forgePath)) ?? emptyYamlFile(forgePath);
    if (file.doc.contents === null) file.doc.contents = file.doc.createNode({}) as never;
    let seq = readAllowedDomains(file);
    if (!seq) {
      if (!isMap(file.doc.getIn(['egress'], true))) file.doc.setIn(['egress'], file.doc.createNode({}));
      file.doc.setIn(['egress', 'allowed_domains'], file.doc.createNode([]));
      seq = file.doc.getIn(['egress', 'allowed_domains'], true) as YAMLSeq;
    }
    const valueOf = (item: unknown) => normaliseDomain(String(isScalar(item) ? item.value : item));
    const present = new Set(seq.items.map(valueOf));
    const added = [...new Set(domains)].filter((d) => !present.has(d)).sort();
    if (added.length === 0) return [];
    for (const d of added) seq.add(file.doc.createNode(d));
    const seen = new Set<string>();
    seq.items = seq.items
      .filter((item) => {
        const v = valueOf(item);
        if (seen.has(v)) return false;
        seen.add(v);
        return true;
      })
      .sort((a, b) => (valueOf(a) < valueOf(b) ? -1 : valueOf(a) > valueOf(b) ? 1 : 0));
    const st = await statIfExists(fs, forgePath);
    await writeYamlFile(fs, file, st ? Number(st.mode) & 0o777 : 0o644);
    return added;
  });
}
