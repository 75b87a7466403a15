// A separate process that runs one tool with runSkillTool and prints the
// result as JSON on stdout (stdout/stderr of the run shortened to their
// lengths and last 4 KiB). The isolation tests start it as root and as
// `runuser -u nobody`, and with a descriptor inherited without close-on-exec.
// Usage: node --import tsx run-tool-child.ts '<DraftRunOptions as JSON>'

import { runDraft, type DraftRunOptions } from './run-draft.js';

const opts = JSON.parse(process.argv[2] ?? '{}') as DraftRunOptions;
const alive = setInterval(() => undefined, 1000);
let ticks = 0;
const ticker = setInterval(() => ticks++, 50); // the event loop stays free while the run goes on
try {
  const r = await runDraft(opts);
  const tail = (s: string) => s.slice(-4096);
  process.stdout.write(
    JSON.stringify({
      ...r,
      stdout: tail(r.stdout),
      stderr: tail(r.stderr),
      stdoutLength: r.stdout.length,
      stderrLength: r.stderr.length,
      ticks,
      uid: process.getuid?.(),
    }),
  );
} catch (err) {
  process.stdout.write(JSON.stringify({ thrown: err instanceof Error ? err.message : String(err) }));
} finally {
  clearInterval(alive);
  clearInterval(ticker);
}
