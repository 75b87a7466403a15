// examples/build-skill.ts as a user runs it with its output going to two
// places (stdout to a file or a pipe, stderr to the terminal): the progress
// line it draws on stderr with `\r` must be ended before anything else is
// written there, so a warning or the next message never lands on that line
// (issue 14). The docs run the same program in docs/sdk.md.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderServer, type ProviderServer } from '../helpers/provider-servers/index.js';
import { docModelReply, type WireMessage } from './doc-model.js';
import { DocSession, ROOT, run } from './session.js';

const session = new DocSession('example-build-skill');
// The docs' model, streamed slowly enough (small pieces 15 ms apart) that the
// builder reports drafting progress, as a real model does.
let model: ProviderServer;
beforeAll(async () => {
  model = await startProviderServer({
    provider: 'ollama',
    deltaSize: 16,
    delayMs: 15,
    handler: (req) => docModelReply((req.body?.messages ?? []) as WireMessage[]),
  });
});
afterAll(async () => {
  await model.close();
  await session.close();
});

describe('examples/build-skill.ts', () => {
  it('ends its progress line on stderr before anything else is written there', async () => {
    session.writeFile('my-workspace/support/forge.yaml', 'agent_id: support\n');
    session.writeFile('my-workspace/.forge/ui.yaml', `skill_builder:\n  provider: ollama\n  model: llama3.1\n  base_url: ${model.url}\n`);
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const r = await run(tsx, ['examples/build-skill.ts', '--dir', './my-workspace', '--agent', 'support', 'Tell me the weather for a city'], {
      cwd: session.dir,
      env: session.env(),
      timeoutMs: 45_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const progressLines = r.stderr.split('\n').filter((l) => l.includes('drafting…'));
    expect(progressLines.length, 'the doc model streams a draft, so progress is shown').toBeGreaterThan(0);
    // What a terminal shows of each line is the text after its last \r: only the progress itself.
    for (const line of progressLines) expect(line.slice(line.lastIndexOf('\r') + 1)).toMatch(/^ {2}drafting… [\d,]+ characters$/);
    expect(r.stderr.endsWith('\n'), JSON.stringify(r.stderr.slice(-80))).toBe(true);
  });
});
