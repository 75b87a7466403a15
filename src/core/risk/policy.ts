// The risk policy: Forge's defaults (DefaultPolicy) and reading a policy file
// written with Forge's keys. As with `forge skills audit --policy`, a file
// replaces the defaults: a key it leaves out takes its zero value (check off,
// empty list, `script_policy` allow), so the same file gives the same result
// in both tools. Every problem is a RiskPolicyError naming the key and the fix.

import { parseDocument, LineCounter, isMap, isScalar, isSeq, type Node } from 'yaml';
import { ForgeError } from '../errors.js';
import type { RiskPolicy, ScriptPolicy } from './types.js';

/** Forge's DefaultPolicy(), used when no policy is given. */
export function defaultRiskPolicy(): RiskPolicy {
  return {
    maxEgressDomains: 0,
    binaryDenylist: ['nc', 'ncat', 'netcat', 'nmap', 'ssh', 'scp'],
    deniedEnvPatterns: ['AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'],
    scriptPolicy: 'warn',
    maxRiskScore: 90,
    maxTags: 20,
    trustedDomains: [],
    acknowledgedBins: [],
    acknowledgedEnv: [],
  };
}

/** What an absent key of a policy means (Forge's zero values). */
export function emptyRiskPolicy(): RiskPolicy {
  return {
    maxEgressDomains: 0,
    binaryDenylist: [],
    deniedEnvPatterns: [],
    scriptPolicy: 'allow',
    maxRiskScore: 0,
    maxTags: 0,
    trustedDomains: [],
    acknowledgedBins: [],
    acknowledgedEnv: [],
  };
}

/** A policy given in code: missing keys are zero values, as in a file. */
export function completeRiskPolicy(policy: Partial<RiskPolicy>): RiskPolicy {
  const out = emptyRiskPolicy();
  for (const key of Object.keys(out) as (keyof RiskPolicy)[]) {
    const v = policy[key];
    if (v !== undefined) (out as unknown as Record<string, unknown>)[key] = Array.isArray(v) ? [...v] : v;
  }
  return out;
}

/** A policy file that cannot be used: the message names the key (and line) and the fix. */
export class RiskPolicyError extends ForgeError {
  readonly code = 'risk_policy_invalid' as const;
  constructor(
    message: string,
    field?: string,
    readonly line?: number,
  ) {
    super(message, { field });
  }
  static override isInstance(value: unknown): value is RiskPolicyError {
    return ForgeError.isInstance(value) && value.code === 'risk_policy_invalid';
  }
}

const NUMBER_KEYS = { max_egress_domains: 'maxEgressDomains', max_risk_score: 'maxRiskScore', max_tags: 'maxTags' } as const;
const LIST_KEYS = {
  binary_denylist: 'binaryDenylist',
  denied_env_patterns: 'deniedEnvPatterns',
  trusted_domains: 'trustedDomains',
  acknowledged_bins: 'acknowledgedBins',
  acknowledged_env: 'acknowledgedEnv',
} as const;
const SCRIPT_POLICIES: readonly ScriptPolicy[] = ['allow', 'warn', 'deny'];
export const RISK_POLICY_KEYS: readonly string[] = [...Object.keys(NUMBER_KEYS), ...Object.keys(LIST_KEYS), 'script_policy'];

/**
 * Parses a policy file (YAML with Forge's snake_case keys). `source` names the
 * file in messages. Throws RiskPolicyError; an empty file is the empty policy.
 */
export function parseRiskPolicy(text: string, source = 'policy'): RiskPolicy {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true });
  const lineAt = (node: Node | null | undefined): number | undefined => (node?.range ? lc.linePos(node.range[0]).line : undefined);
  const fail = (msg: string, field?: string, node?: Node | null): never => {
    const line = lineAt(node);
    throw new RiskPolicyError(`${source}${line !== undefined ? `:${line}` : ''}: ${msg}`, field, line);
  };
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line;
    throw new RiskPolicyError(`${source}${line !== undefined ? `:${line}` : ''}: not valid YAML (${e.message.split('\n')[0]})`, undefined, line);
  }
  const policy = emptyRiskPolicy();
  const root = doc.contents;
  if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) return policy;
  // The top level is never quoted back: a wrong file (a .env, a key) must not leak into the message.
  if (!isMap(root)) return fail(`a policy is a mapping of keys (${RISK_POLICY_KEYS.join(', ')}), not ${isScalar(root) ? 'a single value' : describe(root)}`);
  for (const pair of root.items) {
    const keyNode = pair.key as Node | null;
    const key = isScalar(keyNode) ? String(keyNode.value) : '';
    const value = pair.value as Node | null;
    const empty = value === null || (isScalar(value) && value.value === null);
    if (key in NUMBER_KEYS) {
      if (empty) continue;
      const n = isScalar(value) ? value.value : undefined;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
        fail(`${key} must be a whole number ≥ 0 (0 switches the check off), not ${describe(value)}`, key, value ?? keyNode);
      policy[NUMBER_KEYS[key as keyof typeof NUMBER_KEYS]] = n as number;
    } else if (key in LIST_KEYS) {
      if (empty) continue;
      if (!isSeq(value)) fail(`${key} must be a list of names (one "- name" per line), not ${describe(value)}`, key, value ?? keyNode);
      const items = (value as unknown as { items: Node[] }).items.map((item, i) => {
        if (!isScalar(item) || typeof item.value !== 'string' || item.value === '')
          fail(`${key}[${i}] must be a non-empty name, not ${describe(item)}`, `${key}[${i}]`, item);
        return (item as { value: string }).value;
      });
      policy[LIST_KEYS[key as keyof typeof LIST_KEYS]] = items;
    } else if (key === 'script_policy') {
      if (empty) continue;
      const v = isScalar(value) ? value.value : undefined;
      if (typeof v !== 'string' || !(SCRIPT_POLICIES as readonly string[]).includes(v))
        fail(`script_policy must be allow, warn or deny, not ${describe(value)}`, key, value ?? keyNode);
      policy.scriptPolicy = v as ScriptPolicy;
    } else {
      fail(`unknown key "${key}"; a policy has ${RISK_POLICY_KEYS.join(', ')}`, key, keyNode);
    }
  }
  return policy;
}

function describe(node: Node | null | undefined): string {
  if (node === null || node === undefined) return 'nothing';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return typeof node.value === 'string' ? JSON.stringify(node.value) : String(node.value);
  return 'this value';
}
