// Where a risk policy comes from on disk: a file given by path (CLI
// `--policy`), or the agent's own, named like Forge's build does it by
// `security.policy_path` in its forge.yaml (relative to the agent folder).
// No policy anywhere → Forge's default policy. A policy that cannot be read
// or parsed is a RiskPolicyError naming the file; it is never ignored.

import { isAbsolute, join, relative } from 'node:path';
import { defaultRiskPolicy, parseRiskPolicy, RiskPolicyError } from '../../core/risk/policy.js';
import type { RiskPolicy } from '../../core/risk/types.js';
import { readTextIfExists, resolveIo, type IoOptions } from '../fs/types.js';
import { readYamlFile } from '../config/yaml-file.js';

/** Reads and parses a policy file (YAML with Forge's keys). */
export async function readRiskPolicyFile(path: string, opts: IoOptions = {}): Promise<RiskPolicy> {
  const { fs } = resolveIo(opts);
  let text: string | null;
  try {
    text = await readTextIfExists(fs, path);
  } catch (e) {
    throw new RiskPolicyError(`${path}: cannot read the policy file (${e instanceof Error ? e.message : String(e)})`);
  }
  if (text === null) throw new RiskPolicyError(`${path}: no such policy file; check the path (relative paths start at the current folder)`);
  return parseRiskPolicy(text, path);
}

export interface AgentRiskPolicy {
  policy: RiskPolicy;
  /** The policy file used, or null for Forge's default policy. */
  source: string | null;
}

/**
 * The agent's policy: `security.policy_path` of its forge.yaml when set, else
 * the default. With `within` (the server passes the workspace), a policy whose
 * real path leaves that folder is refused, so a cloned forge.yaml cannot make
 * the server read files elsewhere.
 */
export async function readAgentRiskPolicy(agentDir: string, opts: IoOptions & { within?: string } = {}): Promise<AgentRiskPolicy> {
  const { fs } = resolveIo(opts);
  const forgeYaml = join(agentDir, 'forge.yaml');
  let configured: unknown;
  try {
    configured = (await readYamlFile(fs, forgeYaml))?.doc.getIn(['security', 'policy_path']);
  } catch (e) {
    throw new RiskPolicyError(e instanceof Error ? e.message : String(e));
  }
  if (configured === undefined || configured === null || configured === '') return { policy: defaultRiskPolicy(), source: null };
  if (typeof configured !== 'string') throw new RiskPolicyError(`${forgeYaml}: security.policy_path must be a file path (a string)`, 'security.policy_path');
  const path = isAbsolute(configured) ? configured : join(agentDir, configured);
  if (opts.within !== undefined) {
    const real = await fs.promises.realpath(path).then(String, () => null);
    const root = String(await fs.promises.realpath(opts.within));
    const rel = real === null ? null : relative(root, real);
    if (rel === null || rel.startsWith('..') || isAbsolute(rel))
      throw new RiskPolicyError(
        `${forgeYaml}: security.policy_path must name a file inside the workspace (${real === null ? 'it does not exist' : 'it points outside'})`,
        'security.policy_path',
      );
  }
  return { policy: await readRiskPolicyFile(path, opts), source: path };
}
