// Where a trust policy comes from: `security.trust_policy` in an agent's
// forge.yaml (beside Forge's `security.policy_path`) for what is saved into
// that agent, and `skill_builder.trust_policy` in the workspace's
// `.forge/ui.yaml` for workspace-level imports. A missing file or key is no
// policy (nothing refused); a malformed one is a ConfigError naming the file.

import { join } from 'node:path';
import { parseTrustPolicy, type TrustPolicy } from '../../core/trust/levels.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { readYamlFile, yamlGet } from './yaml-file.js';

export interface SourcedTrustPolicy {
  policy: TrustPolicy;
  /** The file and section it was read from, as refusals name it. */
  source: string;
}

async function read(path: string, keys: string[], opts: IoOptions): Promise<SourcedTrustPolicy | null> {
  const file = await readYamlFile(resolveIo(opts).fs, path);
  const raw = file ? yamlGet(file, keys) : undefined;
  if (raw === undefined || raw === null) return null;
  const source = `${path} (${keys.join('.')})`;
  return { policy: parseTrustPolicy(raw, source), source };
}

export function readAgentTrustPolicy(agentDir: string, opts: IoOptions = {}): Promise<SourcedTrustPolicy | null> {
  return read(join(agentDir, 'forge.yaml'), ['security', 'trust_policy'], opts);
}

export function readWorkspaceTrustPolicy(workspaceDir: string, opts: IoOptions = {}): Promise<SourcedTrustPolicy | null> {
  return read(join(workspaceDir, '.forge', 'ui.yaml'), ['skill_builder', 'trust_policy'], opts);
}
