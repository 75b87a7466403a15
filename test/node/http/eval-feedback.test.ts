// GET / PUT …/skills/{name}/evals/feedback over real HTTP: the operator's
// per-case feedback is written to the skill's evals/feedback.json in
// skill-creator's review shape and read back; a skill without the file has
// none; bad bodies, unknown skills and flat skills are refused; and an
// `evals` folder that is a symlink out of the skill is never written through.
import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { CLOCK, CONVERT } from '../../helpers/eval-fixtures.js';
import { startOpenServer } from '../../helpers/server-token.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function session(): Promise<{ server: RunningServer; ws: string; url: (name: string) => string }> {
  const ws = await mkdtemp(join(tmpdir(), 'fsb-feedback-'));
  const skills = join(ws, 'bot', 'skills');
  await mkdir(join(skills, 'unit-convert'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(skills, 'unit-convert', 'SKILL.md'), CONVERT.skillMd);
  await writeFile(join(skills, 'tz-clock.md'), CLOCK.skillMd);
  const server = await startOpenServer({ workspaceDir: ws, port: 0, env: {} });
  cleanups.push(
    () => rm(ws, { recursive: true, force: true }),
    () => server.close(),
  );
  return { server, ws, url: (name) => `${server.url}/api/agents/bot/skill-builder/skills/${name}/evals/feedback` };
}

const put = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('…/skills/{name}/evals/feedback', () => {
  it("saves each case's feedback in evals/feedback.json (skill-creator's review shape) and reads it back", async () => {
    const { ws, url } = await session();
    expect(await (await fetch(url('unit-convert'))).json()).toEqual({ feedback: [] });
    const res = await put(url('unit-convert'), {
      feedback: [
        { eval_id: 2, feedback: 'should say the unit' },
        { eval_id: 1, feedback: 'right number, too chatty' },
      ],
    });
    expect(res.status).toBe(200);
    const reply = await res.json();
    const file = join(ws, 'bot', 'skills', 'unit-convert', 'evals', 'feedback.json');
    expect(reply.path).toBe(file);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.status).toBe('complete');
    expect(saved.reviews.map((r: Record<string, unknown>) => [r.run_id, r.eval_id, r.feedback])).toEqual([
      ['eval-1-with_skill', 1, 'right number, too chatty'],
      ['eval-2-with_skill', 2, 'should say the unit'],
    ]);
    expect(saved.reviews[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    const back = await (await fetch(url('unit-convert'))).json();
    expect(back.feedback.map((f: Record<string, unknown>) => [f.eval_id, f.feedback])).toEqual([
      [1, 'right number, too chatty'],
      [2, 'should say the unit'],
    ]);
  });

  it('refuses bad bodies, unknown and flat skills, and a foreign origin', async () => {
    const { url } = await session();
    const cases: Array<[string, unknown, number, RegExp]> = [
      [url('unit-convert'), { feedback: [{ eval_id: 1.5, feedback: 'x' }] }, 400, /eval_id/],
      [
        url('unit-convert'),
        {
          feedback: [
            { eval_id: 1, feedback: 'a' },
            { eval_id: 1, feedback: 'b' },
          ],
        },
        400,
        /twice/,
      ],
      [url('unit-convert'), { feedback: [{ eval_id: 1, feedback: 'x'.repeat(10_001) }] }, 400, /at most 10000/],
      [url('ghost'), { feedback: [] }, 404, /ghost/],
      [url('tz-clock'), { feedback: [] }, 400, /single \.md file/],
    ];
    for (const [u, body, status, message] of cases) {
      const res = await put(u, body);
      expect(res.status, u).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
    expect((await put(url('unit-convert'), { feedback: [] }, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('never writes through an evals folder that is a symlink out of the skill', async () => {
    const { ws, url } = await session();
    const outside = await mkdtemp(join(tmpdir(), 'fsb-feedback-outside-'));
    cleanups.push(() => rm(outside, { recursive: true, force: true }));
    await symlink(outside, join(ws, 'bot', 'skills', 'unit-convert', 'evals'));
    const res = await put(url('unit-convert'), { feedback: [{ eval_id: 1, feedback: 'x' }] });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/symbolic link/);
    await expect(lstat(join(outside, 'feedback.json'))).rejects.toThrow(/ENOENT/);
    const read = await fetch(url('unit-convert'));
    expect(read.status).toBe(400);
  });
});
