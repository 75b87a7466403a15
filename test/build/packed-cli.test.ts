// The command line from a packed tarball, run as README.md and docs/cli.md
// tell a user to before the package is published: `npm pack`, then, in
// another folder, `npx --package=<tarball> forge-skill-builder …` (npx given
// the tarball's path alone tries to execute the file). Needs `npm run build`
// first; npx prefers npm's cache, which `npm ci` filled with the dependencies.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/session.js';

const DOCUMENTED = 'npx --package=/path/to/forge-skill-builder-<version>.tgz forge-skill-builder';
const dir = mkdtempSync(join(tmpdir(), 'fsb-packed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed command line', () => {
  it('README.md and docs/cli.md give the npx form that runs a tarball', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ')).toContain(DOCUMENTED);
    expect(readFileSync(join(ROOT, 'docs/cli.md'), 'utf8').replace(/\s+/g, ' ')).toContain(DOCUMENTED);
  });

  it('runs from the tarball in another folder as documented', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })) as {
      filename: string;
    }[];
    const tarball = join(dir, packed[0]!.filename);
    expect(tarball).toBe(join(dir, `${pkg.name}-${pkg.version}.tgz`));
    const elsewhere = mkdtempSync(join(dir, 'elsewhere-'));
    const command = DOCUMENTED.replace('/path/to/forge-skill-builder-<version>.tgz', tarball).split(' ');
    const out = execFileSync(command[0]!, ['--yes', '--prefer-offline', ...command.slice(1), '--version'], {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
      timeout: 280_000,
    });
    expect(out.trim()).toBe(pkg.version);
  }, 300_000);
});
