// What `npm pack` puts in the package (issue 14): the files the docs point a
// user to must be in it — docs/sdk.md links examples/build-skill.ts as the
// program to copy — next to dist/ and the bin. Asked of npm itself
// (`npm pack --dry-run --json`), so the `files` list and .npmignore both count.
// Every entry of package.json "exports" is in it too, code and types (needs
// `npm run build` first).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../docs/session.js';

const packedFiles = (): string[] => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_offline: 'true' },
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
};

describe('the npm package', () => {
  it('ships every entry point of "exports", its code and its types', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string; default: string }> };
    const files = packedFiles();
    const subpaths = Object.keys(pkg.exports);
    for (const subpath of ['.', './designer', './llm', './routing', './artifacts', './node', './elements', './elements/classes', './testing', './standalone'])
      expect(subpaths).toContain(subpath);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      const paths = typeof target === 'string' ? [target] : [target.default, target.types];
      for (const path of paths) expect(files, `${subpath} → ${path}`).toContain(path.replace(/^\.\//, ''));
    }
  });

  it('ships the runnable example the SDK docs point to, with dist/ and the bin', () => {
    const files = packedFiles();
    expect(files).toContain('examples/build-skill.ts');
    expect(files).toContain('bin/forge-skill-builder.js');
    expect(files).toContain('dist/forge-skill-builder.elements.js');
    // Tests and fixtures stay out of it.
    expect(files.filter((f) => f.startsWith('test/'))).toEqual([]);
  });
});
