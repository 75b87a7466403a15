// Issue 11: two `ui` servers (two real processes, the built CLI) on one
// workspace save skills with env vars and egress domains, and settings with
// base_urls, all at once. Every read-modify-write of the agent's .env, its
// forge.yaml and ~/.forge/ui.yaml holds a cross-process lock, so nothing one
// process wrote is lost to the other.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { makeWorkspace, missingBuild, startUi, type UiProcess, type Workspace } from '../../e2e/support.js';
import { skillMd } from '../../helpers/skill-fixtures.js';

const PER_SERVER = 12;
let ws: Workspace;
let servers: UiProcess[] = [];

beforeAll(async () => {
  const missing = missingBuild();
  if (missing.length) throw new Error(`this test runs the built package; missing ${missing.join(', ')} — run \`npm run build\` first`);
  ws = await makeWorkspace('alpha');
  servers = await Promise.all([startUi(ws), startUi(ws)]);
}, 30_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await ws?.remove();
});

async function send(server: UiProcess, method: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/api${path}`, { method, headers: { ...server.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

function saveBody(tag: string, i: number): unknown {
  const name = `${tag}-skill-${i}`;
  return {
    skill_name: name,
    skill_md: skillMd(name, { extraFrontmatter: `metadata:\n  forge:\n    egress_domains:\n      - ${tag}${i}.example.com` }),
    env_vars: { [`${tag.toUpperCase()}_VAR_${i}`]: `${tag}-value-${i}` },
  };
}

describe('two ui servers on one workspace', () => {
  it("lose none of each other's env vars, egress domains or trusted origins", async () => {
    const [a, b] = servers as [UiProcess, UiProcess];
    const calls: Array<Promise<{ status: number; text: string }>> = [];
    for (let i = 0; i < PER_SERVER; i++) {
      calls.push(send(a, 'POST', '/agents/alpha/skill-builder/save', saveBody('a', i)));
      calls.push(send(b, 'POST', '/agents/alpha/skill-builder/save', saveBody('b', i)));
      if (i < 6) {
        // A typed key with each: trust for an origin comes only with one (issue 21).
        calls.push(
          send(a, 'PUT', '/settings/skill-builder', { provider: 'ollama', model: 'm', base_url: `http://gw-a${i}.example.net:11434`, api_key: `key-a-${i}` }),
        );
        calls.push(
          send(b, 'PUT', '/settings/skill-builder', { provider: 'ollama', model: 'm', base_url: `http://gw-b${i}.example.net:11434`, api_key: `key-b-${i}` }),
        );
      }
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);

    const env = await readFile(join(ws.dir, 'alpha/.env'), 'utf8');
    const forge = parse(await readFile(join(ws.dir, 'alpha/forge.yaml'), 'utf8')) as { agent_id: string; egress: { allowed_domains: string[] } };
    const trust = parse(await readFile(join(ws.home, '.forge/ui.yaml'), 'utf8')) as { trusted_base_urls: string[] };
    for (const tag of ['a', 'b']) {
      for (let i = 0; i < PER_SERVER; i++) {
        expect(env).toContain(`${tag.toUpperCase()}_VAR_${i}=${tag}-value-${i}\n`);
        expect(forge.egress.allowed_domains).toContain(`${tag}${i}.example.com`);
      }
      for (let i = 0; i < 6; i++) expect(trust.trusted_base_urls).toContain(`http://gw-${tag}${i}.example.net:11434`);
    }
    expect(forge.agent_id).toBe('alpha');
    expect(forge.egress.allowed_domains).toHaveLength(2 * PER_SERVER);
    expect(trust.trusted_base_urls).toHaveLength(12);
  }, 120_000);
});
