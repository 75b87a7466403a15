// `try` prints declared versus observed after a real bwrap run, and
// `try --fix-declarations [--dry-run]` shows the diff and applies the
// proposed fixes to the SKILL.md (the rest byte for byte, a risky host never
// added); a frontmatter it cannot edit safely leaves the file as it was.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { testIo } from './support.js';

const SKILL_MD = `---
name: forecast
description: When the user asks for a forecast ("forecast for Oslo"), fetch it.
metadata:
  forge:
    requires:
      bins:
        - curl
        - wget
---
# Forecast

## Tool: fetch_forecast

Fetches it.

**Input:** city (string): the city
`;

const SCRIPT = `#!/usr/bin/env bash
set -euo pipefail
bash -c 'echo {} | jq -c .' >/dev/null
/usr/bin/curl -sS --max-time 5 https://blocked.example.net/ >/dev/null 2>&1 || true
/usr/bin/curl -sS --max-time 5 http://metadata.google.internal/ >/dev/null 2>&1 || true
echo "{\\"region\\": \\"\${REGION_NAME:-eu}\\"}"
`;

let root: string;
const skill = 'forecast';
const skillFile = () => join(root, skill, 'SKILL.md');
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-try-decl-'));
  await mkdir(join(root, skill, 'scripts'), { recursive: true });
  await writeFile(join(root, skill, 'scripts/fetch-forecast.sh'), SCRIPT);
});
beforeEach(() => writeFile(skillFile(), SKILL_MD));
afterAll(() => rm(root, { recursive: true, force: true }));

const tryIt = async (...extra: string[]) => {
  const io = testIo({ cwd: root });
  const code = await main(['try', skill, '--tool', 'fetch_forecast', '--input', '{"city": "Oslo"}', ...extra], io);
  return { code, out: io.out(), err: io.err() };
};
const body = (s: string) => s.slice(s.indexOf('\n---\n'));

describe('try: declared versus observed', () => {
  it('prints the profile: the summary, each finding at its line with its fix, and leaves the SKILL.md alone', async () => {
    const r = await tryIt();
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^declared vs observed \(run 1 fetch_forecast\): declares 0 hosts, used 2; uses jq, not declared; asked for blocked\.example\.net, metadata\.google\.internal, not declared$/m,
    );
    expect(r.out).toMatch(/^ {2}SKILL\.md:6 observed-bin-undeclared: the run executed jq, .*; fix: add jq to requires\.bins$/m);
    expect(r.out).toMatch(/^ {2}SKILL\.md:\d+ declared-bin-unused: wget is declared .*\(runs: run 1\); fix: remove wget from requires\.bins$/m);
    expect(r.out).toMatch(/^ {2}scripts\/fetch-forecast\.sh:6 env-referenced-undeclared: .*; fix: add REGION_NAME to requires\.env\.optional$/m);
    expect(r.out).toMatch(/asked for metadata\.google\.internal, .*; not proposed, adding it is risky \(.*cloud metadata endpoint.*\)$/m);
    expect(r.out).toMatch(/^apply the fixes with: try … --fix-declarations/m);
    expect(await readFile(skillFile(), 'utf8')).toBe(SKILL_MD);
  });

  it('--json carries capability_profile in the HTTP shape', async () => {
    const r = await tryIt('--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.capability_profile.runs).toEqual([{ id: 'run 1', tool: 'fetch_forecast', ok: true }]);
    expect(j.capability_profile.fixed_skill_md).toContain('- jq');
  });

  it('--fix-declarations --dry-run prints the diff and writes nothing', async () => {
    const r = await tryIt('--fix-declarations', '--dry-run');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\+\+\+ forecast\/SKILL\.md\t\(dry run: not written\)$/m);
    expect(r.out).toMatch(/^- {8}- wget$/m);
    expect(r.out).toMatch(/^\+ {8}- jq$/m);
    expect(r.out).toMatch(/^\+ {6}env:$/m);
    expect(r.out).not.toMatch(/^(Index|=+)/m);
    expect(await readFile(skillFile(), 'utf8')).toBe(SKILL_MD);
  });

  it('--fix-declarations applies the fixes, keeps the rest byte for byte, never adds the risky host, and the next run agrees', async () => {
    const r = await tryIt('--fix-declarations');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^forecast\/SKILL\.md: 4 declaration fixes applied$/m);
    const fixed = await readFile(skillFile(), 'utf8');
    expect(body(fixed)).toBe(body(SKILL_MD));
    expect(fixed).toContain('        - jq\n');
    expect(fixed).not.toContain('wget');
    expect(fixed).toMatch(/egress_domains:\n\s+- blocked\.example\.net\n/);
    expect(fixed).not.toContain('metadata.google.internal');

    const again = await tryIt();
    expect(again.code).toBe(0);
    const findings = again.out.split('\n').filter((l) => /^ {2}\S+ [a-z-]+: /.test(l));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/observed-egress-undeclared: the run asked for metadata\.google\.internal/);
  });

  it('writes nothing when the frontmatter cannot be edited safely (CRLF), exiting 1 with the reason', async () => {
    const crlf = SKILL_MD.replace(/\n/g, '\r\n');
    await writeFile(skillFile(), crlf);
    const r = await tryIt('--fix-declarations');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/CRLF line ends.*by hand/);
    expect(await readFile(skillFile(), 'utf8')).toBe(crlf);
  });

  it('says which flags go together', async () => {
    for (const [extra, message] of [
      [['--dry-run'], /--dry-run goes with --fix-declarations/],
      [['--fix-declarations', '--json'], /leave out --json/],
    ] as const) {
      const r = await tryIt(...extra);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
