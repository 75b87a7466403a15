// bench/tool-run: what runSkillTool's sandbox and egress proxy cost per run.
//
//   npx tsx bench/tool-run.bench.ts
//
// The same small bash tool script (reads $1, prints JSON) runs side by side:
//   bare bash   `bash script.sh '<json>'` spawned directly (the floor: what
//               any runtime pays to start bash)
//   unsandboxed runSkillTool with sandbox: 'none' (temp copy, env scrubbing,
//               proxy listening, output checks)
//   sandboxed   runSkillTool in bubblewrap with the egress proxy (the unix
//               socket, socat forwarding inside the sandbox, namespaces,
//               mounts) and the run's observation (strace, the proxy's
//               host record)
// Figures: the wall time of each (median, min–max), and the per-repetition
// overhead of the sandboxed, observed run over bare bash — target p50 ≤ 60 ms.
// Results: stdout and bench/results/tool-run.json.

import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Skill } from '../src/core/skill/skill.js';
import { runSkillTool } from '../src/node/sandbox/run-skill-tool.js';
import { atMost, figure, percentile, printFigures, sideBySide, wallMs, writeResult } from './lib.js';

const REPETITIONS = 25;
const WARMUP = 3;

const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "{\\"echo\\": $INPUT}"\n';
const SKILL_MD = `---
name: bench-echo
description: When the user asks to echo ("echo this"), echo it.
metadata:
  forge:
    egress_domains: [api.example.com]
---
# Echo

## Tool: echo_input

Echoes its input.

**Input:** text (string): what to echo

**Output:**

\`\`\`json
{"type": "object", "required": ["echo"]}
\`\`\`
`;
const INPUT = { text: 'hello' };

const dir = await mkdtemp(join(tmpdir(), 'bench-tool-run-'));
const scriptPath = join(dir, 'echo-input.sh');
await writeFile(scriptPath, SCRIPT);

function bareBash(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [scriptPath, JSON.stringify(INPUT)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 && out.includes('hello') ? resolve() : reject(new Error(`bare bash exited ${code}`))));
  });
}

async function viaRunner(sandbox: 'bwrap' | 'none'): Promise<void> {
  const r = await runSkillTool({ skill: Skill.from({ skillMd: SKILL_MD, scripts: { 'echo-input.sh': SCRIPT } }), tool: 'echo_input', input: INPUT, sandbox });
  if (!r.ok || r.outputDiagnostics.length > 0) throw new Error(`run failed: ${JSON.stringify(r)}`);
}

const load = [loadavg()[0]!.toFixed(2)];
const samples = await sideBySide(
  { bare: bareBash, none: () => viaRunner('none'), bwrap: () => viaRunner('bwrap') },
  { repetitions: REPETITIONS, warmup: WARMUP, measure: wallMs },
);
await rm(dir, { recursive: true, force: true });

const overhead = samples.bwrap.map((x, i) => x - samples.bare[i]!);
const figures = [
  figure('bare `bash script.sh <json>`', samples.bare, 'ms'),
  figure("runSkillTool, sandbox: 'none'", samples.none, 'ms'),
  figure('runSkillTool in bubblewrap with the egress proxy', samples.bwrap, 'ms'),
  figure('overhead of the sandboxed run over bare bash (p50)', overhead, 'ms', { target: atMost(60) }),
  { label: 'overhead of the sandboxed run over bare bash (p90)', value: Math.round(percentile(overhead, 90) * 10) / 10, unit: 'ms' },
];
printFigures(`tool-run bench: ${REPETITIONS} repetitions after ${WARMUP} warm-up, side by side, wall clock, median [min–max]`, figures);
console.log(`1-minute load average: ${load[0]} before, ${loadavg()[0]!.toFixed(2)} after, on ${availableParallelism()} cores`);
writeResult({
  name: 'tool-run',
  repetitions: REPETITIONS,
  notes:
    'Wall clock on a shared machine. The sandboxed run includes creating and removing the temporary skill copy, starting the egress proxy on a unix socket, bubblewrap setting up its namespaces and mounts, socat inside the sandbox starting before the script (the launcher waits for its "listening" line), and strace around it all (the trace on its stderr).',
  figures,
});
