// The skill-builder LLM settings: the `skill_builder:` section of ui.yaml and the
// body of `PUT /api/settings/skill-builder`, in their snake_case wire form
// (`SkillBuilderConfigSchema`), and the camelCase TypeScript form
// (`SkillBuilderSettings`) the node functions take. Every rule names its field;
// `toConfigError` turns a failed parse into a ConfigError with file and line.
// Pure zod and isomorphic: the node config tiers, the HTTP settings route and
// a browser form all validate with this one schema.

import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { ENV_VAR_NAME_PATTERN } from '../names.js';
import { PROVIDERS, type ProviderName } from '../llm/types.js';
import { checkBaseUrl } from '../llm/base-url.js';

/** Empty strings and nulls mean "not set" for optional fields (HTML forms send ""). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() === '' ? undefined : v);

export const SkillBuilderConfigSchema = z.object({
  provider: z.enum(PROVIDERS, { error: `provider must be one of ${PROVIDERS.join(', ')}` }),
  model: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'model is required: the model name to use, verbatim (e.g. "gpt-4.1")'
          : 'model must be a text value; quote it in YAML (e.g. model: "4")',
    })
    .trim()
    .min(1, { error: 'model is required: the model name to use, verbatim (e.g. "gpt-4.1")' }),
  base_url: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'base_url must be a string URL' })
      .trim()
      .superRefine((v, ctx) => {
        const problem = checkBaseUrl(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  api_key_env: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'api_key_env must be a string' })
      .trim()
      .regex(ENV_VAR_NAME_PATTERN, {
        error: 'api_key_env must be an environment variable name: letters, digits and "_", not starting with a digit (e.g. "WORKSPACE_LLM_KEY")',
      })
      .optional(),
  ),
  max_output_tokens: z.preprocess(
    blankToUndefined,
    z
      .int({ error: 'max_output_tokens must be a whole number of tokens (e.g. 16000)' })
      .positive({ error: 'max_output_tokens must be a positive whole number' })
      .optional(),
  ),
  timeout_s: z.preprocess(
    blankToUndefined,
    z
      .number({ error: 'timeout_s must be a number of seconds (e.g. 120)' })
      .positive({ error: 'timeout_s must be a positive number of seconds' })
      .refine(Number.isFinite, { error: 'timeout_s must be finite' })
      .optional(),
  ),
});

/** The snake_case form, as written in ui.yaml and sent over HTTP. */
export type SkillBuilderConfig = z.output<typeof SkillBuilderConfigSchema>;

/** The camelCase form the node functions take and return. */
export interface SkillBuilderSettings {
  provider: ProviderName;
  model: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  maxOutputTokens?: number;
  timeoutS?: number;
}

export function settingsFromConfig(c: SkillBuilderConfig): SkillBuilderSettings {
  const s: SkillBuilderSettings = { provider: c.provider, model: c.model };
  if (c.base_url !== undefined) s.baseUrl = c.base_url;
  if (c.api_key_env !== undefined) s.apiKeyEnv = c.api_key_env;
  if (c.max_output_tokens !== undefined) s.maxOutputTokens = c.max_output_tokens;
  if (c.timeout_s !== undefined) s.timeoutS = c.timeout_s;
  return s;
}

export function settingsToConfig(s: SkillBuilderSettings): SkillBuilderConfig {
  const c: SkillBuilderConfig = { provider: s.provider, model: s.model };
  if (s.baseUrl !== undefined) c.base_url = s.baseUrl;
  if (s.apiKeyEnv !== undefined) c.api_key_env = s.apiKeyEnv;
  if (s.maxOutputTokens !== undefined) c.max_output_tokens = s.maxOutputTokens;
  if (s.timeoutS !== undefined) c.timeout_s = s.timeoutS;
  return c;
}

/** Where a parse came from, so errors can point at the file and line. */
export interface ConfigSource {
  file?: string;
  /** 1-based line of a field path (e.g. ['skill_builder', 'model']), when known. */
  lineOf?: (path: readonly PropertyKey[]) => number | undefined;
  /** Prefix for field names in messages (e.g. 'skill_builder'). */
  prefix?: string;
}

/** Turns zod issues into one ConfigError naming the first field (all problems in the message). */
export function toConfigError(error: z.ZodError, source: ConfigSource = {}): ConfigError {
  const issues = error.issues;
  const first = issues[0];
  const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || source.prefix || 'config';
  const field = first ? fieldOf(first.path) : 'config';
  const parts = issues.map((i) => {
    const f = fieldOf(i.path);
    return i.message.startsWith(f) ? i.message : `${f}: ${i.message}`;
  });
  const line = first && source.lineOf ? source.lineOf([...(source.prefix ? [source.prefix] : []), ...first.path]) : undefined;
  const where = source.file ? `${source.file}${line !== undefined ? `:${line}` : ''}: ` : '';
  const opts: { file?: string; line?: number } = {};
  if (source.file !== undefined) opts.file = source.file;
  if (line !== undefined) opts.line = line;
  // An issue about the whole section (empty path) is named by the prefix alone, not `prefix.prefix`.
  const named = source.prefix && first && first.path.length > 0 ? `${source.prefix}.${field}` : field;
  return new ConfigError(named, `${where}${parts.join('; ')}`, opts);
}

/**
 * Validates settings in the wire form (snake_case: a PUT body or the ui.yaml section)
 * and returns the camelCase form. Throws ConfigError naming the field.
 */
export function parseSkillBuilderConfig(raw: unknown, source: ConfigSource = {}): SkillBuilderSettings {
  const r = SkillBuilderConfigSchema.safeParse(raw);
  if (!r.success) throw toConfigError(r.error, source);
  return settingsFromConfig(r.data);
}

/** The keys of the camelCase form, in the order messages list them. */
export const SKILL_BUILDER_SETTINGS_KEYS = ['provider', 'model', 'baseUrl', 'apiKeyEnv', 'maxOutputTokens', 'timeoutS'] as const;

const SNAKE_TO_CAMEL: Record<string, string> = {
  base_url: 'baseUrl',
  api_key_env: 'apiKeyEnv',
  max_output_tokens: 'maxOutputTokens',
  timeout_s: 'timeoutS',
};

/** Why `key` is not accepted in the camelCase settings: the snake_case spelling, or the closest accepted key. */
function unknownKeyHint(key: string): string {
  const camel = SNAKE_TO_CAMEL[key];
  if (camel) return ` (this API takes camelCase: use ${camel}; snake_case ${key} is the ui.yaml and HTTP spelling)`;
  const norm = (k: string) => k.toLowerCase().replace(/[_-]/g, '');
  const close = SKILL_BUILDER_SETTINGS_KEYS.find((k) => norm(k) === norm(key) || norm(key).startsWith(norm(k)) || norm(k).startsWith(norm(key)));
  return close ? ` (did you mean ${close}?)` : '';
}

/**
 * Validates the camelCase form (what saveSkillBuilderSettings takes). An unknown key — a typo
 * such as `apiKeyEnvv`, or the snake_case `api_key_env` — is an error naming it and the accepted
 * keys: silently dropping it would save settings the caller did not ask for.
 */
export function validateSkillBuilderSettings(s: SkillBuilderSettings): SkillBuilderSettings {
  if (typeof s !== 'object' || s === null || Array.isArray(s))
    throw new ConfigError('config', 'config must be an object {provider, model, baseUrl?, apiKeyEnv?}');
  const accepted: readonly string[] = SKILL_BUILDER_SETTINGS_KEYS;
  const unknown = Object.keys(s).filter((k) => !accepted.includes(k));
  if (unknown.length > 0) {
    const first = unknown[0]!;
    throw new ConfigError(
      `config.${first}`,
      `config: unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}${unknownKeyHint(first)}; accepted keys: ${accepted.join(', ')}`,
    );
  }
  return parseSkillBuilderConfig(settingsToConfig(s));
}
