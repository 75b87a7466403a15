// Run a tool from the page, end to end (issue 15): the built `forge-skill-builder
// ui --allow-tool-runs` serves the demo page; in Chromium a draft with a tool is
// loaded into the builder, the "Run a tool" view arrives as its own file of the
// standalone bundle, and Run executes the script in bubblewrap on the server:
// the page shows exit 0, the JSON output as a tree, and the blocked host;
// declared versus observed proposes declaring it, and Apply puts it in the draft.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, makeWorkspace, missingBuild, startUi, type UiProcess, type Workspace } from './support.js';

const SKILL_MD = `---
name: echo-input
description: When the user asks to echo something ("echo hi"), echo it.
---
# Echo

## Tool: echo_input

Echoes its input.

**Input:** text (string): what to echo

**Examples:**

| User Request | Tool Input |
|---|---|
| "echo hi" | \`{"text": "hi from the page"}\` |
`;
const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\ncurl -s -m 5 https://example.com >/dev/null || true\necho "{\\"you_sent\\": $INPUT}"\n';

let browser: Browser;
let ws: Workspace;
let ui: UiProcess;

beforeAll(async () => {
  const missing = missingBuild();
  if (missing.length) throw new Error(`the end-to-end test runs the built package; missing ${missing.join(', ')} — run \`npm run build\` first`);
  ws = await makeWorkspace('ops-bot');
  ui = await startUi(ws, ['--allow-tool-runs']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await ui?.stop();
  await ws?.remove();
});

describe('Run a tool from the page', () => {
  it('loads the view on demand and shows the sandboxed run of the draft tool', async () => {
    const page = await browser.newPage();
    const files: string[] = [];
    page.on('response', (r) => files.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await page.goto(ui.pageUrl); // the printed URL: its token becomes the page's cookie
    await page.waitForFunction(() => !!document.querySelector('forge-skill-builder')?.shadowRoot?.querySelector('[part~="draft"]'));
    expect(files.some((f) => f.includes('tool-run-view'))).toBe(false); // not part of the first load
    await page.evaluate(
      ([skillMd, script]) =>
        (document.querySelector('forge-skill-builder') as unknown as { _editor: { edit(d: unknown): void } })._editor.edit({
          skillMd,
          scripts: { 'echo-input.sh': script },
        }),
      [SKILL_MD, SCRIPT],
    );
    await page.locator('forge-skill-builder #analysis-tab-run').click({ timeout: 20_000 });
    await page.locator('forge-skill-builder [part="runs"] textarea').waitFor({ timeout: 20_000 });
    expect(files).toContain('200 /elements/forge-skill-builder.tool-run-view.js');
    expect(await page.locator('forge-skill-builder [part="runs"] textarea').inputValue()).toBe('{"text": "hi from the page"}');
    await page.locator('forge-skill-builder [part="runs"] button', { hasText: 'Run' }).click();
    const result = page.locator('forge-skill-builder [part="run-result"]');
    await result.waitFor({ timeout: 20_000 });
    const text = await result.innerText();
    expect(text).toMatch(/exit 0 · \d+ ms · sandboxed/);
    expect(text).toContain('text: "hi from the page"');
    // The refused host is the run's cause (it still exited 0: curl's failure went to stderr), with its fix.
    expect(text).toContain('What the run ran into');
    expect(text).toContain("the sandbox's proxy refused example.com: it is not in egress_domains");
    expect(text).toContain('Fix: add example.com to metadata.forge.egress_domains');
    // Declared versus observed, from the real run: the refused host is proposed for egress_domains, shown as a diff before Apply.
    const profile = page.locator('forge-skill-builder [part="capability-profile"]');
    await profile.waitFor({ timeout: 20_000 });
    expect(await profile.innerText()).toMatch(/declares 0 hosts, used 1; uses curl, not declared; asked for example\.com, not declared/);
    await profile.locator('button', { hasText: 'Fix declarations' }).click();
    await profile.locator('.diff').waitFor({ timeout: 20_000 });
    await profile.locator('button', { hasText: 'Apply to the draft' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('forge-skill-builder') as unknown as { _editor: { draft: { skillMd: string } } })._editor.draft.skillMd.includes(
          'egress_domains:\n      - example.com',
        ),
      undefined,
      { timeout: 20_000 },
    );
    await page.close();
  });
});
