// Fuzz: the compiler and decompiler. For generated specs,
// decompileSkill(compileSkill(s)) deep-equals SkillSpecSchema.parse(s); for
// generated and edited SKILL.md files, one decompile/compile pass keeps every
// heading outside tool sections and every tool name and reaches a fixed point; bad input only ever
// raises SkillValidationError (the safe* forms never throw).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SkillValidationError } from '../../src/core/errors.js';
import { compileSkill, safeCompileSkill } from '../../src/core/skillmd/compile.js';
import { decompileSkill, safeDecompileSkill } from '../../src/core/skillmd/decompile.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { SkillSpecSchema } from '../../src/core/skillmd/spec-schema.js';
import { applyEdits, editsArb, FUZZ_TIMEOUT, fuzzParams } from '../helpers/fuzz.js';
import { skillSpecArbitrary } from '../helpers/skill-spec-arbitrary.js';
import { renderSkillMd, SKILLMD_TOKENS, skillMdParts } from '../helpers/skillmd-arbitrary.js';
import { fixtureSkills } from '../helpers/skill-corpus.js';

/** Decompiles, or returns null when the input is refused with SkillValidationError (anything else fails the test). */
function tryDecompile(md: string): ReturnType<typeof decompileSkill> | null {
  const safe = safeDecompileSkill(md);
  try {
    const spec = decompileSkill(md);
    expect(safe).toEqual({ ok: true, spec });
    return spec;
  } catch (e) {
    if (!(e instanceof SkillValidationError)) throw e;
    expect(safe.ok).toBe(false);
    return null;
  }
}

/**
 * Headings (level and title) and tool names, the parts one pass must keep. A
 * tool heading counts by its place and the tool's name: the compiler writes
 * it in its own spelling (`## TOOL: x ##` → `## Tool: x`).
 */
function outline(md: string): { sections: string[]; tools: string[] } {
  const p = parseSkillMd(md);
  // Headings inside a tool section become bold labels (Forge's runtime would end the tool there).
  let inTool = false;
  const sections = p.sections.filter((s) => {
    if (s.level <= 2) inTool = /^tool:/i.test(s.title) && s.level === 2;
    return s.level <= 2 || !inTool;
  });
  return {
    sections: sections.map((s) => (s.level === 2 && /^tool:/i.test(s.title) ? '2 Tool:' : `${s.level} ${s.title}`)),
    tools: p.tools.map((t) => t.name),
  };
}

/** One pass keeps the outline and reaches a fixed point. */
function checkFixedPoint(md: string): void {
  const spec = tryDecompile(md);
  if (spec === null) return;
  const once = compileSkill(spec);
  expect(outline(once)).toEqual(outline(md));
  // The first pass may normalise (close a fence left open, trim blank lines); after it nothing changes.
  expect(compileSkill(decompileSkill(once))).toBe(once);
}

const VALID_FRONTMATTER = fc.constantFrom(
  'name: x\ndescription: d',
  'name: weather\ndescription: "When the user asks: weather"\ntags: [a, b]',
  'name: x\ndescription: d\nmetadata:\n  forge:\n    requires:\n      bins: [jq]',
);

describe('compileSkill / decompileSkill (fuzz)', () => {
  it('decompileSkill(compileSkill(spec)) deep-equals SkillSpecSchema.parse(spec) for generated specs', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(
      fc.property(skillSpecArbitrary(), (spec) => {
        const md = compileSkill(spec);
        expect(decompileSkill(md)).toEqual(SkillSpecSchema.parse(spec));
        // Deterministic.
        expect(compileSkill(spec)).toBe(md);
      }),
      fuzzParams(150),
    );
  });

  it('one pass over a generated SKILL.md keeps headings and tools and is a fixed point', { timeout: FUZZ_TIMEOUT }, () => {
    const doc = fc.tuple(skillMdParts, VALID_FRONTMATTER).map(([p, fm]) => renderSkillMd({ ...p, frontmatter: fm, closed: true }));
    fc.assert(fc.property(doc, checkFixedPoint), fuzzParams(300));
  });

  it('one pass over a generated SKILL.md with any frontmatter refuses only with SkillValidationError', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(skillMdParts.map(renderSkillMd), checkFixedPoint), fuzzParams(200));
  });

  const corpus = fixtureSkills().map((s) => s.text);
  it('edited fixture skills and edited compiled specs: a fixed point after one pass', { timeout: FUZZ_TIMEOUT }, () => {
    const source = fc.oneof(
      fc.nat({ max: corpus.length - 1 }).map((i) => corpus[i]!),
      skillSpecArbitrary().map((s) => compileSkill(s)),
    );
    fc.assert(
      fc.property(source, editsArb(SKILLMD_TOKENS, 4), (md, edits) => {
        // Edit the body only, so most inputs still have a readable frontmatter.
        const cut = md.indexOf('\n---\n') + 5;
        checkFixedPoint(md.slice(0, cut) + applyEdits(md.slice(cut), edits));
      }),
      fuzzParams(150),
    );
  });

  it('a spec with random wrong fields is refused only with SkillValidationError; safeCompileSkill never throws', { timeout: FUZZ_TIMEOUT }, () => {
    const junk = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 2 }),
      fc.constant(undefined),
    );
    const arb = fc.record({ spec: skillSpecArbitrary(), path: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), value: junk });
    fc.assert(
      fc.property(arb, ({ spec, path, value }) => {
        const broken = structuredClone(spec) as unknown;
        setSomewhere(broken, path, value);
        const safe = safeCompileSkill(broken);
        try {
          const md = compileSkill(broken);
          expect(safe.ok && safe.skillMd).toBe(md);
        } catch (e) {
          if (!(e instanceof SkillValidationError)) throw e;
          expect(safe.ok).toBe(false);
          expect(e.validation.errors.length).toBeGreaterThan(0);
        }
      }),
      fuzzParams(200),
    );
  });
});

/** Replaces one value found by walking `path` (indexes into each level's keys) with `value`. */
function setSomewhere(root: unknown, path: readonly number[], value: unknown): void {
  let node = root;
  for (let d = 0; d < path.length; d++) {
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length === 0) return;
    const key = keys[path[d]! % keys.length]!;
    const child = (node as Record<string, unknown>)[key];
    if (d === path.length - 1 || child === null || typeof child !== 'object') {
      (node as Record<string, unknown>)[key] = value;
      return;
    }
    node = child;
  }
}
