// Drafts for tool-run tests: a one-tool SKILL.md with the frontmatter pieces a
// test needs (egress domains, env requirements, timeout_hint, Output block),
// a local HTTP server that records what reached it, and a /proc scan for
// processes a run should have killed.

import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

export interface ToolSkillOptions {
  name?: string;
  tool?: string;
  egress?: string[];
  env?: { required?: string[]; one_of?: string[]; optional?: string[] };
  timeoutHint?: number;
  /** The Output block: a JSON value (schema or example) or a one-line text. */
  output?: unknown;
}

export function toolSkill(o: ToolSkillOptions = {}): string {
  const tool = o.tool ?? 'do_it';
  const lines = [
    '---',
    `name: ${o.name ?? 'tool-run-test'}`,
    'description: When the user asks to test a tool run ("run it"), run the tool.',
    'metadata:',
    '  forge:',
  ];
  if (o.egress) lines.push(`    egress_domains: ${JSON.stringify(o.egress)}`);
  if (o.timeoutHint !== undefined) lines.push(`    timeout_hint: ${o.timeoutHint}`);
  if (o.env) {
    lines.push('    requires:', '      env:');
    for (const k of ['required', 'one_of', 'optional'] as const) if (o.env[k]) lines.push(`        ${k}: ${JSON.stringify(o.env[k])}`);
  }
  lines.push('---', '# Tool run test', '', `## Tool: ${tool}`, '', 'Does it.', '', '**Input:** text (string): what to do', '');
  if (typeof o.output === 'string') lines.push(`**Output:** ${o.output}`, '');
  else if (o.output !== undefined) lines.push('**Output:**', '', '```json', JSON.stringify(o.output, null, 2), '```', '');
  lines.push('**Examples:**', '', '| User Request | Tool Input |', '|---|---|', '| "run it" | `{"text": "a"}` |', '| "run it twice" | `{"text": "b"}` |', '');
  return lines.join('\n');
}

export interface RecordingServer {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 answering `hello from <path>` and recording each path. */
export async function recordingServer(): Promise<RecordingServer> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end(`hello from ${req.url}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Pids of processes whose command line contains `token` (the test's own marker). */
export function processesWith(token: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Arguments are NUL-separated in /proc: join them with spaces as a shell shows them.
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').includes(token)) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
