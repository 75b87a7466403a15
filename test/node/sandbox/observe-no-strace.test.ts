// When strace is not installed, a real bwrap run still runs and still reports
// its hosts (the proxy sees those), but programs and files are "not observed"
// with the reason and the install hint — never an empty "none" — and the
// profile built on such a run claims no binary unused. strace is hidden from
// this test file's module graph only (its existence check), not from the
// machine.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capabilityProfile } from '../../../src/core/observe/reconcile.js';
import { observationLines } from '../../../src/node/cli/observation-text.js';
import { runDraft } from '../../helpers/run-draft.js';
import { recordingServer, toolSkill, type RecordingServer } from '../../helpers/tool-run.js';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const existsSync = (p: import('node:fs').PathLike) => (String(p).endsWith('/strace') ? false : fs.existsSync(p));
  return { ...fs, existsSync, default: { ...fs, existsSync } };
});

let server: RecordingServer;
beforeAll(async () => {
  server = await recordingServer();
});
afterAll(() => server.close());

describe('observing without strace', () => {
  it('reports hosts, and programs and files as not observed with why', async () => {
    const skillMd = toolSkill({ egress: ['localhost'] }).replace('egress_domains:', 'requires:\n      bins: [jq, wget]\n    egress_domains:');
    const r = await runDraft({
      skillMd,
      scripts: {
        'do-it.sh': `#!/usr/bin/env bash\njq -n 1 >/dev/null\ncurl -sS --max-time 5 http://localhost:${server.port}/seen >/dev/null || true\necho '{}'\n`,
      },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
      allowPrivateEgress: true,
    });
    expect(r.ok).toBe(true);
    expect(r.observation).toMatchObject({ programs: null, files: null, mechanism: null });
    expect(r.observation.notObserved).toMatch(/strace is not installed.*apt-get install -y strace/);
    expect(r.observation.egress).toContainEqual({ host: 'localhost', port: server.port, verdict: 'allowed' });
    const text = observationLines(r.observation).join('\n');
    expect(text).toMatch(/programs and files: not observed \(strace is not installed/);
    expect(text).not.toMatch(/programs: none/);
    const p = capabilityProfile({ skillMd, scripts: { 'do-it.sh': '' } }, [{ id: 'run 1', tool: 'do_it', ok: true, observation: r.observation }]);
    expect(p.findings.map((f) => f.kind)).not.toContain('declared-bin-unused');
    expect(p.summary).toMatch(/programs not observed/);
  });
});
