// createWorkspaceSkillBuilder (node flavour): the one place a chat turn is assembled
// for a workspace — the SDK, the HTTP chat route and the terminal chat all
// run their turns through it. It resolves the skill-builder LLM through the
// tiers (docs/skill-builder-llm.md: ui.yaml, the key in .forge/.env or the environment, the
// base_url trust check, the deprecated agent fallback) when it is created and
// again on every turn, so a rotated key or an edited ui.yaml applies to the
// next message wherever it is sent from. It refuses, with a ConfigError naming
// the fix, a configuration that is unset, has no key, or points a workspace
// base_url at a key without trust. In edit mode it loads the on-disk skill
// itself: `chat(messages, {mode: 'edit', editingName})`. Error events and
// errors are scrubbed of the key even when a custom client factory is used.
// Resolving, refusing and loading the edited skill are workspace-llm.ts.

import { CHAT_REQUEST } from '../core/protocol/fields.js';
import { RequestError, redactSecret } from '../core/errors.js';
import { createSkillBuilder as createCoreSkillBuilder, type ChatOptions, type SkillBuilder, type SkillBuilderOptions } from '../core/builder/builder.js';
import type { ParsedEnvelope } from '../core/envelope/events.js';
import type { BuilderEvent } from '../core/envelope/events.js';
import type { ChatMessage, LlmClient, LlmConfig } from '../core/llm/types.js';
import { assertSafeSkillName } from '../core/names.js';
import type { Skill } from '../core/skill/skill.js';
import type { ResolvedSkillBuilderLLM } from './config/tiers.js';
import { resolveIo, type IoOptions } from './fs/types.js';
import { llmForTurn, resolveUsableLlm, type LlmClientFactory, type UsableWorkspaceLlm } from './config/workspace-llm.js';
import { loadSkillForEdit } from './workspace/skill-for-edit.js';

type CoreTuning = Pick<SkillBuilderOptions, 'now' | 'progressIntervalMs' | 'structuredOutput' | 'partialDrafts' | 'partialDraftIntervalMs'>;

/**
 * Where the builder's LLM comes from — `workspaceDir` (the workspace's tiers, read when the builder
 * is created and again on every turn) or `llm` (a fixed client or config; no configuration is read) —
 * plus what every builder takes.
 */
export interface NodeSkillBuilderOptions extends IoOptions, CoreTuning {
  /** The folder holding `.forge/ui.yaml` and `.forge/.env`. Required unless `llm` is given. */
  workspaceDir?: string;
  /** A fixed client, or the config to create one; the workspace tiers are then not read. */
  llm?: LlmClient | LlmConfig;
  /** The agent being worked on: edit mode by name and, for a workspace, the deprecated agent fallback tier. */
  agentDir?: string;
  /** Builds each turn's client from that turn's resolved config (tests, proxies). Default: the built-in provider clients. Not with `llm`. */
  llmClientFactory?: LlmClientFactory;
  /**
   * Called with the API key each time the tiers are read — before any refusal — so a host that
   * scrubs its own replies and logs (the HTTP server does) knows the value even for a refused turn.
   */
  onApiKey?: (apiKey: string) => void;
  /** Values no event may carry, besides the key (e.g. the key of a client you built yourself). */
  secrets?: readonly string[];
}

/** @deprecated Use NodeSkillBuilderOptions (one options type: give `workspaceDir`). */
export type WorkspaceSkillBuilderOptions = NodeSkillBuilderOptions & { workspaceDir: string };
/** @deprecated Use NodeSkillBuilderOptions (one options type: give `llm`). */
export type ExplicitSkillBuilderOptions = NodeSkillBuilderOptions & { llm: LlmClient | LlmConfig };

export interface NodeChatOptions extends ChatOptions {
  /** Edit mode: the skill to load from `<agentDir>/skills/` (folder or frontmatter name). */
  editingName?: string;
}

export interface NodeSkillBuilder {
  chat(messages: readonly ChatMessage[], options?: NodeChatOptions): AsyncIterable<BuilderEvent>;
  send(messages: readonly ChatMessage[], options?: NodeChatOptions): Promise<ParsedEnvelope>;
  /**
   * `chat` in two steps, for hosts that must answer a refused turn before streaming (the HTTP
   * server): resolves once the turn has started — settings read and checked, client built, edited
   * skill loaded — or rejects with that step's error; then iterate the events.
   */
  startChat(messages: readonly ChatMessage[], options?: NodeChatOptions): Promise<AsyncIterable<BuilderEvent>>;
  /** Loads an on-disk skill of the agent in the shape the prompt takes (for hosts that check it before streaming). */
  loadExisting(name: string): Promise<Skill>;
  /** The configuration resolved when the builder was created (null when `llm` was given). Never carries the key enumerably. */
  readonly config: ResolvedSkillBuilderLLM | null;
}

/**
 * Creates a builder. For a workspace it resolves the tiers now, rejecting with ConfigError when
 * the skill-builder LLM is unset, has no key, or has an untrusted base_url — before any LLM call —
 * and again at the start of every turn (a turn refused then throws that ConfigError from `chat`'s
 * iteration or rejects `send`, before any event).
 */
export async function createWorkspaceSkillBuilder(options: NodeSkillBuilderOptions): Promise<NodeSkillBuilder> {
  if (!options || typeof options !== 'object') throw new RequestError('options', 'createWorkspaceSkillBuilder needs {workspaceDir} or {llm}');
  const io = resolveIo(options);
  const ioOpts: IoOptions = { fs: io.fs, env: io.env, homeDir: io.homeDir };
  const tuning = pickTuning(options);
  const agentDir = options.agentDir;
  const { config, coreForTurn } = await turnSource(options, ioOpts, tuning);

  async function loadExisting(name: string): Promise<Skill> {
    assertSafeSkillName(name, CHAT_REQUEST.editingName);
    if (agentDir === undefined) throw new RequestError('agentDir', 'edit mode by name needs the agent: pass agentDir to createWorkspaceSkillBuilder');
    return loadSkillForEdit(agentDir, name, ioOpts);
  }

  /** Checks what can be checked synchronously, so a bad call throws before any event. */
  function precheck(opts: NodeChatOptions | undefined): void {
    if (opts?.editingName !== undefined) {
      assertSafeSkillName(opts.editingName, CHAT_REQUEST.editingName);
      if (agentDir === undefined && !opts.existing)
        throw new RequestError('agentDir', 'edit mode by name needs the agent: pass agentDir to createWorkspaceSkillBuilder');
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

  async function startChat(messages: readonly ChatMessage[], opts: NodeChatOptions | undefined): Promise<AsyncIterable<BuilderEvent>> {
    precheck(opts);
    const chatOpts = await coreOptions(opts);
    const { core, secret } = await coreForTurn();
    return scrubErrorEvents(core.chat(messages, chatOpts), secret);
  }

  return {
    config,
    loadExisting,
    startChat,
    chat(messages, opts) {
      precheck(opts);
      return (async function* () {
        yield* await startChat(messages, opts);
      })();
    },
    async send(messages, opts) {
      precheck(opts);
      const chatOpts = await coreOptions(opts);
      // The core turn has the key among its secrets: a SendError and its cause come back scrubbed.
      const { core } = await coreForTurn();
      return core.send(messages, chatOpts);
    },
  };
}

/** Error events with the key replaced (a custom client may put it in its messages). */
async function* scrubErrorEvents(events: AsyncIterable<BuilderEvent>, secret: string | undefined): AsyncGenerator<BuilderEvent> {
  for await (const ev of events) yield ev.type === 'error' ? { ...ev, error: redactSecret(ev.error, secret) } : ev;
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
  const extra = options.secrets ?? [];
  if (options.llm) {
    if (options.llmClientFactory !== undefined)
      throw new RequestError('llmClientFactory', 'llmClientFactory builds the client from the workspace tiers; with {llm} there are none: drop one of the two');
    const llm = options.llm;
    const core = createCoreSkillBuilder({ llm, secrets: extra, ...tuning });
    const secret = isClient(llm) ? undefined : llm.apiKey;
    return { config: null, coreForTurn: async () => ({ core, secret }) };
  }
  const workspaceDir = options.workspaceDir;
  if (typeof workspaceDir !== 'string' || workspaceDir === '')
    throw new RequestError('workspaceDir', 'createWorkspaceSkillBuilder needs {workspaceDir} (the folder holding .forge/ui.yaml) or {llm}');
  const resolve = async (): Promise<UsableWorkspaceLlm> => {
    const seen = new Set<string>(); // the key as soon as it is read, refused or not
    try {
      return await resolveUsableLlm({ ...ioOpts, workspaceDir, agentDir: options.agentDir, secrets: seen });
    } finally {
      if (options.onApiKey) for (const key of seen) options.onApiKey(key);
    }
  };
  const config = (await resolve()).resolved; // refuses unset / missing key / untrusted now, before any turn
  const coreForTurn: CoreForTurn = async () => {
    const { config: llmConfig } = await resolve(); // fresh: a rotated key or edited ui.yaml applies to this turn
    const secrets = [...extra, ...(llmConfig.apiKey ? [llmConfig.apiKey] : [])];
    return { core: createCoreSkillBuilder({ llm: llmForTurn(llmConfig, options.llmClientFactory), secrets, ...tuning }), secret: llmConfig.apiKey };
  };
  return { config, coreForTurn };
}

function isClient(llm: LlmClient | LlmConfig): llm is LlmClient {
  return typeof (llm as LlmClient).stream === 'function';
}
