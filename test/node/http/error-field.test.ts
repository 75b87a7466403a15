// The error JSON over real HTTP: every error family that names an input puts
// it in `field` (ForgeError's, read by errors-to-http from the base class), so
// clients mark the input without reading the message; a family that names none
// sends no `field` key at all.
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { listen, type Listening } from './support.js';

let srv: Listening;
beforeEach(async () => {
  const ws = await createMemoryWorkspace({
    '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
    'alpha/forge.yaml': 'agent_id: alpha\n',
  });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
});
afterEach(async () => {
  await srv.close();
});

async function call(method: string, path: string, body?: unknown, type = 'application/json'): Promise<{ status: number; json: Record<string, unknown> }> {
  const init: RequestInit = { method, headers: { 'content-type': type } };
  if (body !== undefined) init.body = body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body);
  const res = await fetch(`${srv.url}/api${path}`, init);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('error JSON: field', () => {
  it('carries the field of each family that names one', async () => {
    const cases: Array<[string, Promise<{ status: number; json: Record<string, unknown> }>, number, string]> = [
      ['ConfigError / RequestError (settings)', call('PUT', '/settings/skill-builder', { provider: 'openia', model: 'gpt-4.1' }), 400, 'provider'],
      ['ToolRunError (runs off)', call('POST', '/skill-builder/try', { skill_md: '---\nname: x\n---\n', tool: 'x' }), 403, 'tool'],
      [
        'SkillArchiveError (not a zip)',
        call('POST', '/skill-builder/import', zipSync({ 'notes.txt': new TextEncoder().encode('no skill here') }), 'application/zip'),
        400,
        'archive',
      ],
    ];
    for (const [name, reply, status, field] of cases) {
      const { status: got, json } = await reply;
      expect([name, got, json.field, typeof json.error]).toEqual([name, status, field, 'string']);
    }
  });

  it('sends no field key for a family that names no input', async () => {
    const r = await call('GET', '/agents/nobody/skills');
    expect(r.status).toBe(404);
    expect(Object.keys(r.json)).toEqual(['error']);
  });
});
