// Issue 11 "readers never see a half-saved skill": 300 overwrite saves of one
// skill over HTTP while 3 readers fetch it and the list as fast as they can.
// Every read must be the complete old or the complete new skill (the marker in
// SKILL.md equals the one in its script), never a 404/500 for a skill that
// exists, never a list without it. Also: leftover temp folders of a crashed
// save are cleaned up by the next list or save.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { listCustomSkills, readCustomSkill } from '../../../src/node/skill-store/index.js';
import { skillMd } from '../../helpers/skill-fixtures.js';

const SAVES = 300;
const NAME = 'gen-report';
let ws: string;
let home: string;
let server: RunningServer;

const version = (k: number) => ({
  skill_name: NAME,
  editing_name: NAME,
  overwrite: true,
  skill_md: skillMd(NAME, {
    description: `Reports generation GEN-${k}. When the user asks for the report ("show the report") use this skill.`,
    body: `Marker GEN-${k}. Call \`datetime_now\`.`,
  }),
  scripts: { 'report.sh': `#!/usr/bin/env bash\nset -euo pipefail\necho '{"gen": "GEN-${k}"}'\n` },
});

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-consist-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-consist-home-'));
  await mkdir(join(ws, 'alpha'), { recursive: true });
  await writeFile(join(ws, 'alpha/forge.yaml'), 'agent_id: alpha\n');
  server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false });
});
afterAll(async () => {
  await server?.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}/api/agents/alpha/skill-builder${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

describe('overwrite saves against concurrent readers', () => {
  it(`${SAVES} saves, 3 readers: every read is a whole version, never torn, never a 404 or 500`, async () => {
    const created = await call('POST', '/save', { ...version(0), editing_name: undefined, overwrite: undefined });
    expect(created.status).toBe(200);
    let saving = true;
    const problems: string[] = [];
    let reads = 0;

    const reader = async (n: number) => {
      while (saving) {
        const one = await call('GET', `/skills/${NAME}`);
        reads++;
        if (one.status !== 200) problems.push(`reader ${n} GET skill: ${one.status} ${JSON.stringify(one.json)}`);
        else {
          const md = /GEN-(\d+)\. Call/.exec(one.json.skill_md)?.[1];
          const script = /"GEN-(\d+)"/.exec(one.json.scripts['report.sh'] ?? '')?.[1];
          if (md === undefined || md !== script) problems.push(`reader ${n} torn: SKILL.md GEN-${md} with script GEN-${script}`);
        }
        const list = await call('GET', '/skills');
        if (list.status !== 200) problems.push(`reader ${n} list: ${list.status} ${JSON.stringify(list.json)}`);
        else {
          const entry = (list.json as Array<{ name: string; description: string; error?: string; has_scripts: boolean }>).find((s) => s.name === NAME);
          if (!entry) problems.push(`reader ${n} list without the skill`);
          else if (entry.error || !entry.has_scripts || !/GEN-\d+/.test(entry.description)) problems.push(`reader ${n} list entry ${JSON.stringify(entry)}`);
        }
      }
    };
    const saver = async () => {
      try {
        for (let k = 1; k <= SAVES; k++) {
          const r = await call('POST', '/save', version(k));
          if (r.status !== 200) problems.push(`save ${k}: ${r.status} ${JSON.stringify(r.json)}`);
        }
      } finally {
        saving = false;
      }
    };
    await Promise.all([saver(), reader(1), reader(2), reader(3)]);
    expect(problems.slice(0, 10)).toEqual([]);
    expect(reads).toBeGreaterThan(3);
    const final = await call('GET', `/skills/${NAME}`);
    expect(final.json.skill_md).toContain(`GEN-${SAVES}.`);
    // Nothing left behind: no temp or backup folders.
    expect((await readdir(join(ws, 'alpha/skills'))).filter((n) => n.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('answers 404 (not 500) for a skill that is absent', async () => {
    const r = await call('GET', '/skills/no-such-skill');
    expect(r.status).toBe(404);
  });
});

describe('leftovers of a crashed save', () => {
  it('are removed by the next list or save; temp folders of a live save are kept', async () => {
    const skills = join(ws, 'alpha/skills');
    const dead = 2 ** 22 + 12345; // above the default pid_max: no such process
    const leftovers = [`.${NAME}.saving-${dead}-0123456789ab`, `.${NAME}.old-${dead}-ba9876543210`, `.${NAME}.old-${process.pid}-aaaaaaaaaaaa`];
    const live = `.${NAME}.saving-${process.ppid}-cccccccccccc`; // another process that is alive: its save may be running
    for (const d of [...leftovers, live]) {
      await mkdir(join(skills, d, 'scripts'), { recursive: true });
      await writeFile(join(skills, d, 'SKILL.md'), 'half');
    }
    await listCustomSkills(join(ws, 'alpha'));
    expect((await readdir(skills)).filter((n) => n.startsWith('.') && !n.endsWith('.lock'))).toEqual([live]);
    await rm(join(skills, live), { recursive: true });
    for (const d of leftovers) await mkdir(join(skills, d), { recursive: true });
    expect((await call('POST', '/save', version(SAVES + 1))).status).toBe(200);
    expect((await readdir(skills)).filter((n) => n.startsWith('.'))).toEqual([]);
    expect((await readCustomSkill(join(ws, 'alpha'), NAME)).skill.skillMd).toContain(`GEN-${SAVES + 1}.`);
  });
});
