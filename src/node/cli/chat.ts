// `forge-skill-builder chat`: the skill-builder interview in a terminal. The
// assistant's text streams as it is generated, a spinner shows the draft
// arriving, the drafted SKILL.md is printed with its validation result, and
// the user is asked whether to save it into the agent's skills/. With piped
// stdin every line is one user message (and the answer to a save question).
// Each message is a turn of createWorkspaceSkillBuilder (builder.ts), the same
// one the SDK and the HTTP chat route run, so the workspace's settings are
// read again for every message: a key rotated in .forge/.env or an edited
// ui.yaml applies to the next one; a turn the settings now refuse prints the
// reason and the session goes on.

import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CONTINUE_MESSAGE } from '../../core/builder/continue-turn.js';
import { ConfigError, ForgeError, SkillConflictError, SkillValidationError } from '../../core/errors.js';
import { formatDiagnostic } from '../../core/diagnostics.js';
import type { ChatMessage } from '../../core/llm/types.js';
import { createStreamEscaper, escapeControlChars } from '../../core/safe-text/control-chars.js';
import { Skill } from '../../core/skill/skill.js';
import { mergeSkillDraft } from '../../core/envelope/merge-draft.js';
import { discoverAgents, findAgent, type AgentInfo } from '../workspace/agents.js';
import { existingSkillNames, saveSkill } from '../workspace/save-skill.js';
import { createWorkspaceSkillBuilder, type NodeSkillBuilder } from '../builder.js';
import type { ResolvedSkillBuilderLLM } from '../config/tiers.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { plural, writeLine, type CliIo } from './io.js';
import { createLineReader, createSpinner } from './terminal.js';

const HELP = `Usage: ${PROGRAM} chat --dir <workspace> [--agent <id>]

Interviews you about a skill in the terminal and drafts its SKILL.md (and
scripts) with the workspace's skill-builder LLM. When a draft arrives it is
printed with its validation result and you are asked whether to save it into
the agent's skills/ folder. Answer with anything else to keep refining.

With input piped in (not a terminal) each line is one message, and the line
after a draft answers the save question (y/yes saves).

Options:
  --dir <path>     workspace folder (default: the current folder)
  --agent <id>     agent to save into; needed when the workspace has several
  -h, --help       show this help

End the session with an empty line, Ctrl-D or Ctrl-C.
`;

async function pickAgent(workspaceDir: string, id: string | undefined): Promise<AgentInfo | undefined> {
  if (id !== undefined) return findAgent(workspaceDir, id);
  const agents = await discoverAgents(workspaceDir);
  return agents.length === 1 ? agents[0] : undefined;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('chat', argv, { dir: { type: 'string' }, agent: { type: 'string' } }, true);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`, 'chat');
  const { builder, agent } = await openSession(io, values.dir, values.agent);
  return converse(io, builder, agent);
}

/**
 * Checks the workspace folder, picks the agent, resolves the skill-builder LLM (refusing an unusable
 * one with its ConfigError) and prints the session's greeting.
 */
async function openSession(
  io: CliIo,
  dir: string | undefined,
  agentId: string | undefined,
): Promise<{ builder: NodeSkillBuilder; agent: AgentInfo | undefined }> {
  const workspaceDir = resolve(io.cwd, dir ?? '.');
  const st = await stat(workspaceDir).catch(() => null);
  // Checked first: a missing folder would otherwise read as "no LLM configured".
  if (!st?.isDirectory())
    throw new Error(`the workspace folder ${dir ?? '.'} ${st ? 'is not a folder' : 'does not exist'}; give an existing folder with --dir`);
  const agent = await pickAgent(workspaceDir, agentId);
  // Unset / missing key / untrusted base_url: the ConfigError's message goes to stderr, exit 1 (cli.ts).
  const builder = await createWorkspaceSkillBuilder({ workspaceDir, agentDir: agent?.path, env: io.env, homeDir: io.homeDir });
  const resolved = builder.config as ResolvedSkillBuilderLLM; // a workspace builder always has one
  const out = io.stdout;
  writeLine(out, `Skill builder — ${resolved.provider} ${resolved.model} (${resolved.source})${agent ? `, saving into agent "${agent.id}"` : ''}`);
  if (resolved.warning) writeLine(io.stderr, `warning: ${resolved.warning}`);
  if (!agent) writeLine(out, 'No agent selected (use --agent <id>): drafts can be reviewed but not saved.');
  writeLine(out, 'Describe the skill you want. An empty line or Ctrl-D ends the session.');
  return { builder, agent };
}

/**
 * The interview loop: reads a message, streams the reply, offers a draft for saving, until an empty
 * line, end of input or an interrupt (exit code 130).
 */
async function converse(io: CliIo, builder: NodeSkillBuilder, agent: AgentInfo | undefined): Promise<number> {
  const out = io.stdout;
  const tty = io.stdin.isTTY === true;
  const reader = createLineReader(io.stdin, out);
  const messages: ChatMessage[] = [];
  let draft: Skill | undefined;
  let pending: string | null = null;
  let cutOff = false;
  let current: AbortController | undefined;
  let interrupted = false;
  void io.waitForShutdown().then(() => {
    interrupted = true;
    current?.abort(new Error('interrupted'));
    reader.close();
  });

  try {
    for (;;) {
      const line = pending ?? (await reader.next('\nyou> '));
      pending = null;
      if (line === null || line.trim() === '' || interrupted) break;
      if (!tty) writeLine(out, `\nyou> ${line}`);
      // After a cut-off reply, "continue" sends the continuation turn the element's Continue button sends.
      const continuing = cutOff && line.trim().toLowerCase() === 'continue';
      messages.push({ role: 'user', content: continuing ? CONTINUE_MESSAGE : line });
      cutOff = false;

      current = new AbortController();
      const turn = await streamTurn(io, builder, messages, draft, current.signal);
      cutOff = turn.cutOff;
      current = undefined;
      if (interrupted) break;
      if (turn.failed !== undefined) writeLine(io.stderr, `\nerror: ${turn.failed}`);
      if (!turn.newDraft) continue; // a failed turn still offers whatever draft arrived
      draft = turn.newDraft;
      const names = agent ? await existingSkillNames(agent.path) : [];
      const answer = await showDraftAndAsk(io, draft, names, agent !== undefined, reader);
      if (answer === null) break;
      if (answer === 'save' && agent) {
        await saveDraft(io, agent, draft);
      } else if (answer !== 'save' && answer !== 'no') pending = answer;
    }
  } finally {
    reader.close();
  }
  if (interrupted) {
    writeLine(io.stderr, '\ninterrupted.');
    return 130;
  }
  return 0;
}

/**
 * Streams one assistant turn to the terminal (text as it arrives, a spinner while the draft is written)
 * and appends the reply to `messages`; returns the error, the new draft and whether the reply was cut off.
 */
async function streamTurn(
  io: CliIo,
  builder: NodeSkillBuilder,
  messages: ChatMessage[],
  draft: Skill | undefined,
  signal: AbortSignal,
): Promise<{ failed: string | undefined; newDraft: Skill | undefined; cutOff: boolean }> {
  const out = io.stdout;
  const spinner = createSpinner(out);
  out.write('\nassistant> ');
  let streamed = '';
  // The model's text reaches the terminal with its control characters shown, never acted on.
  const screen = createStreamEscaper();
  let failed: string | undefined;
  let newDraft: Skill | undefined;
  let cutOff = false;
  try {
    for await (const ev of builder.chat(messages, { ...(draft ? { draft } : {}), signal })) {
      if (ev.type === 'message_delta') {
        if (spinner.active) spinner.stop();
        out.write(screen.push(ev.delta));
        streamed += ev.delta;
      } else if (ev.type === 'progress' && ev.phase === 'skill') {
        if (!spinner.active) out.write('\n');
        spinner.update(`drafting the skill… ${ev.chars.toLocaleString('en-US')} characters so far`);
      } else if (ev.type === 'message') {
        spinner.stop();
        if (streamed === '') out.write(screen.push(ev.content));
        else if (ev.content.startsWith(streamed)) out.write(screen.push(ev.content.slice(streamed.length)));
        out.write(screen.end());
        writeLine(out);
        messages.push({ role: 'assistant', content: ev.content });
      } else if (ev.type === 'skill_draft') {
        spinner.stop('draft received');
        // The reference and asset files the model wrote this turn are merged over the draft's.
        newDraft = Skill.from(mergeSkillDraft(draft?.toJSON(), ev));
      } else if (ev.type === 'error') {
        spinner.stop();
        out.write(screen.end());
        failed = ev.error;
      } else if (ev.type === 'done' && ev.truncated) {
        cutOff = ev.notice !== undefined;
        writeLine(
          io.stderr,
          ev.notice
            ? `note: ${ev.notice.replace('Continue asks it', 'Type "continue" to ask it')}`
            : 'note: the model hit its output limit; the draft may be incomplete.',
        );
      }
    }
  } catch (err) {
    // The settings refused this turn (the key gone, the base_url no longer trusted): say why, keep the session.
    if (!ConfigError.isInstance(err)) throw err;
    spinner.stop();
    out.write(screen.end());
    failed = err.message;
  }
  return { failed, newDraft, cutOff };
}

/** Prints the draft and its validation; resolves 'save', 'no', another message, or null at end of input. */
async function showDraftAndAsk(
  io: CliIo,
  draft: Skill,
  existingNames: string[],
  canSave: boolean,
  reader: ReturnType<typeof createLineReader>,
): Promise<string | null> {
  const out = io.stdout;
  writeLine(out, '\n----- SKILL.md -----');
  writeLine(out, draft.skillMd.replace(/\n$/, ''));
  const parts = [...Object.entries(draft.scripts).map(([name, text]) => [`scripts/${name}`, text] as const), ...Object.entries(draft.files)];
  for (const [path, content] of parts) {
    writeLine(out, `----- ${escapeControlChars(path)} -----`);
    writeLine(out, content.replace(/\n$/, ''));
  }
  writeLine(out, '--------------------');
  const result = draft.validate({ existingNames });
  for (const d of [...result.errors, ...result.warnings]) writeLine(out, formatDiagnostic(d));
  writeLine(
    out,
    result.valid
      ? `valid${result.warnings.length ? ` (${plural(result.warnings.length, 'warning')})` : ''}`
      : `${plural(result.errors.length, 'error')}: ask for a fix before saving`,
  );
  if (!canSave) return 'no';
  const name = escapeControlChars(draft.name ?? '?');
  const line = await reader.next(`Save as skills/${name}? [y/N, or type a change] `);
  if (line === null) return null;
  if (!io.stdin.isTTY) writeLine(out, `Save as skills/${name}? [y/N, or type a change] ${line}`);
  const t = line.trim().toLowerCase();
  if (t === 'y' || t === 'yes') return 'save';
  if (t === '' || t === 'n' || t === 'no') return 'no';
  return line;
}

async function saveDraft(io: CliIo, agent: AgentInfo, skill: Skill): Promise<void> {
  if (!skill.name) {
    writeLine(io.stderr, 'not saved: the SKILL.md has no name in its frontmatter.');
    return;
  }
  try {
    const r = await saveSkill(agent.path, { skill }, { env: io.env });
    writeLine(io.stdout, `saved: ${r.path}`);
    if (r.egressAdded.length) writeLine(io.stdout, `egress domains added to forge.yaml: ${r.egressAdded.join(', ')}`);
    if (r.envMissing.length) writeLine(io.stdout, `set these before running the agent: ${r.envMissing.map((m) => m.name).join(', ')}`);
  } catch (err) {
    if (SkillValidationError.isInstance(err)) {
      writeLine(io.stderr, 'not saved: the draft has errors:');
      for (const d of err.validation.errors) writeLine(io.stderr, formatDiagnostic(d));
    } else if (SkillConflictError.isInstance(err) || ForgeError.isInstance(err)) {
      writeLine(io.stderr, `not saved: ${err.message}`);
    } else throw err;
  }
}

export const chatCommand: CliCommand = { name: 'chat', summary: 'the skill-builder interview in the terminal', help: HELP, run };
