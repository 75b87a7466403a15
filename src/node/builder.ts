// createSkillBuilder (node flavour): the core builder wired to a workspace.
// It resolves the skill-builder LLM through the tiers (SPEC §4) and refuses,
// with a ConfigError naming the fix, a configuration that is unset, has no
// key, or points a workspace base_url at a key from the environment without
// trust. The tiers are read again on every turn, so a rotated key or edited
// ui.yaml applies to the next message. In edit mode it loads the on-disk skill
// itself: `chat(messages, {mode: 'edit', editingName})`. Error events and
// errors are scrubbed of the key even when a custom client factory is used.
// Resolving, refusing and loading the edited skill are workspace-llm.ts, which
// the HTTP chat route and the terminal chat share.

import { RequestError, redactSecret } from '../core/errors.js';
import {
  createSkillBuilder as createCoreSkillBuilder,
  type ChatOptions,
  type SendError,
  type SkillBuilder,
  type SkillBuilderOptions,
} from '../core/builder/builder.js';
import type { ParsedEnvelope } from '../core/builder/events.js';
import type { BuilderEvent } from '../core/builder/events.js';
import type { ChatMessage, LlmClient, LlmConfig } from '../core/llm/types.js';
import { assertSafeSkillName } from '../core/names.js';
import type { ExistingSkill } from '../core/builder/prompt.js';
import type { ResolvedSkillBuilderLLM } from './config/tiers.js';
import { resolveIo, type IoOptions } from './fs/types.js';
import { llmForTurn, loadSkillForEdit, resolveUsableLlm, type LlmClientFactory } from './config/workspace-llm.js';

type CoreTuning = Pick<SkillBuilderOptions, 'now' | 'progressIntervalMs' | 'structuredOutput' | 'partialDrafts' | 'partialDraftIntervalMs'>;

/** Resolve the LLM from the workspace tiers. */
export interface WorkspaceSkillBuilderOptions extends IoOptions, CoreTuning {
  workspaceDir: string;
  /** The agent being worked on: enables the deprecated agent fallback tier and edit mode by name. */
  agentDir?: string;
  /** Builds the client from the resolved config (tests, proxies). Default: the built-in provider clients. */
  llmClientFactory?: LlmClientFactory;
}

/** Use a given client or config; the workspace (optional) only serves edit mode. */
export interface ExplicitSkillBuilderOptions extends IoOptions, CoreTuning {
  llm: LlmClient | LlmConfig;
  workspaceDir?: string;
  agentDir?: string;
}

export type NodeSkillBuilderOptions = WorkspaceSkillBuilderOptions | ExplicitSkillBuilderOptions;

export interface NodeChatOptions extends ChatOptions {
  /** Edit mode: the skill to load from `<agentDir>/skills/` (folder or frontmatter name). */
  editingName?: string;
}

export interface NodeSkillBuilder {
  chat(messages: readonly ChatMessage[], options?: NodeChatOptions): AsyncIterable<BuilderEvent>;
  send(messages: readonly ChatMessage[], options?: NodeChatOptions): Promise<ParsedEnvelope>;
  /** Loads an on-disk skill of the agent in the shape the prompt takes (for hosts that check it before streaming). */
  loadExisting(name: string): Promise<ExistingSkill>;
  /** The configuration resolved when the builder was created (null when `llm` was given). Never carries the key enumerably. */
  readonly config: ResolvedSkillBuilderLLM | null;
}

/**
 * Creates a builder for a workspace. Rejects with ConfigError when the skill-builder LLM is
 * unset, has no key, or has an untrusted base_url — before any LLM call.
 */
export async function createSkillBuilder(options: NodeSkillBuilderOptions): Promise<NodeSkillBuilder> {
  if (!options || typeof options !== 'object') throw new RequestError('options', 'createSkillBuilder needs {workspaceDir} or {llm}');
  const io = resolveIo(options);
  const ioOpts: IoOptions = { fs: io.fs, env: io.env, homeDir: io.homeDir };
  const tuning = pickTuning(options);
  const agentDir = options.agentDir;
  const { config, coreForTurn } = await turnSource(options, ioOpts, tuning);

  async function loadExisting(name: string): Promise<ExistingSkill> {
    assertSafeSkillName(name, 'editing_name');
    if (agentDir === undefined) throw new RequestError('agentDir', 'edit mode by name needs the agent: pass agentDir to createSkillBuilder');
    return loadSkillForEdit(agentDir, name, ioOpts);
  }

  /** Checks what can be checked synchronously, so a bad call throws before any event. */
  function precheck(opts: NodeChatOptions | undefined): void {
    if (opts?.editingName !== undefined) {
      assertSafeSkillName(opts.editingName, 'editing_name');
      if (agentDir === undefined && !opts.existing)
        throw new RequestError('agentDir', 'edit mode by name needs the agent: pass agentDir to createSkillBuilder');
    }
  }

  async function coreOptions(opts: NodeChatOptions = {}): Promise<ChatOptions> {
    const { editingName, ...rest } = opts;
    const out: ChatOptions = { ...rest };
    if (editingName !== undefined && !rest.existing) {
      out.existing = await loadExisting(editingName);
      out.mode = rest.mode ?? 'edit';
    }
    return out;
  }

  async function* chatTurn(messages: readonly ChatMessage[], opts: NodeChatOptions | undefined): AsyncGenerator<BuilderEvent> {
    const chatOpts = await coreOptions(opts);
    const { core, secret } = await coreForTurn();
    for await (const ev of core.chat(messages, chatOpts)) {
      yield ev.type === 'error' ? { ...ev, error: redactSecret(ev.error, secret) } : ev;
    }
  }

  return {
    config,
    loadExisting,
    chat(messages, opts) {
      precheck(opts);
      return chatTurn(messages, opts);
    },
    async send(messages, opts) {
      precheck(opts);
      const chatOpts = await coreOptions(opts);
      const { core, secret } = await coreForTurn();
      try {
        return await core.send(messages, chatOpts);
      } catch (err) {
        throw scrubSendError(err, secret);
      }
    },
  };
}

/** A core builder for one turn, plus the key to scrub from its errors. */
type CoreForTurn = () => Promise<{ core: SkillBuilder; secret: string | undefined }>;

/** Copies the core tuning options that were given (and only those) out of the node options. */
function pickTuning(options: NodeSkillBuilderOptions): CoreTuning {
  const tuning: CoreTuning = {};
  if (options.now) tuning.now = options.now;
  if (options.progressIntervalMs !== undefined) tuning.progressIntervalMs = options.progressIntervalMs;
  if (options.structuredOutput !== undefined) tuning.structuredOutput = options.structuredOutput;
  if (options.partialDrafts !== undefined) tuning.partialDrafts = options.partialDrafts;
  if (options.partialDraftIntervalMs !== undefined) tuning.partialDraftIntervalMs = options.partialDraftIntervalMs;
  return tuning;
}

/**
 * Where each turn's core builder comes from: one fixed builder for an explicit `llm`, or, for a
 * workspace, the tiers resolved now (refusing an unusable config before any turn) and again per turn.
 */
async function turnSource(
  options: NodeSkillBuilderOptions,
  ioOpts: IoOptions,
  tuning: CoreTuning,
): Promise<{ config: ResolvedSkillBuilderLLM | null; coreForTurn: CoreForTurn }> {
  if ('llm' in options && options.llm) {
    const llm = options.llm;
    const core = createCoreSkillBuilder({ llm, ...tuning });
    const secret = isClient(llm) ? undefined : llm.apiKey;
    return { config: null, coreForTurn: async () => ({ core, secret }) };
  }
  const ws = options as WorkspaceSkillBuilderOptions;
  if (typeof ws.workspaceDir !== 'string' || ws.workspaceDir === '')
    throw new RequestError('workspaceDir', 'createSkillBuilder needs {workspaceDir} (the folder holding .forge/ui.yaml) or {llm}');
  const resolve = () => resolveUsableLlm({ ...ioOpts, workspaceDir: ws.workspaceDir, agentDir: options.agentDir });
  const config = (await resolve()).resolved; // refuses unset / missing key / untrusted now, before any turn
  const coreForTurn: CoreForTurn = async () => {
    const { config: llmConfig } = await resolve(); // fresh: a rotated key or edited ui.yaml applies to this turn
    const secrets = llmConfig.apiKey ? [llmConfig.apiKey] : [];
    return { core: createCoreSkillBuilder({ llm: llmForTurn(llmConfig, ws.llmClientFactory), secrets, ...tuning }), secret: llmConfig.apiKey };
  };
  return { config, coreForTurn };
}

/** Scrubs the key from a failed send's message and stack (in place, keeping the error's class and fields). */
function scrubSendError(err: unknown, secret: string | undefined): unknown {
  if (secret && err instanceof Error) {
    const scrubbed = err as SendError;
    Object.defineProperty(scrubbed, 'message', { value: redactSecret(err.message, secret), configurable: true, writable: true });
    if (typeof err.stack === 'string') Object.defineProperty(scrubbed, 'stack', { value: redactSecret(err.stack, secret), configurable: true, writable: true });
    return scrubbed;
  }
  return err;
}

function isClient(llm: LlmClient | LlmConfig): llm is LlmClient {
  return typeof (llm as LlmClient).stream === 'function';
}
