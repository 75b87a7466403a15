// Builds one skill from one prompt and saves it into an agent, with the
// workspace's skill-builder LLM (<workspace>/.forge/ui.yaml + .forge/.env).
//
//   npx tsx examples/build-skill.ts --dir ./my-workspace [--agent <id>] "<what the skill should do>"
//
// The model may answer the first message with a question; the script then
// asks it once to pick sensible defaults and draft. The streamed chat text goes
// to stdout, progress to stderr. The draft is validated and saved into the
// agent's skills/ folder; a draft with validation errors is not saved (exit 1).
// See docs/sdk.md.

import { parseArgs } from 'node:util';
import { formatDiagnostic, parseSkillMd, validateSkillMd } from 'forge-skill-builder';
import type { ChatMessage, SkillDraft } from 'forge-skill-builder/designer';
import { createWorkspaceSkillBuilder, discoverAgents, saveSkill } from 'forge-skill-builder/node';

const MAX_TURNS = 3;
const KEEP_GOING = 'Choose sensible defaults for anything still open, note them in the skill, and draft it now.';

const { values, positionals } = parseArgs({
  options: { dir: { type: 'string', default: '.' }, agent: { type: 'string' } },
  allowPositionals: true,
});
const prompt = positionals.join(' ').trim();
if (!prompt) {
  console.error('usage: npx tsx examples/build-skill.ts --dir <workspace> [--agent <id>] "<what the skill should do>"');
  process.exit(2);
}

// The agent to save into: --agent, or the workspace's only agent.
const agents = await discoverAgents(values.dir!);
const agent = values.agent ? agents.find((a) => a.id === values.agent) : agents.length === 1 ? agents[0] : undefined;
if (!agent) {
  console.error(`choose an agent with --agent (found: ${agents.map((a) => a.id).join(', ') || 'none — create a folder with a forge.yaml'})`);
  process.exit(2);
}

// Resolves the LLM through the tiers; refuses (ConfigError) when it is unset, has no key or an untrusted base_url.
const builder = await createWorkspaceSkillBuilder({ workspaceDir: values.dir!, agentDir: agent.path });
console.error(`LLM: ${builder.config?.provider} ${builder.config?.model} (${builder.config?.source})`);

/** One turn: streams the chat text, returns the reply and the draft (if the model drafted). */
async function turn(messages: ChatMessage[]): Promise<{ reply: string; draft: SkillDraft | null }> {
  let reply = '';
  let draft: SkillDraft | null = null;
  // The progress line is redrawn in place with \r on stderr; end it before anything else is written.
  let progressShown = false;
  const endProgress = () => {
    if (progressShown) process.stderr.write('\n');
    progressShown = false;
  };
  for await (const event of builder.chat(messages)) {
    if (event.type === 'progress' && event.phase === 'skill') {
      process.stderr.write(`\r  drafting… ${event.chars} characters`);
      progressShown = true;
      continue;
    }
    endProgress();
    if (event.type === 'message_delta') process.stdout.write(event.delta);
    else if (event.type === 'message') reply = event.content;
    else if (event.type === 'skill_draft') draft = { skillMd: event.skillMd, scripts: event.scripts };
    else if (event.type === 'error') throw new Error(`the model call failed: ${event.error}`);
  }
  endProgress();
  process.stdout.write('\n');
  return { reply, draft };
}

const messages: ChatMessage[] = [{ role: 'user', content: prompt }];
let draft: SkillDraft | null = null;
for (let n = 1; n <= MAX_TURNS; n++) {
  const result = await turn(messages);
  if (result.draft) {
    draft = result.draft;
    break;
  }
  messages.push({ role: 'assistant', content: result.reply }, { role: 'user', content: KEEP_GOING });
}
if (!draft) {
  console.error(`no draft after ${MAX_TURNS} turns`);
  process.exit(1);
}

const result = validateSkillMd(draft.skillMd, { scripts: draft.scripts });
for (const d of [...result.errors, ...result.warnings]) console.error(formatDiagnostic(d));
if (!result.valid) process.exit(1);

const name = String(parseSkillMd(draft.skillMd).frontmatter?.name ?? '');
const saved = await saveSkill(agent.path, { skillName: name, skillMd: draft.skillMd, scripts: draft.scripts });
console.log(`saved ${name} to ${saved.path}`);
for (const file of Object.keys(draft.scripts)) console.log(`  scripts/${file}`);
if (saved.egressAdded.length) console.log(`  egress added to forge.yaml: ${saved.egressAdded.join(', ')}`);
for (const missing of saved.envMissing)
  console.log(`  set ${missing.name} (${missing.kind === 'one_of' ? 'one of a group' : 'required'}) before running the agent`);
