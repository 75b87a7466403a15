// A body over the limit gets its 413 through to real clients (issue 14): the
// server answers with the JSON error and `Connection: close`, then keeps
// reading (and discarding) the rest of the upload, up to a bound, before it
// closes — so a client that is still sending (Node's fetch, browsers) reads the
// status instead of failing with EPIPE/ECONNRESET. The server runs in its own
// process (the built `forge-skill-builder ui`), as a user runs it: in one
// process the race that loses the reply does not show.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, makeWorkspace, missingBuild, startUi, type UiProcess, type Workspace } from '../../e2e/support.js';

let ws: Workspace;
let ui: UiProcess;
let browser: Browser;

beforeAll(async () => {
  const missing = missingBuild();
  if (missing.length) throw new Error(`this test runs the built package; missing ${missing.join(', ')} — run \`npm run build\` first`);
  ws = await makeWorkspace('alpha');
  ui = await startUi(ws);
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await ui?.stop();
  await ws?.remove();
});

const settingsBody = (mib: number) => JSON.stringify({ provider: 'openai', model: 'x'.repeat(mib * 1024 * 1024) });

describe('413 for a too-large body reaches the client', () => {
  it('Node fetch: bodies of 2 to 16 MiB get the 413 with the JSON error, never "fetch failed"', async () => {
    const outcomes: string[] = [];
    for (const mib of [2, 4, 8, 16, 4, 8, 16]) {
      try {
        const r = await fetch(`${ui.url}/api/settings/skill-builder`, {
          method: 'PUT',
          headers: { ...ui.auth, 'content-type': 'application/json' },
          body: settingsBody(mib),
        });
        const body = (await r.json()) as { error?: string };
        outcomes.push(`${mib} MiB: ${r.status} ${r.headers.get('connection')} ${/larger than the 1 MiB limit/.test(body.error ?? '')}`);
      } catch (e) {
        outcomes.push(`${mib} MiB: ${(e as Error).message} ${((e as Error).cause as { code?: string } | undefined)?.code ?? ''}`);
      }
    }
    expect(outcomes).toEqual([2, 4, 8, 16, 4, 8, 16].map((mib) => `${mib} MiB: 413 close true`));
  }, 60_000);

  it('Node fetch: a streamed (chunked) body that passes the limit gets the 413', async () => {
    const enc = new TextEncoder();
    const piece = enc.encode('x'.repeat(256 * 1024));
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (n === 0) c.enqueue(enc.encode('{"provider":"openai","model":"'));
        if (n++ < 32) c.enqueue(piece);
        else {
          c.enqueue(enc.encode('"}'));
          c.close();
        }
      },
    });
    const r = await fetch(`${ui.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { ...ui.auth, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: string }).error).toMatch(/1 MiB/);
    // The refused upload closed its connection; the next request works.
    expect((await fetch(`${ui.url}/api/agents`, { headers: ui.auth })).status).toBe(200);
  }, 30_000);

  it('Chromium fetch gets the 413 with the JSON error', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(ui.pageUrl); // the token cookie, for the page's own fetches
      await page.goto(`${ui.url}/api/agents`);
      const got = await page.evaluate(
        async (sizes) => {
          const out: string[] = [];
          for (const mib of sizes) {
            try {
              const r = await fetch('/api/settings/skill-builder', {
                method: 'PUT',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ provider: 'openai', model: 'x'.repeat(mib * 1024 * 1024) }),
              });
              const body = (await r.json()) as { error?: string };
              out.push(`${r.status} ${/larger than the 1 MiB limit/.test(body.error ?? '')}`);
            } catch (e) {
              out.push(String(e));
            }
          }
          return out;
        },
        [2, 8, 16],
      );
      expect(got).toEqual(['413 true', '413 true', '413 true']);
    } finally {
      await page.close();
    }
  }, 30_000);
});
