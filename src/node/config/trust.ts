// Which base_url may receive a key. A workspace's ui.yaml is meant
// to be committed, so a cloned repository (or a git pull) can carry a hostile
// base_url that would receive the operator's API key — from the process
// environment, from <workspace>/.forge/.env or from an agent's .env alike. A
// key is therefore sent only to the provider's default endpoint, or to a
// base_url whose origin the user trusted at user level: listed in
// ~/.forge/ui.yaml under `trusted_base_urls` (written there when settings are
// saved with a key typed in, through the API, the element or the CLI on this
// machine, or by hand),
// or written as the user tier's own base_url. Origins compare as URL origins
// (scheme + host + port; `https://Api.X.com/v1` ≡ `https://api.x.com`).

import { join } from 'node:path';
import { isScalar, isSeq } from 'yaml';
import { ConfigError } from '../../core/errors.js';
import { withFileLock } from '../fs/atomic-write.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { emptyYamlFile, readYamlFile, writeYamlFile, yamlGet, type YamlFile } from './yaml-file.js';

export const TRUSTED_BASE_URLS_KEY = 'trusted_base_urls';

/** `~/.forge/ui.yaml` for a home folder. */
export function userUiYamlPath(homeDir: string): string {
  return join(homeDir, '.forge', 'ui.yaml');
}

/** The origin of an http(s) URL (`https://api.example.com:8443`), or null when it is not one. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** The entries of `trusted_base_urls` as written: a list, or a hand-written single string read as a one-item list. */
function trustedEntries(file: YamlFile): unknown[] {
  const value = yamlGet(file, [TRUSTED_BASE_URLS_KEY]);
  if (Array.isArray(value)) return value;
  return typeof value === 'string' ? [value] : [];
}

/** Origins listed under `trusted_base_urls` in ~/.forge/ui.yaml (invalid entries ignored; a single string counts as one entry). */
export async function readTrustedOrigins(opts: Pick<IoOptions, 'fs' | 'homeDir'> = {}): Promise<Set<string>> {
  const { fs, homeDir } = resolveIo(opts);
  const file = await readYamlFile(fs, userUiYamlPath(homeDir));
  const out = new Set<string>();
  if (!file) return out;
  for (const entry of trustedEntries(file)) {
    const o = typeof entry === 'string' ? originOf(entry) : null;
    if (o) out.add(o);
  }
  return out;
}

/**
 * Adds `origin` to `trusted_base_urls` in the parsed ~/.forge/ui.yaml (comments and other keys kept).
 * A hand-written single string becomes a list that still holds it. Returns false when the origin was
 * already trusted. ConfigError (file and line) when the key holds something that is neither.
 */
export function addTrustedOrigin(file: YamlFile, origin: string): boolean {
  const node = file.doc.getIn([TRUSTED_BASE_URLS_KEY], true);
  const present = trustedEntries(file).some((v) => typeof v === 'string' && originOf(v) === origin);
  if (present) return false;
  if (file.doc.contents === null) file.doc.contents = file.doc.createNode({}) as never;
  if (isSeq(node)) {
    node.add(file.doc.createNode(origin));
  } else if (node === undefined || (isScalar(node) && (node.value === null || typeof node.value === 'string'))) {
    const kept = isScalar(node) && typeof node.value === 'string' ? [node.value] : [];
    file.doc.setIn([TRUSTED_BASE_URLS_KEY], file.doc.createNode([...kept, origin]));
  } else {
    const line = file.lineOf([TRUSTED_BASE_URLS_KEY]);
    throw new ConfigError(
      TRUSTED_BASE_URLS_KEY,
      `${file.path}${line ? `:${line}` : ''}: ${TRUSTED_BASE_URLS_KEY} must be a list of URLs (e.g. "${TRUSTED_BASE_URLS_KEY}:\n  - ${origin}"); fix it by hand, nothing was saved`,
      { file: file.path, ...(line !== undefined ? { line } : {}) },
    );
  }
  return true;
}

export async function isBaseUrlTrusted(baseUrl: string, opts: Pick<IoOptions, 'fs' | 'homeDir'> = {}): Promise<boolean> {
  const origin = originOf(baseUrl);
  if (!origin) return false;
  return (await readTrustedOrigins(opts)).has(origin);
}

/**
 * Records the origin of `baseUrl` under `trusted_base_urls` in ~/.forge/ui.yaml
 * (created when missing; other content and comments kept). Returns false when it was already there.
 */
export async function trustBaseUrl(baseUrl: string, opts: Pick<IoOptions, 'fs' | 'homeDir'> = {}): Promise<boolean> {
  const { fs, homeDir } = resolveIo(opts);
  const origin = originOf(baseUrl);
  if (!origin) return false;
  const path = userUiYamlPath(homeDir);
  return withFileLock(fs, path, async () => {
    const file = (await readYamlFile(fs, path)) ?? emptyYamlFile(path);
    if (!addTrustedOrigin(file, origin)) return false;
    await writeYamlFile(fs, file);
    return true;
  });
}

/** Where a key was read from, in words for the refusal message. */
const KEY_SOURCE_WORDS: Record<string, string> = {
  workspace_env: '<workspace>/.forge/.env',
  agent_env: "the agent's .env",
  process_env: 'your environment',
};

/**
 * Whether a key may be sent to `baseUrl` (key <-> origin binding): its origin is listed under
 * `trusted_base_urls` in ~/.forge/ui.yaml, or the base_url itself comes from that user-level file
 * (tier `user`: the user wrote it there, outside any repository). A workspace file (`.forge/ui.yaml`,
 * an agent's forge.yaml or .env) never grants trust, whatever file the key comes from.
 */
export async function isKeyDestinationTrusted(
  baseUrl: string,
  tier: 'workspace' | 'user' | 'agent_fallback',
  opts: Pick<IoOptions, 'fs' | 'homeDir'> = {},
): Promise<boolean> {
  const origin = originOf(baseUrl);
  if (!origin) return false;
  if (tier === 'user') return true;
  return (await readTrustedOrigins(opts)).has(origin);
}

/** The sentence shown when a base_url is refused: names the origin, where the key is from, and both ways to trust it. */
export function untrustedBaseUrlMessage(baseUrl: string, apiKeyEnv: string | null, configFile: string | null, keySource: string | null = null): string {
  const origin = originOf(baseUrl) ?? baseUrl;
  const key = `${apiKeyEnv ?? 'the API key'}${keySource && KEY_SOURCE_WORDS[keySource] ? ` (from ${KEY_SOURCE_WORDS[keySource]})` : ''}`;
  return (
    `The base_url origin "${origin}"${configFile ? ` (from ${configFile})` : ''} is not trusted on this machine, so the skill builder will not send ` +
    `${key} to it; nothing was sent. If you trust it, save the skill-builder settings with the key typed in (Settings in the UI, PUT /api/settings/skill-builder ` +
    `with api_key, or saveSkillBuilderSettings with apiKey) on this machine, or add "${origin}" under ${TRUSTED_BASE_URLS_KEY} in ~/.forge/ui.yaml.`
  );
}
