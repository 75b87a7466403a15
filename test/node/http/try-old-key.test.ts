// The old builder key, tried as the attacker did over HTTP: the operator
// saves a key, then changes `api_key_env` and saves a new one; the old key
// stays in `.forge/.env` under a name the builder no longer uses. A draft that
// declares both names (and the server's token) is run through both try routes
// of a real server, in bubblewrap and unsandboxed: the script gets none of
// them, and the result names none of them.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenServer } from '../../helpers/server-token.js';
import { toolSkill } from '../../helpers/tool-run.js';

const OLD_KEY = 'sk-old-builder-key-0123456789';
const NEW_KEY = 'sk-new-builder-key-9876543210';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(['bwrap', 'none'] as const)('a draft asking for the builder keys, old and new, over HTTP (sandbox: %s)', (sandbox) => {
  it('runs without any of them, through the agent and the standalone try route', { timeout: 120_000 }, async () => {
    const root = await mkdtemp(join(tmpdir(), 'fsb-try-old-key-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const ws = join(root, 'ws');
    await mkdir(join(ws, 'agents/alpha'), { recursive: true });
    await writeFile(join(ws, 'agents/alpha/forge.yaml'), 'agent_id: alpha\n');
    await writeFile(join(ws, 'agents/alpha/.env'), 'CITY=from-agent\n');
    const server = await startOpenServer({
      workspaceDir: ws,
      homeDir: join(root, 'home'),
      env: { PATH: process.env.PATH ?? '' },
      port: 0,
      serveDemo: false,
      toolRuns: { sandbox },
    });
    cleanups.push(() => server.close());
    const put = async (body: Record<string, unknown>) => {
      const res = await fetch(`${server.url}/api/settings/skill-builder`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.text()).toBe(200);
    };
    await put({ provider: 'openai', model: 'gpt-4.1', api_key: OLD_KEY });
    await put({ provider: 'openai', model: 'gpt-4.1', api_key_env: 'NEW_BUILDER_KEY', api_key: NEW_KEY });
    // The set-up of the attack: the old key is still in the workspace's file, under its old name.
    const dotEnv = await readFile(join(ws, '.forge/.env'), 'utf8');
    expect(dotEnv).toContain(`OPENAI_API_KEY=${OLD_KEY}`);
    expect(dotEnv).toContain(`NEW_BUILDER_KEY=${NEW_KEY}`);

    const names = ['OPENAI_API_KEY', 'NEW_BUILDER_KEY', 'FORGE_SKILL_BUILDER_TOKEN', 'CITY'];
    // Lengths, not values: what the script received, however the output is redacted.
    const script = `#!/usr/bin/env bash\n${names.map((n) => `echo "${n}=\${#${n}}"`).join('\n')}\n`;
    for (const path of ['/api/agents/alpha/skill-builder/try', '/api/skill-builder/try']) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skill_md: toolSkill({ env: { optional: names } }), scripts: { 'do-it.sh': script }, tool: 'do_it', input: {} }),
      });
      expect(res.status).toBe(200);
      const r = (await res.json()) as { stdout: string; env_names: string[]; sandbox: string };
      expect(r.sandbox).toBe(sandbox);
      const agent = path.startsWith('/api/agents/');
      expect(r.env_names, path).toEqual(agent ? ['CITY'] : []);
      expect(r.stdout, path).toBe(`OPENAI_API_KEY=0\nNEW_BUILDER_KEY=0\nFORGE_SKILL_BUILDER_TOKEN=0\nCITY=${agent ? 'from-agent'.length : 0}\n`);
    }
  });
});
