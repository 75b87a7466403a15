// What Forge's audit reads of a skill, taken from the frontmatter the way
// Forge's directory scanner takes it: `metadata.forge.egress_domains`,
// `requires.bins` (names of strings or `{name}` mappings), the three env
// lists, `requires.capabilities`, `guardrails` (browser sensitive fill,
// deny_output), `trust_hints.network`, and the top-level `tags` (lower-cased,
// duplicates dropped). Only string items count, as in Forge.

import { isPlainObject } from '../plain-object.js';
import { normalizeScriptName } from '../forge-runtime/script-binding.js';

export interface ForgeRiskDescriptor {
  name: string;
  egressDomains: string[];
  bins: string[];
  requiredEnv: string[];
  oneOfEnv: string[];
  optionalEnv: string[];
  capabilities: string[];
  tags: string[];
  allowSensitiveFill: boolean;
  hasDenyOutput: boolean;
  /** `trust_hints.network` when written as true or false. */
  trustNetwork?: boolean;
}

const obj = (v: unknown): Record<string, unknown> => (isPlainObject(v) ? v : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function forgeRiskDescriptor(frontmatter: Record<string, unknown> | null, dirName?: string): ForgeRiskDescriptor {
  const fm = frontmatter ?? {};
  const forge = obj(obj(fm['metadata'])['forge']);
  const requires = obj(forge['requires']);
  const env = obj(requires['env']);
  const guardrails = obj(forge['guardrails']);
  const hints = obj(forge['trust_hints']);
  const bins: string[] = [];
  if (Array.isArray(requires['bins'])) {
    for (const b of requires['bins']) {
      if (typeof b === 'string') bins.push(b);
      else if (isPlainObject(b) && typeof b['name'] === 'string' && b['name'] !== '') bins.push(b['name']);
    }
  }
  const tags: string[] = [];
  for (const t of strings(fm['tags'])) if (!tags.includes(t.toLowerCase())) tags.push(t.toLowerCase());
  const name = typeof fm['name'] === 'string' && fm['name'] !== '' ? fm['name'] : (dirName ?? '');
  const denyOutput = guardrails['deny_output'];
  const d: ForgeRiskDescriptor = {
    name,
    egressDomains: strings(forge['egress_domains']),
    bins,
    requiredEnv: strings(env['required']),
    oneOfEnv: strings(env['one_of']),
    optionalEnv: strings(env['optional']),
    capabilities: strings(requires['capabilities']),
    tags,
    allowSensitiveFill: obj(guardrails['browser'])['allow_sensitive_fill'] === true,
    hasDenyOutput: Array.isArray(denyOutput) && denyOutput.length > 0,
  };
  if (typeof hints['network'] === 'boolean') d.trustNetwork = hints['network'];
  return d;
}

/**
 * Forge counts a skill as having a script only when `scripts/<name>.sh`
 * exists (its registry's HasScript); other scripts do not change the score.
 */
export function forgeHasScript(name: string, scripts: Readonly<Record<string, string>>): boolean {
  if (name === '') return false;
  return Object.keys(scripts).some((k) => normalizeScriptName(k) === `${name}.sh`);
}
