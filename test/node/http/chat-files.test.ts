// Reference files in a chat over real HTTP (issue 17): the request's
// draft.files / draft.binaries reach the prompt by name, share_files puts the
// chosen files' content in it; in edit mode the skill's files on disk do the
// same; the files the model proposes come back on skill_draft (and
// skill_draft_partial) as `files`; a draft file with an unsafe path is a 400
// before the stream.
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { createScriptedLlm, type ScriptedLlm } from '../../../src/testing/scripted-llm.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { listen, readSse, type Listening } from './support.js';

const WORKSPACE = {
  '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
  '.forge/.env': 'OPENAI_API_KEY=sk-test\n',
  'agents/alpha/forge.yaml': 'agent_id: alpha\n',
  'agents/alpha/skills/weather/SKILL.md': skillMd('weather'),
  'agents/alpha/skills/weather/references/codes.md': 'DISK-CODES-CONTENT\n',
};
const MD = skillMd('weather');
const REPLY = JSON.stringify({ message: 'Added the guide.', skill: { skill_md: MD, scripts: {}, files: { 'references/guide.md': '# Guide\n' } } });

let srv: Listening;
afterEach(async () => {
  await srv.close();
});

async function chat(llm: ScriptedLlm, path: string, body: unknown): Promise<{ status: number; events: Array<{ event: string; data: any }>; text?: string }> {
  const ws = await createMemoryWorkspace(WORKSPACE);
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, llmClientFactory: () => llm }));
  const res = await fetch(`${srv.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) return { status: res.status, events: [], text: await res.text() };
  return { status: 200, events: (await readSse(res.body)).map((e) => ({ event: e.event, data: e.data })) };
}

const user = [{ role: 'user', content: 'add a guide' }];

describe('chat with reference files', () => {
  it('names the draft files, shows only the shared ones, and sends the proposed files on skill_draft', async () => {
    const llm = createScriptedLlm([REPLY]);
    const r = await chat(llm, '/skill-builder/chat', {
      messages: user,
      draft: {
        skill_md: MD,
        files: { 'references/a.md': 'SHARED-A', 'references/b.md': 'PRIVATE-B' },
        binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'x' }],
      },
      share_files: ['references/a.md'],
    });
    expect(r.status).toBe(200);
    const system = llm.requests[0]!.system;
    expect(system).toContain('SHARED-A');
    expect(system).toContain('references/b.md (text');
    expect(system).not.toContain('PRIVATE-B');
    expect(system).toContain('assets/logo.png (binary)');
    const draft = r.events.find((e) => e.event === 'skill_draft')!;
    expect(draft.data.files).toEqual({ 'references/guide.md': '# Guide\n' });
  });

  it('edit mode: the skill files on disk are named, and shown with share_files "all"', async () => {
    const hidden = createScriptedLlm([REPLY]);
    await chat(hidden, '/agents/alpha/skill-builder/chat', { messages: user, mode: 'edit', editing_name: 'weather' });
    expect(hidden.requests[0]!.system).toContain('references/codes.md (text');
    expect(hidden.requests[0]!.system).not.toContain('DISK-CODES-CONTENT');
    await srv.close();
    const shown = createScriptedLlm([REPLY]);
    await chat(shown, '/agents/alpha/skill-builder/chat', { messages: user, mode: 'edit', editing_name: 'weather', share_files: 'all' });
    expect(shown.requests[0]!.system).toContain('DISK-CODES-CONTENT');
  });

  it('refuses a draft file with an unsafe path before the stream starts', async () => {
    const llm = createScriptedLlm([REPLY]);
    const r = await chat(llm, '/skill-builder/chat', { messages: user, draft: { skill_md: MD, files: { '../../etc/passwd': 'x' } } });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text!).error).toMatch(/draft\.files.*"\.\."/s);
    expect(llm.requests).toHaveLength(0);
  });
});
