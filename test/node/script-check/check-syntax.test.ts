// checkScriptSyntax with the real checkers: bash -n, ShellCheck, python3 -m
// py_compile and node --check find broken scripts with their lines; clean
// scripts give nothing; a checker that is not installed is one info, never a
// failure; nothing is left on disk and unsafe names never reach a path.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScriptSyntax } from '../../../src/node/index.js';

const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;

describe('checkScriptSyntax', () => {
  it('finds a syntax error in each language with its line, and nothing in clean scripts', async () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'i15b-syntax-'));
    const r = await checkScriptSyntax(
      {
        'broken.sh': '#!/usr/bin/env bash\nset -euo pipefail\nif true; then\n  echo "x"\n',
        'scripts/broken.py': 'import sys\n\ndef f(:\n    pass\n',
        'broken.js': 'const a = 1;\nconst b = ;\n',
        'ok.sh': '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "$INPUT"\n',
        'ok.py': 'import json, sys\nprint(json.dumps({"ok": True}))\n',
        'ok.mjs': 'export const x = 1;\nconsole.log(JSON.stringify({ x }));\n',
        'notes.txt': 'not a script (',
      },
      { shellcheck: false, tempDir },
    );
    const errors = r.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.file, f.line]);
    expect(errors).toEqual([
      ['node-syntax', 'scripts/broken.js', 2],
      ['python-syntax', 'scripts/broken.py', 3],
      ['bash-syntax', 'scripts/broken.sh', 5],
    ]);
    expect(r.findings.find((f) => f.code === 'node-syntax')!.message).toMatch(/^node: SyntaxError: Unexpected token/);
    expect(r.findings.find((f) => f.code === 'python-syntax')!.message).toMatch(/^python3: SyntaxError/);
    expect(r.findings.find((f) => f.code === 'bash-syntax')!.message).toMatch(/unexpected end of file/);
    expect(r.ok).toBe(false);
    expect(r.missingTools).toEqual([]);
    // Nothing is left behind: not the scripts, not a __pycache__.
    expect(readdirSync(tempDir)).toEqual([]);
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('is ok for clean scripts', async () => {
    const r = await checkScriptSyntax({ 'a.sh': 'echo "ok"\n', 'b.py': 'x = 1\n', 'c.js': 'let y = 2;\n' }, { shellcheck: false });
    expect(r).toEqual({ ok: true, findings: [], missingTools: [] });
  });

  it.skipIf(!hasShellcheck)('maps ShellCheck findings to codes with line, column and severity', async () => {
    const r = await checkScriptSyntax({ 'lint.sh': '#!/bin/sh\nINPUT=$1\necho $INPUT\n' });
    const sc = r.findings.filter((f) => f.tool === 'shellcheck');
    expect(sc).toContainEqual(expect.objectContaining({ code: 'SC2086', severity: 'info', file: 'scripts/lint.sh', line: 3, column: 6 }));
    expect(sc.find((f) => f.code === 'SC2086')!.message).toMatch(/Double quote.*shellcheck\.net\/wiki\/SC2086/);
    expect(r.ok).toBe(true);
  });

  it('reports each missing checker once as an info and still checks with the others', async () => {
    const r = await checkScriptSyntax(
      { 'a.sh': 'echo $1\n', 'b.sh': 'echo $1\n', 'c.py': 'def f(:\n', 'd.py': 'x = 1\n', 'e.js': 'let = ;\n' },
      { commands: { shellcheck: '/nonexistent/shellcheck', python3: '/nonexistent/python3' } },
    );
    expect(r.missingTools).toEqual(['python3', 'shellcheck']);
    const missing = r.findings.filter((f) => f.code === 'syntax-tool-missing');
    expect(missing.map((f) => [f.tool, f.severity])).toEqual([
      ['python3', 'info'],
      ['shellcheck', 'info'],
    ]);
    expect(missing[1]!.message).toMatch(/shellcheck is not installed.*apt-get install shellcheck/);
    expect(r.findings.filter((f) => f.severity === 'error').map((f) => f.code)).toEqual(['node-syntax']);
  });

  it('never writes a script with an unsafe name', async () => {
    const r = await checkScriptSyntax({ '../escape.sh': 'if\n', '.hidden.sh': 'if\n', 'a/b.sh': 'if\n' }, { shellcheck: false });
    expect(r).toEqual({ ok: true, findings: [], missingTools: [] });
  });

  it('stops a checker that takes too long and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'i15b-hang-'));
    const hang = join(dir, 'hang');
    writeFileSync(hang, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    try {
      const r = await checkScriptSyntax({ 'slow.js': 'let a = 1;\n' }, { commands: { node: hang }, timeoutMs: 300 });
      expect(r.findings).toEqual([expect.objectContaining({ code: 'syntax-check-timeout', severity: 'info', file: 'scripts/slow.js', tool: 'node' })]);
      expect(r.ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
