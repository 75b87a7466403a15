// Looks at what users see: serves demo/ and the standalone bundle from dist/
// with the fake API of the browser tests (in Node), drives the demo page in
// Debian Chromium through the main states, and saves PNGs to test-results/
// at 1280 px and 360 px wide, light and dark. Not a test: a tool for eyes.
//
//   npm run build && npx tsx test/elements/screenshot.ts [--only=1280-light]
//   npx tsx test/elements/screenshot.ts --docs   (docs/images/workspace-*.png: each analysis open at 1280×800 and 400×800,
//                                                  History while editing a saved skill)

import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support.js';
import { draftReply, FakeApi, questionReply, requiredEnv, WEATHER_SCRIPT } from './helpers/fake-api.js';
import { savedSkillApi } from './helpers/saved-skill-api.js';
import type { SseEvent } from './helpers/sse.js';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, 'test-results', 'screenshots');
mkdirSync(out, { recursive: true });

const DRAFT_MD = `---
name: weather-report
description: When the user asks about the weather or a forecast ("what's the weather in Paris?", "will it rain tomorrow in Oslo?"), fetch current conditions.
metadata:
  forge:
    requires:
      bins: [curl, jq]
      env:
        required: [WEATHER_API_KEY]
    egress_domains: [api.weather.example]
---
# Weather report

Answer questions about current weather and short forecasts for a city.

## Tool: weather_current

Get the current conditions for a city.

**Input:**

| name | type | required | description |
|---|---|---|---|
| city | string | yes | City name, e.g. "Paris" |
| units | string | no | "metric" (default) or "imperial" |

TODO: output schema
`;

function makeApi(): FakeApi {
  const api = new FakeApi();
  api.skills['ops-bot'] = {
    'incident-triage': {
      skill_md:
        '---\nname: incident-triage\ndescription: When the user reports an outage ("the site is down"), gather pod status and recent deploys.\n---\n## Tool: pod_status\n',
      scripts: { 'pod-status.sh': WEATHER_SCRIPT },
    },
    'release-notes': {
      skill_md: '---\nname: release-notes\ndescription: When the user asks for release notes ("what shipped this week?"), summarise merged PRs.\n---\n',
      scripts: {},
    },
  };
  api.envMissing = [requiredEnv('WEATHER_API_KEY')];
  api.importReply = () => ({
    name: 'pdf-report',
    skill_md:
      '---\nname: pdf-report\ndescription: When the user asks for a summary of a PDF report ("summarise this PDF", "what does the Q3 report say?"), extract its text and summarise it.\nlicense: Apache-2.0\n---\n# PDF report\n\nRead [the extraction guide](references/guide.md) first, then lay the answer out like `assets/template.md`.\n\n## Tool: extract_text\n\nExtracts the text of a PDF.\n',
    scripts: {
      'extract.py':
        '#!/usr/bin/env python3\nimport os, subprocess, sys\nkey = os.environ["PDF_API_KEY"]\nprint(subprocess.run(["pdftotext", sys.argv[1], "-"], capture_output=True, text=True).stdout)\n',
    },
    files: {
      'references/guide.md':
        '# Extraction guide\n\n1. Run `extract_text` on the file.\n2. Keep headings; drop page numbers and running footers.\n3. Tables: keep them as Markdown tables.\n',
      'assets/template.md': '# {{title}}\n\n## Summary\n\n{{summary}}\n\n## Key figures\n\n{{figures}}\n',
    },
    binaries: [
      { path: 'assets/logo.png', size: 18230, sha256: '3f0a9d5c1be27f4e8a4b0c6d2e9f71a85b3c4d6e7f8091a2b3c4d5e6f708192a', content_base64: 'iVBORw0KGgo=' },
    ],
    validation: { valid: true, errors: [], warnings: [] },
    proposals: { bins: ['python3', 'pdftotext'], egress_domains: [], env: ['PDF_API_KEY'] },
  });
  let turn = 0;
  api.chat = () => {
    turn++;
    const events: SseEvent[] =
      turn === 1
        ? questionReply(
            'Happy to help. **Which weather API** should it call — do you already have an account (e.g. OpenWeatherMap), or should I pick one with a free tier?',
          )
        : draftReply({
            message:
              "Here's the skill. I chose **OpenWeatherMap** (free tier) and noted it as a default:\n\n- `weather_current` calls `scripts/weather-current.sh` with `curl`\n- needs `WEATHER_API_KEY`\n- egress limited to `api.weather.example`\n\nTell me if you want forecasts too.",
            skillMd: DRAFT_MD,
            scripts: {
              'weather-current.sh': WEATHER_SCRIPT.replace(
                'echo "{}"',
                'CITY=$(jq -r .city <<<"$INPUT")\ncurl -fsS "https://api.weather.example/v1/current?q=$CITY&key=$WEATHER_API_KEY"',
              ),
            },
          });
    return events;
  };
  api.validate = (body) => {
    const md: string = body.skill_md ?? '';
    const lines = md.split('\n');
    const todo = lines.findIndex((l) => l.startsWith('TODO'));
    const errors =
      todo >= 0
        ? [
            {
              code: 'tool-missing-output',
              field: 'tools.weather_current.output',
              message: 'Tool weather_current has no Output JSON schema; add one under **Output:**.',
              severity: 'error',
              line: todo + 1,
            },
          ]
        : [];
    const warnings = [
      {
        code: 'tool-few-examples',
        field: 'tools.weather_current.examples',
        message: 'Add at least 5 "user request → tool input" examples so the agent maps requests reliably.',
        severity: 'warning',
        line: 19,
      },
    ];
    return { valid: errors.length === 0, errors, warnings };
  };
  return api;
}

let api = makeApi();

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/' || url.pathname === '/index.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(readFileSync(join(root, 'demo', 'index.html')));
    return;
  }
  // The bundle and the views it loads on demand from beside it.
  const file = /^\/elements\/(forge-skill-builder\.[\w-]+\.js)$/.exec(url.pathname)?.[1];
  if (file) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    res.end(readFileSync(join(root, 'dist', file)));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    // JSON as text (the fake parses it); anything else (an imported zip) as bytes.
    const body = (req.headers['content-type'] ?? '').includes('json') ? bytes.toString('utf8') : bytes.length ? new Blob([bytes]) : '';
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const r = await api.fetch(url.pathname + url.search, { method: req.method ?? 'GET', ...(body ? { body } : {}), signal: abort.signal });
    res.writeHead(r.status, Object.fromEntries(r.headers));
    if (r.body) for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    res.end();
    return;
  }
  res.writeHead(404).end();
}

const server = createServer(
  (req, res) =>
    void handle(req, res).catch((e) => {
      // The page closing a finished stream early is normal; anything else is worth seeing.
      if ((e as Error).name !== 'AbortError') console.error(e);
      res.destroy();
    }),
);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const addr = server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

const browser = await launchChromium();

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const shots: string[] = [];

/** Scrolls `target` (a selector inside the builder, default the builder itself) to the top, then saves a PNG. */
async function shot(page: Page, name: string, fullPage = false, target?: string) {
  const file = join(out, `${name}.png`);
  if (!fullPage) {
    const el = target ? page.locator('forge-skill-builder').locator(target).first() : page.locator('forge-skill-builder');
    await el.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  }
  await page.waitForTimeout(150);
  await page.screenshot({ path: file, fullPage });
  shots.push(file);
}

const builder = (page: Page) => page.locator('forge-skill-builder');

/** Rewrites the open file as an operator would: the code editor and the plain textarea both take `value` (an edit) on #editor. */
async function editText(page: Page, change: (text: string) => string): Promise<void> {
  const editor = builder(page).locator('#editor');
  const text = await editor.evaluate((e) => (e as HTMLTextAreaElement).value);
  await editor.evaluate((e, value) => {
    (e as HTMLTextAreaElement).value = value;
    e.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }, change(text));
}

/** Waits for the open analysis to show its content, then saves docs/images/workspace-<width>-<id>.png. */
async function docsShot(page: Page, width: number, id: string): Promise<void> {
  await builder(page).locator(`#analysis-tab-${id}`).click();
  if (id === 'agent') await builder(page).locator('[part="agent-tool"]').first().waitFor();
  if (id === 'run') await builder(page).locator('[part="runs"]').waitFor();
  if (id === 'routing') await builder(page).locator('#analysis-panel .catalog-budget').waitFor();
  if (id === 'evals') await builder(page).locator('[part="evals"]').waitFor();
  if (id === 'history') await builder(page).locator('.history .version').first().waitFor();
  await builder(page).locator('.cm-editor').first().waitFor();
  const file = join(root, 'docs', 'images', `workspace-${width}-${id}.png`);
  const draft = builder(page).locator('.draft');
  await draft.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  // At 1280 px the viewport (chat and draft side by side); at 400 px the whole one-column draft panel: editor, then the analysis, then the footer.
  if (width < 800) await draft.screenshot({ path: file });
  else await page.screenshot({ path: file });
  shots.push(file);
}

/**
 * docs/images/workspace-<width>-<analysis>.png: the draft workspace at 1280×800 and 400×800 with each analysis open —
 * a new draft for Checks, As the agent sees it, Run, Routing and Evals; a saved skill being edited for History.
 */
async function docsShots(): Promise<void> {
  for (const width of [1280, 400]) {
    api = makeApi();
    const saved = savedSkillApi();
    api.override = saved.override;
    api.skills['ops-bot'] = { ...api.skills['ops-bot'], ...saved.skills['ops-bot'] };
    const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: 'light', deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[docs ${width}] page error:`, e.message));
    await page.goto(`${base}/?agent=ops-bot`);
    await builder(page).locator('.banner .state').first().waitFor();
    const composer = builder(page).locator('#composer');
    await composer.fill('Tell me the weather for a city, using an API that needs a key');
    await composer.press('Enter');
    await builder(page).locator('.msg.assistant.done').first().waitFor();
    await composer.fill("I don't have an account — pick one with a free tier.");
    await composer.press('Enter');
    await builder(page).locator('#analysis-tab-checks').waitFor();
    for (const id of ['checks', 'agent', 'run', 'routing', 'evals']) await docsShot(page, width, id);
    // Edit mode: the saved skill with its kept versions.
    await builder(page).evaluate((el) =>
      (el as HTMLElement & { editSkill(name: string, agent?: string, force?: boolean): Promise<void> }).editSkill('weather-report', 'ops-bot', true),
    );
    await builder(page).locator('#analysis-tab-history').waitFor();
    await docsShot(page, width, 'history');
    await context.close();
  }
}

if (process.argv.includes('--docs')) await docsShots();

for (const width of process.argv.includes('--docs') ? [] : [1280, 360]) {
  for (const scheme of ['light', 'dark'] as const) {
    const tag = `${width}-${scheme}`;
    if (only && only !== tag) continue;
    api = makeApi();
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 780 }, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[${tag}] page error:`, e.message));
    await page.goto(`${base}/?agent=ops-bot`);
    await builder(page).locator('.banner .state').first().waitFor();
    await shot(page, `${tag}-0-page`, true);
    await shot(page, `${tag}-1-empty`);

    // A question first, then a draft.
    const composer = builder(page).locator('#composer');
    await composer.fill('Tell me the weather for a city, using an API that needs a key');
    await composer.press('Enter');
    await builder(page).locator('.msg.assistant.done').first().waitFor();
    api.holdAfter = 4;
    await composer.fill("I don't have an account — pick one with a free tier.");
    await composer.press('Enter');
    await page.waitForFunction(() => (window as any).document.querySelector('forge-skill-builder')?.shadowRoot?.querySelector('.progress'));
    await page.waitForTimeout(1300);
    await shot(page, `${tag}-2-streaming`, false, width < 800 ? '.chat' : undefined);
    api.streams.at(-1)!.release();
    api.holdAfter = undefined;
    await builder(page).locator('.diag.error').first().waitFor();
    await shot(page, `${tag}-3-draft-errors`, false, width < 800 ? '.draft' : undefined);
    await builder(page).locator('#analysis-tab-agent').click();
    await builder(page).locator('[part="agent-tool"]').first().waitFor();
    await shot(page, `${tag}-3b-agent-view`, false, width < 800 ? '.agent-view' : undefined);
    await builder(page).locator('#analysis-tab-checks').click();

    // Fix the error in the editor, save, fill the missing env var.
    await editText(page, (text) => text.replace('TODO: output schema', '**Output:** `{"temp_c": number, "conditions": string}`'));
    await builder(page).locator('.vs.warn').first().waitFor();
    await builder(page).locator('button', { hasText: 'Save skill' }).click();
    await builder(page).locator('#env-WEATHER_API_KEY').waitFor();
    await builder(page).locator('#env-WEATHER_API_KEY').fill('owm-demo-key');
    await shot(page, `${tag}-4-saved`);
    await builder(page).locator('dialog[data-name="save"] button', { hasText: 'Done' }).click();

    // Edit mode: change the skill and review the diff.
    await editText(page, (text) => text.replace('short forecasts', 'forecasts up to 7 days'));
    await builder(page).locator('button', { hasText: 'Add file' }).click();
    await builder(page).locator('#file-name').fill('forecast.sh');
    await builder(page).locator('#file-name').press('Enter');
    await builder(page).locator('button', { hasText: 'Review & save' }).click();
    await builder(page).locator('.diff').waitFor();
    await shot(page, `${tag}-5-diff`);
    await page.keyboard.press('Escape');

    // The skills list and the settings dialog.
    await builder(page).locator('.top-actions button', { hasText: 'Skills' }).click();
    await builder(page).locator('.skill-row').first().waitFor();
    await shot(page, `${tag}-6-skills`);
    await page.keyboard.press('Escape');
    await builder(page).locator('.banner button', { hasText: 'Settings' }).click();
    await builder(page).locator('forge-skill-settings form').waitFor();
    await shot(page, `${tag}-7-settings`);
    await page.keyboard.press('Escape');

    // Import a skill package: files grouped by folder, the proposals, a reference open; a binary; the drop overlay.
    await builder(page).locator('.top-actions button', { hasText: 'New skill' }).click();
    const discard = builder(page).locator('dialog[data-name="confirm"] button', { hasText: 'Discard' });
    if (await discard.isVisible()) await discard.click();
    await builder(page)
      .locator('#import-package')
      .setInputFiles({ name: 'pdf-report.skill', mimeType: 'application/octet-stream', buffer: Buffer.from('PK fake') });
    await builder(page).locator('.proposals').waitFor();
    await builder(page).locator('.tabs [role="tab"][title="references/guide.md"]').click();
    await shot(page, `${tag}-10-import`, false, width < 800 ? '.draft' : undefined);
    await builder(page).locator('.tabs [role="tab"][title="assets/logo.png"]').click();
    await builder(page).locator('button', { hasText: 'Add file' }).click();
    await builder(page).locator('#file-name').fill('../x.md');
    await builder(page).locator('#file-name').press('Enter');
    await shot(page, `${tag}-11-binary-and-name-check`, false, width < 800 ? '.draft' : undefined);
    await builder(page).evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['PK'], 'skill.zip'));
      el.shadowRoot!.querySelector('.base')!.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
    });
    await shot(page, `${tag}-12-drop-overlay`);
    await builder(page).evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['PK'], 'skill.zip'));
      el.shadowRoot!.querySelector('.base')!.dispatchEvent(new DragEvent('dragleave', { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
    });

    // Banner problems: deprecated fallback, missing key, untrusted base URL; and the unset state.
    api.settings = {
      ...api.settings,
      source: 'agent_fallback',
      warning: "Using agent ops-bot's forge.yaml model (deprecated).",
      has_key: false,
      api_key_env: 'OPENAI_API_KEY',
      base_url: 'https://llm.gateway.example/v1',
      trusted: false,
    };
    await page.goto(`${base}/?agent=ops-bot`);
    await builder(page).locator('.issues').waitFor();
    await shot(page, `${tag}-8-banner-issues`);
    api.settings = { ...api.settings, source: 'unset', provider: '', model: '', warning: '', base_url: '', trusted: undefined as unknown as boolean };
    await page.goto(`${base}/`);
    await builder(page).locator('.banner.unset').waitFor();
    await shot(page, `${tag}-9-unset`);
    await context.close();
  }
}

await browser.close();
server.close();
console.log(shots.join('\n'));
