// validateSkillMd, agentskills profile: the open Agent Skills frontmatter rules
// (name 1–64, lowercase letters/digits/hyphens, no edge or doubled hyphen,
// equal to the folder after NFKC; description 1–1024; compatibility ≤ 500;
// only name, description, license, allowed-tools, metadata, compatibility).
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../src/core/diagnostics.js';
import { validateSkillMd, type ValidateOptions } from '../../../../src/core/skillmd/validate/validate.js';

const base = { name: 'pdf-processing', description: 'Extract text and tables from PDF files. Use when the user mentions PDFs.' };

function md(fields: Record<string, string>, body = '# PDF\n\nSteps.\n'): string {
  return `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n${body}`;
}
function diags(text: string, options: ValidateOptions = {}): Diagnostic[] {
  const r = validateSkillMd(text, { profile: 'agentskills', ...options });
  return [...r.errors, ...r.warnings];
}
function codes(text: string, options: ValidateOptions = {}): string[] {
  return diags(text, options).map((d) => d.code);
}
const withName = (name: string) => md({ ...base, name: JSON.stringify(name) });

describe('validateSkillMd (agentskills)', () => {
  it('accepts a spec-conformant skill with every allowed field', () => {
    const text = md({ ...base, license: 'Apache-2.0', compatibility: 'Requires python3', 'allowed-tools': 'Bash Read' }) + '';
    const full = text.replace('---\n#', 'metadata:\n  author: example-org\n  version: "1.0"\n---\n#');
    expect(validateSkillMd(full, { profile: 'agentskills', dirName: 'pdf-processing' })).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('does not apply forge rules (no tools, no trigger, no scripts needed)', () => {
    expect(codes(md({ name: 'notes', description: 'Notes.' }))).toEqual([]);
  });

  it('name-missing', () => {
    expect(codes(md({ description: base.description }))).toEqual(['name-missing']);
  });

  it('name-too-long: more than 64 characters, counted as code points', () => {
    expect(codes(withName('a'.repeat(65)))).toEqual(['name-too-long']);
    expect(codes(withName('a'.repeat(64)))).toEqual([]);
    expect(codes(withName('é'.repeat(64)))).toEqual([]);
  });

  it('name-uppercase', () => {
    const d = diags(withName('PDF-Processing'));
    expect(d.map((x) => x.code)).toEqual(['name-uppercase']);
    expect(d[0]!.message).toContain('pdf-processing');
    expect(d[0]!.line).toBe(2);
  });

  it('name-invalid-chars: spaces, underscores, punctuation', () => {
    for (const bad of ['pdf_processing', 'pdf processing', 'pdf.processing', 'pdf/processing'])
      expect(codes(withName(bad)), bad).toEqual(['name-invalid-chars']);
  });

  it('allows Unicode lowercase letters and digits', () => {
    for (const good of ['données-météo', '日本語-ツール', 'v2-tool', 'straße']) expect(codes(withName(good)), good).toEqual([]);
  });

  it('name-hyphen-edge: leading or trailing hyphen', () => {
    expect(codes(withName('-pdf'))).toEqual(['name-hyphen-edge']);
    expect(codes(withName('pdf-'))).toEqual(['name-hyphen-edge']);
  });

  it('name-double-hyphen', () => {
    expect(codes(withName('pdf--processing'))).toEqual(['name-double-hyphen']);
  });

  it('name-dir-mismatch: must equal dirName', () => {
    expect(codes(md(base), { dirName: 'pdf-tools' })).toEqual(['name-dir-mismatch']);
    expect(codes(md(base), { dirName: 'pdf-processing' })).toEqual([]);
  });

  it('name-dir-mismatch compares NFKC-normalised forms', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(codes(withName(composed), { dirName: decomposed })).toEqual([]);
    expect(codes(withName(decomposed), { dirName: composed })).toEqual([]);
    expect(codes(withName(composed), { dirName: 'cafe' })).toEqual(['name-dir-mismatch']);
  });

  it('description-missing: absent or empty', () => {
    expect(codes(md({ name: base.name }))).toEqual(['description-missing']);
    expect(codes(md({ ...base, description: '""' }))).toEqual(['description-missing']);
  });

  it('description-too-long: over 1024 characters', () => {
    expect(codes(md({ ...base, description: 'x'.repeat(1025) }))).toEqual(['description-too-long']);
    expect(codes(md({ ...base, description: 'x'.repeat(1024) }))).toEqual([]);
  });

  it('description-invalid: not text', () => {
    expect(codes(md({ ...base, description: '[a, b]' }))).toEqual(['description-invalid']);
  });

  it('compatibility-too-long: over 500 characters', () => {
    expect(codes(md({ ...base, compatibility: 'y'.repeat(501) }))).toEqual(['compatibility-too-long']);
    expect(codes(md({ ...base, compatibility: 'y'.repeat(500) }))).toEqual([]);
  });

  it('compatibility-invalid: empty or not text', () => {
    expect(codes(md({ ...base, compatibility: '""' }))).toEqual(['compatibility-invalid']);
    expect(codes(md({ ...base, compatibility: '[a]' }))).toEqual(['compatibility-invalid']);
  });

  it('metadata-invalid: metadata that is not a mapping', () => {
    expect(codes(md({ ...base, metadata: 'author' }))).toEqual(['metadata-invalid']);
  });

  it('field-unknown: each top-level key outside the spec, at its line', () => {
    const d = diags(md({ ...base, icon: '🔧', category: 'ops' }));
    expect(d.map((x) => [x.code, x.field, x.line])).toEqual([
      ['field-unknown', 'icon', 4],
      ['field-unknown', 'category', 5],
    ]);
  });

  it('reports missing frontmatter and YAML errors like the forge profile', () => {
    expect(codes('# Just a body\n')).toEqual(['frontmatter-missing']);
    expect(codes('---\nname: [x\n---\n')[0]).toBe('yaml-syntax');
    expect(codes('')).toEqual(['content-empty']);
  });

  it('leaves out Forge-only parser findings about metadata.forge', () => {
    const text = md(base).replace('---\n#', 'metadata:\n  forge:\n    runtime: teleport\n    requires:\n      bins: 3\n---\n#');
    expect(codes(text)).toEqual([]);
    expect(validateSkillMd(text).errors.length).toBeGreaterThan(0);
  });
});
