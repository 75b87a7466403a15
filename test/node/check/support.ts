// A repository of skills for the check tests: an agent (forge.yaml) with a
// clean skill and a broken one (a link to a missing file at a known line, a
// bash script with a syntax error at a known line), plus a loose skill outside
// the agent; optionally a git repository with everything committed.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { testIo } from '../cli/support.js';

export const CLEAN_MD = `---
name: notes-reader
description: Reads the team's meeting notes and answers questions about them. Use when the user asks "what did we decide", "who owns this" or "summarise the meeting".
---

# Notes Reader

Read the notes the user points at and answer from them. Quote at most two
sentences and say which meeting they come from.
`;

/** `references/missing.md` is on line 9: a links error there. */
export const BROKEN_MD = `---
name: broken-tool
description: Runs the report script to summarise build logs. Use when the user asks "why did the build fail" or "summarise the build log".
---

# Broken Tool

Read the build log the user names and summarise it.
See references/missing.md for the log format.
`;

/** `then` without `if` on line 3: bash -n fails there. */
export const BROKEN_SH = `#!/usr/bin/env bash
set -euo pipefail
then echo "no if"
`;

export interface SkillRepo {
  root: string;
  run(args: string[], cwd?: string): Promise<{ code: number; out: string; err: string }>;
  write(rel: string, text: string): Promise<void>;
  git(...args: string[]): string;
}

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((r) => rm(r, { recursive: true, force: true })));
});

export async function makeSkillRepo(opts: { git?: boolean } = {}): Promise<SkillRepo> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'forge-check-')));
  roots.push(root);
  const write = async (rel: string, text: string): Promise<void> => {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  };
  await write('agent/forge.yaml', 'agent_id: helper\n');
  await write('agent/skills/notes-reader/SKILL.md', CLEAN_MD);
  await write('agent/skills/broken-tool/SKILL.md', BROKEN_MD);
  await write('agent/skills/broken-tool/scripts/report.sh', BROKEN_SH);
  await write('loose/notes-reader-2/SKILL.md', CLEAN_MD.replace('name: notes-reader', 'name: notes-reader-2'));
  const git = (...args: string[]): string =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
    });
  if (opts.git) {
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'skills');
  }
  return {
    root,
    write,
    git,
    async run(args, cwd = root) {
      const io = testIo({ cwd });
      const code = await main(['check', ...args], io);
      return { code, out: io.out(), err: io.err() };
    },
  };
}
