// mergeSkillDraft: the one rule the element and the CLI chat apply to a
// `skill_draft` event (SKILL.md and scripts replaced, files merged, the rest kept).
import { describe, expect, it } from 'vitest';
import { mergeSkillDraft } from '../../../src/core/envelope/merge-draft.js';

const binary = { path: 'assets/logo.png', size: 3, sha256: 'ab'.repeat(32) };

describe('mergeSkillDraft', () => {
  it('replaces SKILL.md and scripts, merges files over the current ones and keeps binaries', () => {
    const current = { skillMd: 'old', scripts: { 'a.sh': 'a' }, files: { 'references/x.md': 'x', 'references/y.md': 'y' }, binaries: [binary] };
    const next = mergeSkillDraft(current, { skillMd: 'new', scripts: { 'b.sh': 'b' }, files: { 'references/y.md': 'y2' } });
    expect(next).toEqual({ skillMd: 'new', scripts: { 'b.sh': 'b' }, files: { 'references/x.md': 'x', 'references/y.md': 'y2' }, binaries: [binary] });
    // The current draft is not changed in place.
    expect(current.files['references/y.md']).toBe('y');
  });

  it('keeps the current files when the event lists none, and starts a draft from nothing', () => {
    expect(mergeSkillDraft({ skillMd: 'a', scripts: {}, files: { 'references/x.md': 'x' } }, { skillMd: 'b', scripts: {} }).files).toEqual({
      'references/x.md': 'x',
    });
    expect(mergeSkillDraft(undefined, { skillMd: 'b', scripts: {}, files: { 'references/z.md': 'z' } })).toEqual({
      skillMd: 'b',
      scripts: {},
      files: { 'references/z.md': 'z' },
    });
    expect(mergeSkillDraft(undefined, { skillMd: 'b', scripts: {} })).toEqual({ skillMd: 'b', scripts: {} });
  });

  it('does not carry the model spec into the draft', () => {
    expect(mergeSkillDraft(undefined, { skillMd: 'b', scripts: {}, spec: { name: 'b' } })).not.toHaveProperty('spec');
  });
});
