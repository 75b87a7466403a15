// Accepting requirement proposals: an imported skill without
// `metadata.forge` gets proposals read from its scripts (infer-requirements.ts);
// nothing is applied until the operator accepts them. `acceptRequirements`
// writes the accepted ones into the SKILL.md frontmatter — bins into
// `metadata.forge.requires.bins`, env vars into `requires.env.required`,
// hosts into `metadata.forge.egress_domains` — adding only what is not
// declared yet and keeping every other key, comment and the body as written.
// Names are checked first (RequestError naming the field). Pure.

import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { RequestError } from '../errors.js';
import { checkEnvVarName } from '../names.js';
import { splitFrontmatter } from '../skillmd/frontmatter.js';

/** The proposals the operator accepts (each a subset of what was proposed, or anything they add). */
export interface AcceptedRequirements {
  bins?: readonly string[];
  egressDomains?: readonly string[];
  env?: readonly string[];
}

const BIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;
const HOST = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function checkAll(values: readonly string[] | undefined, field: string, ok: (v: string) => string | null): string[] {
  if (values === undefined) return [];
  if (!Array.isArray(values)) throw new RequestError(field, `${field} must be a list of names`);
  return values.map((v) => {
    const problem = typeof v !== 'string' ? 'must be text' : ok(v);
    if (problem) throw new RequestError(field, `${field}: "${String(v).slice(0, 80)}" ${problem}`);
    return v;
  });
}

/** Values of a YAML sequence at `path` as text (names of bin recipes too), or [] when absent. */
function listed(doc: Document, path: string[]): string[] {
  const node = doc.getIn(path, true);
  if (!isSeq(node)) return [];
  return node.items.map((item) => {
    const v = (item as { toJSON?: () => unknown }).toJSON?.() ?? item;
    return typeof v === 'object' && v !== null && 'name' in v ? String((v as { name: unknown }).name) : String(v);
  });
}

function addTo(doc: Document, path: string[], values: readonly string[], present: readonly string[]): void {
  const missing = [...new Set(values)].filter((v) => !present.includes(v));
  if (missing.length === 0) return;
  const node = doc.getIn(path, true);
  if (isSeq(node)) for (const v of missing) node.add(doc.createNode(v));
  else doc.setIn(path, doc.createNode(missing));
}

/** The SKILL.md with the accepted requirements declared in its frontmatter. */
export function acceptRequirements(skillMd: string, accepted: AcceptedRequirements): string {
  const bins = checkAll(accepted.bins, 'accept_requirements.bins', (v) => (BIN_NAME.test(v) ? null : 'is not a program name'));
  const env = checkAll(accepted.env, 'accept_requirements.env', (v) => checkEnvVarName(v));
  const hosts = checkAll(accepted.egressDomains, 'accept_requirements.egress_domains', (v) =>
    HOST.test(v) ? null : 'is not a host name (e.g. api.example.com)',
  );
  if (bins.length + env.length + hosts.length === 0) return skillMd;
  const split = splitFrontmatter(skillMd);
  if (!split.present)
    throw new RequestError('skill_md', 'the SKILL.md has no frontmatter to declare the requirements in; add one (---, name:, description:, ---)');
  const doc = parseDocument(split.yaml);
  if (doc.errors.length > 0 || !isMap(doc.contents))
    throw new RequestError('skill_md', 'the SKILL.md frontmatter is not a YAML mapping; fix it before accepting requirements');
  for (const key of ['metadata', 'forge']) {
    const path = key === 'metadata' ? ['metadata'] : ['metadata', 'forge'];
    const node = doc.getIn(path, true);
    if (node !== undefined && node !== null && !isMap(node) && !(typeof node === 'object' && 'value' in node && node.value === null))
      throw new RequestError('skill_md', `${path.join('.')} in the frontmatter is not a mapping; fix it before accepting requirements`);
  }
  const req = ['metadata', 'forge', 'requires'];
  addTo(doc, [...req, 'bins'], bins, listed(doc, [...req, 'bins']));
  const declaredEnv = ['required', 'one_of', 'optional'].flatMap((k) => listed(doc, [...req, 'env', k]));
  addTo(doc, [...req, 'env', 'required'], env, declaredEnv);
  addTo(doc, ['metadata', 'forge', 'egress_domains'], hosts, listed(doc, ['metadata', 'forge', 'egress_domains']));
  return `---\n${doc.toString({ lineWidth: 0 })}---\n${split.body}`;
}
