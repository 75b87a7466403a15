// `validate` with the checks of issue 15: script syntax on by default
// (--no-syntax turns it off), --risk prints the Forge-compatible score with
// factors, violations and findings, --policy reads a Forge policy file (a bad
// one is a usage error naming the key), exit 1 on a policy error.

import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { RISK_FIXTURES } from '../../helpers/risk-fixtures.js';
import { testIo } from './support.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-risk-'));
  await cp(join(RISK_FIXTURES, 'skills'), join(root, 'skills'), { recursive: true });
  await cp(join(RISK_FIXTURES, 'policies'), join(root, 'policies'), { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('validate --risk', () => {
  it('prints the score, factors, violations and findings; a policy error exits 1', async () => {
    const ok = testIo({ cwd: root });
    expect(await main(['validate', '--risk', '--no-syntax', 'skills/with-script'], ok)).toBe(0);
    expect(ok.out()).toContain('skills/with-script/SKILL.md: risk 36/100 (medium) — policy passed (default policy)');
    expect(ok.out()).toMatch(/^ {2}egress {5}\+10 {3}unknown domain: status\.example-corp\.com$/m);
    expect(ok.out()).toMatch(/^ {2}WARN {2}script_policy: skill has an executable script$/m);

    const denied = testIo({ cwd: root });
    expect(await main(['validate', '--risk', '--no-syntax', 'skills/risky-bins'], denied)).toBe(1);
    expect(denied.out()).toMatch(/risk 51\/100 \(high\) — policy FAILED/);
    expect(denied.out()).toMatch(/^ {2}ERROR binary_denylist: binary "ssh" is denied by policy$/m);
  });

  it('uses a policy file (the same score Forge gives with it) and shows findings with lines', async () => {
    await writeFile(join(root, 'skills/with-script/scripts/with-script.sh'), '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\nprintenv\n');
    const io = testIo({ cwd: root });
    expect(await main(['validate', '--json', '--no-syntax', '--policy', 'policies/overrides.yaml', 'skills/with-script'], io)).toBe(1);
    const [report] = JSON.parse(io.out());
    expect(report.risk).toMatchObject({ score: 28, level: 'medium', passed: false });
    expect(report.risk.violations.map((v: { rule: string }) => v.rule)).toEqual(['binary_denylist', 'script_policy']);
    expect(report.risk.findings).toContainEqual(expect.objectContaining({ rule: 'env-dump', file: 'skills/with-script/scripts/with-script.sh', line: 4 }));
    expect(report.syntax).toBeUndefined();
  });

  it('refuses a bad policy file with the key and line, as a usage error', async () => {
    await writeFile(join(root, 'bad.yaml'), 'max_risk_score: 50\nscript_policy: sometimes\n');
    const io = testIo({ cwd: root });
    expect(await main(['validate', '--policy', 'bad.yaml', 'skills/plain'], io)).toBe(2);
    expect(io.err()).toMatch(/bad\.yaml:2: script_policy must be allow, warn or deny, not "sometimes"/);
    const missing = testIo({ cwd: root });
    expect(await main(['validate', '--policy', 'nope.yaml', 'skills/plain'], missing)).toBe(2);
    expect(missing.err()).toMatch(/nope\.yaml: no such policy file/);
  });
});

describe('validate script syntax', () => {
  it('checks scripts by default and exits 1 on a syntax error; --no-syntax skips it', async () => {
    await writeFile(join(root, 'skills/with-script/scripts/with-script.sh'), '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\nif true; then\n');
    const on = testIo({ cwd: root });
    expect(await main(['validate', 'skills/with-script'], on)).toBe(1);
    expect(on.out()).toMatch(/^skills\/with-script\/scripts\/with-script\.sh:5: error \[bash-syntax\] bash: syntax error: unexpected end of file$/m);
    expect(on.out()).toMatch(/^skills\/with-script\/SKILL\.md: valid \(\d+ warnings?\); \d+ script syntax errors?$/m);
    const off = testIo({ cwd: root });
    expect(await main(['validate', '--no-syntax', 'skills/with-script'], off)).toBe(0);
    expect(off.out()).not.toContain('bash-syntax');
  });
});
