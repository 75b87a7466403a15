// Issue 21 "a sandboxed run never sees the token": a draft that declares
// FORGE_SKILL_BUILDER_TOKEN gets no value for it, whether the caller's env,
// the agent's .env or the workspace's .forge/.env holds one — with it, the
// script could call the local server's API.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDraft } from '../../helpers/run-draft.js';
import { toolSkill } from '../../helpers/tool-run.js';

const TOKEN = 'the-servers-own-token-0123456789';
let ws: string;
beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-token-env-'));
  await mkdir(join(ws, '.forge'), { recursive: true });
  await mkdir(join(ws, 'agent'), { recursive: true });
  await writeFile(join(ws, '.forge', '.env'), `FORGE_SKILL_BUILDER_TOKEN=${TOKEN}\n`);
  await writeFile(join(ws, 'agent', '.env'), `FORGE_SKILL_BUILDER_TOKEN=${TOKEN}\n`);
});
afterAll(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe.each(['bwrap', 'none'] as const)('a draft declaring FORGE_SKILL_BUILDER_TOKEN (sandbox: %s)', (sandbox) => {
  it('runs without it, from every source', async () => {
    const r = await runDraft({
      skillMd: toolSkill({ env: { optional: ['FORGE_SKILL_BUILDER_TOKEN'] } }),
      scripts: { 'do-it.sh': '#!/usr/bin/env bash\necho "token=${FORGE_SKILL_BUILDER_TOKEN:-unset}"\n' },
      tool: 'do_it',
      input: { text: 'hi' },
      sandbox,
      workspaceDir: ws,
      agentDir: join(ws, 'agent'),
      env: { FORGE_SKILL_BUILDER_TOKEN: TOKEN },
    });
    expect(r.stdout).toBe('token=unset\n');
  });
});
