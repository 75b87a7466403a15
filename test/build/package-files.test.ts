// What `npm pack` puts in the package (issue 14): the files the docs point a
// user to must be in it — docs/sdk.md links examples/build-skill.ts as the
// program to copy — next to dist/ and the bin. Asked of npm itself
// (`npm pack --dry-run --json`), so the `files` list and .npmignore both count.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../docs/session.js';

describe('the npm package', () => {
  it('ships the runnable example the SDK docs point to, with dist/ and the bin', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } });
    const files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain('examples/build-skill.ts');
    expect(files).toContain('bin/forge-skill-builder.js');
    expect(files).toContain('dist/forge-skill-builder.elements.js');
    // Tests and fixtures stay out of it.
    expect(files.filter((f) => f.startsWith('test/'))).toEqual([]);
  });
});
