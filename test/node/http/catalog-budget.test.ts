// POST …/catalog-budget over real HTTP: the agent's installed skills on disk
// (minus the one being edited) with the draft added, against a hand-computed
// catalog; no LLM settings are needed and none is read; bad bodies and an
// unknown edited skill are refused.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_READ_SKILL_HOWTO, CATALOG_ROUTING_DIRECTIVE } from '../../../src/core/catalog.js';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';

const skill = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;
const HEAD = `## Available Skills\n\n${CATALOG_ROUTING_DIRECTIVE}\n\n${CATALOG_READ_SKILL_HOWTO}\n\n`.length;
// Lines: "- alpha: Alpha things.\n" 23, "- beta: Beta things here.\n" 26, "- gamma: Gamma things.\n" 23.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function session(): Promise<RunningServer> {
  const ws = await mkdtemp(join(tmpdir(), 'fsb-budget-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-budget-home-'));
  await mkdir(join(ws, 'bot', 'skills', 'beta'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(ws, 'bot', 'skills', 'alpha.md'), skill('alpha', 'Alpha things.'));
  await writeFile(join(ws, 'bot', 'skills', 'gamma.md'), skill('gamma', 'Gamma things.'));
  // The installed copy of the draft, with a longer description: left out when it is the one edited.
  await writeFile(join(ws, 'bot', 'skills', 'beta', 'SKILL.md'), skill('beta', 'An old and much longer description of beta.'));
  const server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home });
  cleanups.push(
    () => rm(ws, { recursive: true, force: true }),
    () => rm(home, { recursive: true, force: true }),
    () => server.close(),
  );
  return server;
}

const post = (server: RunningServer, body: unknown): Promise<Response> =>
  fetch(`${server.url}/api/agents/bot/skill-builder/catalog-budget`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /api/agents/{id}/skill-builder/catalog-budget', () => {
  it("sizes the agent's catalog with the draft against the budget and names the skills it cuts off", async () => {
    const server = await session();
    const res = await post(server, { skill_md: skill('beta', 'Beta things here.'), editing_name: 'beta', budget_chars: HEAD + 60 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      skill: 'beta',
      budget_chars: HEAD + 60,
      chars: HEAD + 72,
      tokens: Math.ceil((HEAD + 72) / 4),
      chars_without: HEAD + 46,
      line_chars: 26,
      tool_chars: 0,
      truncated: ['gamma'],
      pushed_out: ['gamma'],
      over_budget: true,
    });
    // Without a budget: the default 8,000 characters, nothing cut.
    const roomy = await (await post(server, { skill_md: skill('beta', 'Beta things here.'), editing_name: 'beta' })).json();
    expect(roomy).toMatchObject({ budget_chars: 8000, chars: HEAD + 72, truncated: [], pushed_out: [], over_budget: false });
  });

  it('refuses a bad body, a nameless draft and an unknown edited skill', async () => {
    const server = await session();
    const cases: Array<[unknown, number, RegExp]> = [
      [{ skill_md: skill('beta', 'B.'), budget_chars: 0 }, 400, /budget_chars/],
      [{ skill_md: skill('beta', 'B.'), budget_chars: 'many' }, 400, /budget_chars/],
      [{ skill_md: '# no frontmatter' }, 400, /no name/],
      [{ skill_md: skill('beta', 'B.'), editing_name: 'nope' }, 404, /nope/],
      [{ skill_md: skill('beta', 'B.'), editing_name: '../x' }, 400, /editing_name/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(server, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
  });
});
