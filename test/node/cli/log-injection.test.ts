// The `ui` request log under attack: a request path whose decoded parts hold
// a line feed and terminal escapes must stay one log line and move no cursor
// (issue 11), both in the logger's entry and on the CLI's stderr.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { printedServer, startOpenServer } from '../../helpers/server-token.js';
import type { RequestLogEntry } from '../../../src/node/http/types.js';
import { testIo } from './support.js';

// Decoded, the agent id is: "x\n12:00:00 GET /api/settings/skill-builder 200 1ms\e[2K\r".
const FORGED = 'x%0A12:00:00%20GET%20%2Fapi%2Fsettings%2Fskill-builder%20200%201ms%1B%5B2K%0D';
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-log-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

it('a logger receives entries without control characters', async () => {
  const logs: RequestLogEntry[] = [];
  const server = await startOpenServer({ workspaceDir: root, homeDir: root, env: {}, port: 0, serveDemo: false, logger: (e) => logs.push(e) });
  try {
    const r = await fetch(`${server.url}/api/agents/${FORGED}/skill-builder/skills`);
    expect(r.status).toBe(404);
  } finally {
    await server.close();
  }
  expect(logs).toHaveLength(1);
  const entry = logs[0]!;
  expect(entry.error).toContain('no agent "x\\n12:00:00 GET /api/settings/skill-builder 200 1ms\\e[2K\\r"');
  for (const v of Object.values(entry)) expect(String(v)).not.toMatch(CONTROL);
});

it('the ui command writes one line per request, with the escapes shown', async () => {
  const io = testIo({ cwd: root, homeDir: root });
  const running = main(['ui', '--dir', '.', '--port', '0'], io);
  const out = await io.waitForOutput('Press Ctrl-C');
  const { url, auth } = printedServer(out);
  await fetch(`${url}/api/agents/${FORGED}/skill-builder/skills`, { headers: auth });
  io.shutdown('SIGTERM');
  expect(await running).toBe(0);
  const lines = io.err().split('\n');
  const logLines = lines.filter((l) => /^\d\d:\d\d:\d\d /.test(l));
  expect(logLines).toHaveLength(1);
  expect(logLines[0]).toMatch(/GET \/api\/agents\/x%0A.* 404 \d+ms — no agent "x\\n12:00:00 GET/);
  // Line feeds only between lines; no other control character at all.
  // eslint-disable-next-line no-control-regex -- the test looks for control characters
  expect(io.err()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
});
