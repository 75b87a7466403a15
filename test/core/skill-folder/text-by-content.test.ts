// Import like a user expects: any UTF-8 file of a skill folder is text —
// templates/, scripts/lib/, the top of the folder, not only references/ and
// assets/ — and binaries are told apart by content (a NUL byte or invalid
// UTF-8, read with a fatal decoder), never by the folder or the extension.
import { describe, expect, it } from 'vitest';
import { classifyFolderFile, draftFilePathProblem, toSkill } from '../../../src/core/skill-folder/to-draft.js';
import { SKILL_FOLDER_LIMITS } from '../../../src/core/skill-folder/limits.js';

const enc = (s: string) => new TextEncoder().encode(s);
const MD = '---\nname: report-kit\ndescription: Writes weekly reports. Use when the user asks for the weekly report.\n---\n\n# Report kit\n';

describe('classifyFolderFile: text by content, in any folder', () => {
  it.each(['templates/weekly.md.j2', 'scripts/lib/render.py', 'LICENSE.txt', 'examples/input.json', 'assets/notes.svg'])('%s holding UTF-8 is text', (path) => {
    expect(classifyFolderFile(path, enc('<svg>é — ✓</svg>\n'))).toEqual({ kind: 'text', text: '<svg>é — ✓</svg>\n' });
  });

  it('a NUL byte makes any file binary, even valid UTF-8 in references/', () => {
    expect(classifyFolderFile('references/guide.md', enc('# Guide\u0000\n'))).toEqual({ kind: 'binary' });
  });

  it('invalid UTF-8 (a lone continuation byte, a truncated sequence) is binary, whatever its name says', () => {
    expect(classifyFolderFile('templates/report.md', new Uint8Array([0x23, 0x20, 0x80, 0x0a]))).toEqual({ kind: 'binary' });
    expect(classifyFolderFile('references/a.txt', new Uint8Array([0x61, 0xe2, 0x82]))).toEqual({ kind: 'binary' });
  });

  it('a plain-named UTF-8 file directly in scripts/ stays a script; a text file over 1 MiB is kept as a binary', () => {
    expect(classifyFolderFile('scripts/run.sh', enc('echo hi\n'))).toEqual({ kind: 'script', name: 'run.sh', text: 'echo hi\n' });
    expect(classifyFolderFile('templates/big.txt', new Uint8Array(SKILL_FOLDER_LIMITS.maxTextFileBytes + 1).fill(0x61)).kind).toBe('binary');
  });
});

describe('toSkill: a public skill with templates and helper modules', () => {
  it('puts every UTF-8 file in files and only real binaries in binaries', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const skill = await toSkill([
      { path: 'SKILL.md', bytes: enc(MD) },
      { path: 'scripts/report.py', bytes: enc('import lib.render\n') },
      { path: 'scripts/lib/render.py', bytes: enc('def render(): pass\n') },
      { path: 'templates/weekly.md', bytes: enc('# Week {{n}}\n') },
      { path: 'templates/logo.png', bytes: png },
      { path: 'LICENSE.txt', bytes: enc('MIT\n') },
    ]);
    expect(skill.scripts).toEqual({ 'report.py': 'import lib.render\n' });
    expect(skill.files).toEqual({ 'LICENSE.txt': 'MIT\n', 'scripts/lib/render.py': 'def render(): pass\n', 'templates/weekly.md': '# Week {{n}}\n' });
    expect(skill.binaries.map((b) => b.path)).toEqual(['templates/logo.png']);
  });

  it('keeps text files past the 200th as binaries instead of refusing the skill', async () => {
    const many = Array.from({ length: SKILL_FOLDER_LIMITS.maxTextFiles + 2 }, (_, i) => ({
      path: `templates/t${String(i).padStart(3, '0')}.md`,
      bytes: enc(`# ${i}\n`),
    }));
    const skill = await toSkill([{ path: 'SKILL.md', bytes: enc(MD) }, ...many]);
    expect(Object.keys(skill.files)).toHaveLength(SKILL_FOLDER_LIMITS.maxTextFiles);
    expect(skill.binaries.map((b) => b.path)).toEqual(['templates/t200.md', 'templates/t201.md']);
  });
});

describe('draftFilePathProblem: any folder, never SKILL.md or a script', () => {
  it('accepts a text file in templates/, scripts/lib/ or at the top', () => {
    for (const p of ['templates/a.md', 'scripts/lib/x.py', 'LICENSE.txt']) expect(draftFilePathProblem(p)).toBeNull();
  });

  it('refuses SKILL.md, a script path and a hidden file, naming why', () => {
    expect(draftFilePathProblem('SKILL.md')).toMatch(/SKILL\.md is the skill itself/);
    expect(draftFilePathProblem('scripts/run.sh')).toMatch(/is a script; scripts go in scripts/);
    expect(draftFilePathProblem('templates/.env')).toMatch(/hidden/);
  });
});
