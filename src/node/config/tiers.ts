// Resolving and saving the workspace-level skill-builder LLM (the tiers of docs/skill-builder-llm.md).
// Tiers, first match wins: <workspace>/.forge/ui.yaml (`workspace`) →
// ~/.forge/ui.yaml (`user`) → the agent's forge.yaml `model:` (+ OPENAI_BASE_URL
// from the agent's .env) (`agent_fallback`, deprecated) → `unset`.
// The key is looked up fresh on every call: <workspace>/.forge/.env first
// (then, for the agent fallback, the agent's .env), then the environment
// record. The key rides on the result as a non-enumerable `apiKey`, so
// JSON.stringify, spreading and console.log never show it. Nothing here
// reads process.env except as the default `env`, and nothing writes it.

import { join } from 'node:path';
import { isMap, type YAMLMap } from 'yaml';
import { ConfigError } from '../../core/errors.js';
import { DEFAULT_API_KEY_ENV, PROVIDERS, type LlmConfig, type ProviderName } from '../../core/llm/types.js';
import { readRegularTextIfExists } from '../fs/no-follow.js';
import { withFileLocks, writeAllOrNothing, type PlannedWrite } from './write-all.js';
import { parseSkillBuilderConfig, validateSkillBuilderSettings, type SkillBuilderSettings } from '../../core/config/schema.js';
import { checkEnvValue, editEnvText, gitignoreWithEntry, readEnvFile } from './env-file.js';
import { resolveIo, type EnvRecord, type FsLike, type IoOptions } from '../fs/types.js';
import { addTrustedOrigin, isKeyDestinationTrusted, originOf, untrustedBaseUrlMessage, userUiYamlPath } from './trust.js';
import { checkKeyOrigin } from './key-origin.js';
import { emptyYamlFile, parseYamlText, readYamlFile, renderYamlFile, yamlGet, type YamlFile } from './yaml-file.js';

export const SKILL_BUILDER_SECTION = 'skill_builder';
/** Forge's OAuth placeholder value: it is not a key the skill builder can use. */
export const OAUTH_PLACEHOLDER = '__oauth__';
/** Env var name used when an ollama key is saved without naming one. */
export const OLLAMA_KEY_ENV_FALLBACK = 'OLLAMA_API_KEY';

export type SkillBuilderSource = 'workspace' | 'user' | 'agent_fallback' | 'unset';
export type KeySource = 'workspace_env' | 'agent_env' | 'process_env';

/** The resolved configuration. `apiKey` is a non-enumerable property: never serialised. */
export interface ResolvedSkillBuilderLLM {
  provider: ProviderName | null;
  model: string | null;
  baseUrl: string | null;
  /** The env var the key is read from (null for ollama without one). */
  apiKeyEnv: string | null;
  /** True when a key was found, or the provider needs none (ollama). */
  hasKey: boolean;
  /** False for ollama: it runs without a key. */
  keyRequired: boolean;
  /** Where the key came from, when one was found. */
  keySource: KeySource | null;
  source: SkillBuilderSource;
  /** A sentence for the banner (deprecated fallback, untrusted base_url, OAuth placeholder), or null. */
  warning: string | null;
  /**
   * False when a key (from any source) would go to a base_url whose origin the user has not trusted
   * at user level (~/.forge/ui.yaml): the chat is then refused before any network call.
   */
  trusted: boolean;
  /** The file the settings came from (ui.yaml or forge.yaml), or null when unset. */
  configFile: string | null;
  maxOutputTokens?: number;
  timeoutS?: number;
  /** The key itself. Non-enumerable: absent from JSON.stringify, spreads and Object.keys. */
  readonly apiKey?: string;
}

export interface LoadSkillBuilderLLMOptions extends IoOptions {
  workspaceDir: string;
  /** Agent folder for the deprecated fallback tier. */
  agentDir?: string;
}

export function workspaceUiYamlPath(workspaceDir: string): string {
  return join(workspaceDir, '.forge', 'ui.yaml');
}
export function workspaceEnvPath(workspaceDir: string): string {
  return join(workspaceDir, '.forge', '.env');
}

interface TierHit {
  source: Exclude<SkillBuilderSource, 'unset'>;
  settings: SkillBuilderSettings;
  file: string;
  agentEnv?: Record<string, string>;
  warnings: string[];
}

const KNOWN_KEYS = ['provider', 'model', 'base_url', 'api_key_env', 'max_output_tokens', 'timeout_s', 'trust_policy', 'history'];

async function readUiYamlTier(fs: FsLike, path: string): Promise<{ settings: SkillBuilderSettings; warnings: string[] } | null> {
  const file = await readYamlFile(fs, path);
  if (!file) return null;
  const section = file.doc.getIn([SKILL_BUILDER_SECTION], true);
  if (section === undefined || section === null || (typeof section === 'object' && 'value' in section && section.value === null)) return null;
  if (!isMap(section)) {
    const line = file.lineOf([SKILL_BUILDER_SECTION]);
    throw new ConfigError(SKILL_BUILDER_SECTION, `${path}${line ? `:${line}` : ''}: ${SKILL_BUILDER_SECTION} must be a mapping with provider and model`, {
      file: path,
      ...(line !== undefined ? { line } : {}),
    });
  }
  const raw = yamlGet(file, [SKILL_BUILDER_SECTION]) as Record<string, unknown>;
  const settings = parseSkillBuilderConfig(raw, { file: path, lineOf: file.lineOf, prefix: SKILL_BUILDER_SECTION });
  const warnings: string[] = [];
  if ('api_key' in raw)
    warnings.push(
      `${path} contains an api_key, which is ignored: keys belong in <workspace>/.forge/.env (save the key in Settings) — remove it from the file.`,
    );
  const unknown = Object.keys(raw).filter((k) => k !== 'api_key' && !KNOWN_KEYS.includes(k));
  if (unknown.length > 0) warnings.push(`${path}: unknown ${SKILL_BUILDER_SECTION} key(s) ${unknown.join(', ')} ignored (known: ${KNOWN_KEYS.join(', ')}).`);
  return { settings, warnings };
}

const FALLBACK_WARNING =
  "Using this agent's own model settings (forge.yaml) for the skill builder. This fallback is deprecated and will be removed: configure the workspace skill-builder LLM in Settings (it is saved to .forge/ui.yaml).";

async function readAgentTier(fs: FsLike, agentDir: string): Promise<TierHit | { unsetWarning: string } | null> {
  const path = join(agentDir, 'forge.yaml');
  const file = await readYamlFile(fs, path);
  if (!file) return null;
  const model = yamlGet(file, ['model']);
  if (typeof model !== 'object' || model === null) return null;
  const { provider, name } = model as { provider?: unknown; name?: unknown };
  if (typeof provider !== 'string' || !(PROVIDERS as readonly string[]).includes(provider)) {
    return {
      unsetWarning: `The agent's forge.yaml model.provider ${JSON.stringify(provider ?? null)} cannot be used by the skill builder (supported: ${PROVIDERS.join(', ')}); configure the workspace skill-builder LLM in Settings.`,
    };
  }
  if (typeof name !== 'string' || name.trim() === '') {
    return { unsetWarning: "The agent's forge.yaml has no model.name; configure the workspace skill-builder LLM in Settings." };
  }
  const agentEnv = await readEnvFile(join(agentDir, '.env'), { fs });
  const settings: SkillBuilderSettings = { provider: provider as ProviderName, model: name.trim() };
  if (provider === 'openai' && agentEnv.OPENAI_BASE_URL && originOf(agentEnv.OPENAI_BASE_URL)) settings.baseUrl = agentEnv.OPENAI_BASE_URL.trim();
  return { source: 'agent_fallback', settings, file: path, agentEnv, warnings: [FALLBACK_WARNING] };
}

function usableKey(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const t = v.trim();
  return t === '' || t === OAUTH_PLACEHOLDER ? undefined : v;
}

/** Resolves the skill-builder LLM through the tiers. Reads files fresh on every call. */
export async function loadSkillBuilderLLM(opts: LoadSkillBuilderLLMOptions): Promise<ResolvedSkillBuilderLLM> {
  const { fs, env, homeDir } = resolveIo(opts);
  const { workspaceDir, agentDir } = opts;

  const { hit, unsetWarning } = await findTier(fs, homeDir, workspaceDir, agentDir);
  if (!hit) return withKey(unsetResult(unsetWarning), undefined);

  const { settings } = hit;
  const apiKeyEnv = settings.apiKeyEnv ?? DEFAULT_API_KEY_ENV[settings.provider];
  const keyRequired = settings.provider !== 'ollama';
  const warnings: string[] = [...hit.warnings];

  const { apiKey, keySource, sawPlaceholder } = apiKeyEnv ? await lookUpKey(fs, env, workspaceDir, apiKeyEnv, hit.agentEnv) : NO_KEY;
  if (!apiKey && sawPlaceholder)
    warnings.push(`${apiKeyEnv} holds the "${OAUTH_PLACEHOLDER}" placeholder, which the skill builder cannot use; set a real API key in Settings.`);

  const baseUrl = settings.baseUrl ?? null;
  // Key <-> origin binding: whatever the key's source, it goes only to the provider's
  // default endpoint or to an origin the user trusted at user level. A workspace file never grants trust.
  const needsTrust = baseUrl !== null && (keyRequired || apiKey !== undefined);
  const trusted = !needsTrust || (await isKeyDestinationTrusted(baseUrl, hit.source, { fs, homeDir }));
  if (!trusted && baseUrl) warnings.push(untrustedBaseUrlMessage(baseUrl, apiKeyEnv, hit.file, keySource));

  const resolved: ResolvedSkillBuilderLLM = {
    provider: settings.provider,
    model: settings.model,
    baseUrl,
    apiKeyEnv,
    hasKey: apiKey !== undefined || !keyRequired,
    keyRequired,
    keySource,
    source: hit.source,
    warning: warnings.length > 0 ? warnings.join(' ') : null,
    trusted,
    configFile: hit.file,
  };
  if (settings.maxOutputTokens !== undefined) resolved.maxOutputTokens = settings.maxOutputTokens;
  if (settings.timeoutS !== undefined) resolved.timeoutS = settings.timeoutS;
  return withKey(resolved, apiKey);
}

/**
 * The first tier that configures the skill builder: workspace ui.yaml, then ~/.forge/ui.yaml, then
 * (with an agent) its forge.yaml. With none, why the agent fallback could not be used, if it says.
 */
async function findTier(
  fs: FsLike,
  homeDir: string,
  workspaceDir: string,
  agentDir: string | undefined,
): Promise<{ hit: TierHit | null; unsetWarning: string | null }> {
  const wsPath = workspaceUiYamlPath(workspaceDir);
  const wsTier = await readUiYamlTier(fs, wsPath);
  if (wsTier) return { hit: { source: 'workspace', settings: wsTier.settings, file: wsPath, warnings: wsTier.warnings }, unsetWarning: null };
  const userPath = userUiYamlPath(homeDir);
  const userTier = await readUiYamlTier(fs, userPath);
  if (userTier) return { hit: { source: 'user', settings: userTier.settings, file: userPath, warnings: userTier.warnings }, unsetWarning: null };
  if (agentDir !== undefined) {
    const agent = await readAgentTier(fs, agentDir);
    if (agent && 'unsetWarning' in agent) return { hit: null, unsetWarning: agent.unsetWarning };
    if (agent) return { hit: agent, unsetWarning: null };
  }
  return { hit: null, unsetWarning: null };
}

/** The result when no tier configures the skill builder (no key, nothing to trust). */
function unsetResult(warning: string | null): ResolvedSkillBuilderLLM {
  return {
    provider: null,
    model: null,
    baseUrl: null,
    apiKeyEnv: null,
    hasKey: false,
    keyRequired: false,
    keySource: null,
    source: 'unset',
    warning,
    trusted: true,
    configFile: null,
  };
}

interface KeyLookup {
  apiKey: string | undefined;
  keySource: KeySource | null;
  /** Some source held Forge's OAuth placeholder instead of a key. */
  sawPlaceholder: boolean;
}

const NO_KEY: KeyLookup = { apiKey: undefined, keySource: null, sawPlaceholder: false };

/** Looks `apiKeyEnv` up in <workspace>/.forge/.env, then the agent's .env (fallback tier), then `env`; the first usable value wins. */
async function lookUpKey(
  fs: FsLike,
  env: EnvRecord,
  workspaceDir: string,
  apiKeyEnv: string,
  agentEnv: Record<string, string> | undefined,
): Promise<KeyLookup> {
  const wsEnv = await readEnvFile(workspaceEnvPath(workspaceDir), { fs });
  const candidates: Array<[KeySource, string | undefined]> = [
    ['workspace_env', wsEnv[apiKeyEnv]],
    ['agent_env', agentEnv?.[apiKeyEnv]],
    ['process_env', env[apiKeyEnv]],
  ];
  let sawPlaceholder = false;
  for (const [src, raw] of candidates) {
    if (raw !== undefined && raw.trim() === OAUTH_PLACEHOLDER) sawPlaceholder = true;
    const k = usableKey(raw);
    if (k !== undefined) return { apiKey: k, keySource: src, sawPlaceholder };
  }
  return { apiKey: undefined, keySource: null, sawPlaceholder };
}

function withKey(resolved: ResolvedSkillBuilderLLM, apiKey: string | undefined): ResolvedSkillBuilderLLM {
  Object.defineProperty(resolved, 'apiKey', { value: apiKey, enumerable: false, writable: false, configurable: false });
  return resolved;
}

/**
 * Throws a ConfigError naming the fix when the resolved configuration cannot be used for a chat:
 * unset, missing key, or an untrusted base_url. Returns the LlmConfig for createLlmClient otherwise.
 */
export function toUsableLlmConfig(resolved: ResolvedSkillBuilderLLM): LlmConfig {
  if (resolved.source === 'unset' || !resolved.provider || !resolved.model) {
    throw new ConfigError(
      SKILL_BUILDER_SECTION,
      `The workspace skill-builder LLM is not configured. Open Settings and choose a provider and model (saved to .forge/ui.yaml), or write a "${SKILL_BUILDER_SECTION}:" section with provider and model into <workspace>/.forge/ui.yaml.` +
        (resolved.warning ? ` ${resolved.warning}` : ''),
    );
  }
  if (!resolved.trusted && resolved.baseUrl) {
    throw new ConfigError(
      'base_url',
      untrustedBaseUrlMessage(resolved.baseUrl, resolved.apiKeyEnv, resolved.configFile, resolved.keySource),
      resolved.configFile ? { file: resolved.configFile } : {},
    );
  }
  if (resolved.keyRequired && resolved.apiKey === undefined) {
    throw new ConfigError(
      'api_key',
      `No API key for ${resolved.provider}: ${resolved.apiKeyEnv} is not set in <workspace>/.forge/.env or the environment. Paste the key in Settings (it is saved to .forge/.env), or export ${resolved.apiKeyEnv} before starting.`,
      resolved.configFile ? { file: resolved.configFile } : {},
    );
  }
  const cfg: LlmConfig = { provider: resolved.provider, model: resolved.model };
  if (resolved.apiKey !== undefined) cfg.apiKey = resolved.apiKey;
  // A custom key variable is named in the client's auth errors ("check WORKSPACE_LLM_KEY"); the default needs no mention.
  if (resolved.apiKeyEnv && resolved.apiKeyEnv !== DEFAULT_API_KEY_ENV[resolved.provider]) cfg.apiKeyEnv = resolved.apiKeyEnv;
  if (resolved.baseUrl) cfg.baseUrl = resolved.baseUrl;
  if (resolved.maxOutputTokens !== undefined) cfg.maxOutputTokens = resolved.maxOutputTokens;
  if (resolved.timeoutS !== undefined) cfg.timeoutMs = Math.round(resolved.timeoutS * 1000);
  return cfg;
}

export interface SaveSkillBuilderSettingsOptions extends IoOptions {
  workspaceDir: string;
  config: SkillBuilderSettings;
  /** The key to store in <workspace>/.forge/.env. Empty or absent leaves the saved key untouched. */
  apiKey?: string;
  /** Remove the saved key from <workspace>/.forge/.env (needed to move base_url to a new origin without a new key). */
  deleteApiKey?: boolean;
}

const DEFAULT_KEY_NAMES = new Set(Object.values(DEFAULT_API_KEY_ENV).filter((v): v is string => v !== null));

/** The api_key_env to write into ui.yaml (undefined = the provider default, not written). */
function apiKeyEnvToWrite(s: SkillBuilderSettings, hasNewKey: boolean): string | undefined {
  const def = DEFAULT_API_KEY_ENV[s.provider];
  let name = s.apiKeyEnv;
  // A provider default name of another provider is a leftover from before a provider switch.
  if (name !== undefined && name !== def && DEFAULT_KEY_NAMES.has(name)) name = undefined;
  if (name === def) name = undefined;
  if (name === undefined && def === null && hasNewKey) name = OLLAMA_KEY_ENV_FALLBACK;
  return name;
}

/** Writes the settings into the `skill_builder:` section of a parsed ui.yaml (comments and other sections kept; never a key). */
function writeSettingsSection(file: YamlFile, settings: SkillBuilderSettings, keyEnvToWrite: string | undefined): void {
  if (file.doc.contents === null) file.doc.contents = file.doc.createNode({}) as never;
  if (!isMap(file.doc.getIn([SKILL_BUILDER_SECTION], true))) file.doc.setIn([SKILL_BUILDER_SECTION], file.doc.createNode({}));
  const section = file.doc.getIn([SKILL_BUILDER_SECTION], true) as YAMLMap;
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined) section.delete(key);
    else section.set(key, value);
  };
  put('provider', settings.provider);
  put('model', settings.model);
  put('base_url', settings.baseUrl);
  put('api_key_env', keyEnvToWrite);
  put('max_output_tokens', settings.maxOutputTokens);
  put('timeout_s', settings.timeoutS);
  section.delete('api_key'); // never a key in ui.yaml, even one written by hand
}

/**
 * Saves the settings into <workspace>/.forge/ui.yaml (editing the YAML document: comments and
 * other sections kept; never the key), the key (when given) into <workspace>/.forge/.env (0600,
 * atomic, in place), `.env` into <workspace>/.forge/.gitignore, and the base_url origin into
 * ~/.forge/ui.yaml `trusted_base_urls` — only together with a key typed in this same save. Moving
 * base_url to a new origin while a key is saved needs the key again or `deleteApiKey` (key-origin.ts).
 * All or nothing: everything is read and validated first
 * (unknown config keys, the key's value, both ui.yaml files parse, no symlink), and a failure leaves
 * every file byte-identical. Returns the configuration as resolved afterwards.
 */
export async function saveSkillBuilderSettings(opts: SaveSkillBuilderSettingsOptions): Promise<ResolvedSkillBuilderLLM> {
  const { fs, env, homeDir } = resolveIo(opts);
  const { workspaceDir } = opts;
  const settings = validateSkillBuilderSettings(opts.config);
  const apiKey = opts.apiKey;
  if (apiKey !== undefined && apiKey !== null) {
    const problem = checkEnvValue(apiKey);
    if (problem) throw new ConfigError('api_key', `api_key ${problem}`);
  }
  const hasNewKey = typeof apiKey === 'string' && apiKey.trim() !== '';
  const keyEnvToWrite = apiKeyEnvToWrite(settings, hasNewKey);
  const effectiveKeyEnv = keyEnvToWrite ?? DEFAULT_API_KEY_ENV[settings.provider];

  const uiPath = workspaceUiYamlPath(workspaceDir);
  const envPath = workspaceEnvPath(workspaceDir);
  const gitignorePath = join(workspaceDir, '.forge', '.gitignore');
  const trustPath = userUiYamlPath(homeDir);
  // All or nothing: under the locks, read and check every file this save touches (never through a
  // symlink; ui.yaml and ~/.forge/ui.yaml must parse), compute every new text, and only then write.
  await withFileLocks(fs, [uiPath, envPath, gitignorePath, trustPath], async () => {
    const read = (p: string) => readRegularTextIfExists(fs, p);
    const [uiText, envText, gitignoreText, trustText] = [await read(uiPath), await read(envPath), await read(gitignorePath), await read(trustPath)];
    const uiFile = uiText === null ? emptyYamlFile(uiPath) : parseYamlText(uiText, uiPath);
    const trustFile = trustText === null ? emptyYamlFile(trustPath) : parseYamlText(trustText, trustPath);
    const dropped = checkKeyOrigin({
      savedUi: uiFile,
      envText: envText ?? '',
      newBaseUrl: settings.baseUrl,
      newKeyEnv: effectiveKeyEnv,
      hasNewKey,
      deleteKey: opts.deleteApiKey === true,
    });
    writeSettingsSection(uiFile, settings, keyEnvToWrite);
    const writes: PlannedWrite[] = [];
    const gitignoreNext = gitignoreWithEntry(gitignoreText ?? '', '.env');
    if (gitignoreNext !== null) writes.push({ path: gitignorePath, text: gitignoreNext, mode: 0o644, previous: gitignoreText });
    if (hasNewKey && effectiveKeyEnv) writes.push({ path: envPath, text: editEnvText(envText ?? '', effectiveKeyEnv, apiKey), mode: 0o600, previous: envText });
    if (dropped.length > 0)
      writes.push({ path: envPath, text: dropped.reduce((t, n) => editEnvText(t, n, ''), envText ?? ''), mode: 0o600, previous: envText });
    // Trust for an origin comes only with a key the operator typed for it.
    const origin = settings.baseUrl && hasNewKey ? originOf(settings.baseUrl) : null;
    if (origin && addTrustedOrigin(trustFile, origin)) writes.push({ path: trustPath, text: renderYamlFile(trustFile), mode: 0o644, previous: trustText });
    writes.push({ path: uiPath, text: renderYamlFile(uiFile), mode: 0o644, previous: uiText });
    await writeAllOrNothing(fs, writes);
  });

  return loadSkillBuilderLLM({ workspaceDir, fs, env, homeDir });
}
