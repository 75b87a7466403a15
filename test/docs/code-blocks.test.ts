// Every code block in docs/ and README.md is either executed here or marked
// `<!-- not-runnable: <reason> -->` (issue 7: "every code block … is either
// run by a test … or marked as not runnable with the reason"). Blocks run in
// document order, one temporary project per Markdown file (session.ts), with
// the built package (run after `npm run build`, as scripts/test-all.mjs does),
// the `forge-skill-builder ui` server and a local model speaking the Ollama
// wire format. The runners are listed in runners.ts.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNNERS, extractBlocks, markdownFiles, readBlocks, runnerOf, where, type CodeBlock } from './blocks.js';
import { runBlock } from './runners.js';
import { DocSession, ROOT } from './session.js';

const KNOWN_RUNNERS = new Set(['tsx', 'module', 'shell', 'serve', 'file', 'output', 'skill-md', 'envelope', 'spec', 'yaml', 'signatures']);

const FILES = markdownFiles(ROOT);
const BLOCKS = new Map(FILES.map((f) => [f, readBlocks(ROOT, f)] as const));

describe('documentation code blocks: extraction', () => {
  it('reads fences the CommonMark way (longer fences hold shorter ones; markers above, blank lines allowed)', () => {
    const md = [
      '<!-- run: skill-md -->',
      '',
      '````markdown',
      '```json',
      '{}',
      '```',
      '````',
      '',
      '```ts',
      'x',
      '```',
      '<!-- not-runnable: why -->',
      '```text',
      'y',
      '```',
    ].join('\n');
    const blocks = extractBlocks('x.md', md);
    expect(blocks.map((b) => [b.line, b.lang, b.content, runnerOf(b)])).toEqual([
      [3, 'markdown', '```json\n{}\n```\n', 'skill-md'],
      [9, 'ts', 'x\n', 'tsx'],
      [13, 'text', 'y\n', null],
    ]);
    expect(blocks[2]!.marker).toEqual({ kind: 'not-runnable', reason: 'why' });
  });

  it('finds the documentation files', () => {
    for (const f of ['README.md', 'docs/skill-builder-llm.md', 'docs/skill-md-format.md', 'docs/embedding.md', 'docs/sdk.md', 'docs/http-api.md'])
      expect(FILES).toContain(f);
  });

  it('gives every block a runner or a not-runnable reason', () => {
    const problems: string[] = [];
    for (const blocks of BLOCKS.values()) {
      for (const b of blocks) {
        if (b.marker?.kind === 'not-runnable') {
          if (b.marker.reason.trim().length < 8) problems.push(`${where(b)}: a not-runnable marker needs a reason`);
          continue;
        }
        const runner = runnerOf(b);
        if (runner === null)
          problems.push(
            `${where(b)}: a "${b.lang || 'plain'}" block needs <!-- run: … --> or <!-- not-runnable: reason --> (defaults exist for ${Object.keys(DEFAULT_RUNNERS).join(', ')})`,
          );
        else if (!KNOWN_RUNNERS.has(runner)) problems.push(`${where(b)}: unknown runner "${runner}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('examples/', () => {
  it('every example is run by a documentation block', () => {
    const runnable = [...BLOCKS.values()].flat().filter((b) => runnerOf(b) === 'shell');
    const examples = readdirSync(join(ROOT, 'examples')).filter((f) => /\.(ts|mjs|js)$/.test(f));
    expect(examples.length).toBeGreaterThan(0);
    for (const f of examples)
      expect(
        runnable.some((b) => b.content.includes(`examples/${f}`)),
        `examples/${f}`,
      ).toBe(true);
  });
});

const sessions: DocSession[] = [];
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
});

describe.concurrent('documentation code blocks: runs', () => {
  for (const file of FILES) {
    const runnable = BLOCKS.get(file)!.filter((b: CodeBlock) => runnerOf(b) !== null);
    if (runnable.length === 0) continue;
    it(`${file}: ${runnable.length} block(s) run as documented`, async () => {
      expect(existsSync(join(ROOT, 'dist', 'node', 'index.js')), 'dist/ is missing: run `npm run build` first').toBe(true);
      const session = new DocSession(file);
      sessions.push(session);
      for (const b of runnable) {
        const args = b.marker?.kind === 'run' ? b.marker.args : [];
        await runBlock(session, b, runnerOf(b)!, args);
      }
    }, 120_000);
  }
});
