// Fuzz: parseSkillMd never throws (nor hides a crash as `parse-internal`),
// its diagnostics are well-formed with lines inside the file, every section
// points at its heading line, and the tools are exactly the `## Tool:`
// sections — on random text, mutated fixture skills and generated documents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headingOf } from '../../src/core/skillmd/markdown/lines.js';
import { compileSkill } from '../../src/core/skillmd/compile.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { anyString, applyEdits, diagnosticProblems, editsArb, fileLines, FUZZ_TIMEOUT, fuzzParams, isDeepStrictEqual, tokenText } from '../helpers/fuzz.js';
import { skillSpecArbitrary } from '../helpers/skill-spec-arbitrary.js';
import { SKILLMD_TOKENS, skillMdDocument } from '../helpers/skillmd-arbitrary.js';
import { fixtureSkills } from '../helpers/skill-corpus.js';

function check(text: string): void {
  let p: ReturnType<typeof parseSkillMd>;
  try {
    p = parseSkillMd(text);
  } catch (e) {
    throw new Error(`parseSkillMd threw: ${String(e)}`, { cause: e });
  }
  // A crash caught inside the parser is still a bug.
  expect(p.diagnostics.filter((d) => d.code === 'parse-internal')).toEqual([]);
  const lines = fileLines(text);
  expect(diagnosticProblems(p.diagnostics, lines.length)).toEqual([]);

  // Sections: in order, each on the file line of its heading.
  let prev = 0;
  for (const s of p.sections) {
    expect(s.line).toBeGreaterThan(prev);
    expect(s.line).toBeLessThanOrEqual(lines.length);
    prev = s.line;
    const h = headingOf(lines[s.line - 1]!);
    expect(h, `line ${s.line} is a heading`).not.toBeNull();
    expect({ level: h!.level, title: h!.title }).toEqual({ level: s.level, title: s.title });
  }
  // Tools ⊆ headings, and every level-2 "Tool:" heading is a tool, in order.
  const toolSections = p.sections.filter((s) => s.level === 2 && /^tool:/i.test(s.title));
  expect(p.tools.map((t) => t.line)).toEqual(toolSections.map((s) => s.line));
  p.tools.forEach((t, i) => {
    expect(typeof t.name).toBe('string');
    expect(toolSections[i]!.title).toContain(t.name);
  });
  if (p.legacyNames.length > 0) expect(p.tools).toEqual([]);

  // The body is the end of the (normalised) file and starts at bodyLine.
  const normalised = lines.join('\n');
  expect(normalised.endsWith(p.body)).toBe(true);
  expect(p.bodyLine >= 1 && p.bodyLine <= lines.length).toBe(true);
  if (p.body !== '') expect(p.bodyLine + p.body.split('\n').length - 1).toBe(lines.length);
  for (const line of Object.values(p.frontmatterLines)) {
    expect(Number.isInteger(line) && line >= 1 && line <= lines.length).toBe(true);
  }
  // Deterministic.
  expect(isDeepStrictEqual(parseSkillMd(text), p)).toBe(true);
}

describe('parseSkillMd (fuzz)', () => {
  it('random strings', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(anyString(400), check), fuzzParams(300));
  });

  it('strings built from Markdown and YAML pieces', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(tokenText(SKILLMD_TOKENS, 80), check), fuzzParams(300));
  });

  const corpus = fixtureSkills().map((s) => s.text);
  it('random edits of the fixture skills', { timeout: FUZZ_TIMEOUT }, () => {
    expect(corpus.length).toBeGreaterThan(0);
    const arb = fc.record({ file: fc.nat({ max: corpus.length - 1 }), edits: editsArb(SKILLMD_TOKENS, 8) });
    fc.assert(
      fc.property(arb, ({ file, edits }) => check(applyEdits(corpus[file]!, edits))),
      fuzzParams(150),
    );
  });

  it('generated documents (frontmatter right, wrong or broken; typical body lines; CRLF, BOM)', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(skillMdDocument, check), fuzzParams(300));
  });

  it('compiled specs, whole and edited', { timeout: FUZZ_TIMEOUT }, () => {
    const arb = fc.record({ spec: skillSpecArbitrary(), edits: fc.option(editsArb(SKILLMD_TOKENS, 4)) });
    fc.assert(
      fc.property(arb, ({ spec, edits }) => {
        const md = compileSkill(spec);
        check(edits ? applyEdits(md, edits) : md);
      }),
      fuzzParams(100),
    );
  });
});
