// Fuzz: validateSkillMd never throws under either profile, whatever the
// options; its result is consistent (valid ⇔ no errors, errors are errors and
// warnings are warnings, diagnostics well-formed) and deterministic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSkill } from '../../src/core/skillmd/compile.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { validateSkillMd, type ValidateOptions } from '../../src/core/skillmd/validate/validate.js';
import { anyString, applyEdits, diagnosticProblems, editsArb, fileLines, FUZZ_TIMEOUT, fuzzParams, isDeepStrictEqual, tokenText } from '../helpers/fuzz.js';
import { skillSpecArbitrary } from '../helpers/skill-spec-arbitrary.js';
import { SKILLMD_TOKENS, skillMdDocument } from '../helpers/skillmd-arbitrary.js';
import { fixtureSkills } from '../helpers/skill-corpus.js';

const SCRIPT_LINE = fc.constantFrom(
  '#!/usr/bin/env bash',
  '#!/usr/bin/env python3',
  '#!/bin/sh',
  'set -euo pipefail',
  'INPUT="${1:-}"',
  'echo "$INPUT" | jq -r .q',
  'curl -s "$URL"',
  'rm -rf /tmp/x',
  'import json, sys',
  'print(json.dumps({"ok": True}))',
  'my_func() {',
  '}',
  'exit 1',
  '',
  '\r',
  'echo "${API_KEY}"',
  'python3 -c "print(1)"',
);
const scriptName = fc.oneof(
  fc.constantFrom('a.sh', 'a.py', 'a.js', 'x.bash', 'scripts/b.sh', 'weather-now.sh', 'tool.rb', '../evil.sh', '.env', 'a b.sh', '', 'A.SH', 'c\\d.sh'),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,8}\.(sh|py|js|txt)$/),
);
const script = fc.oneof(
  fc.array(SCRIPT_LINE, { maxLength: 8 }).map((ls) => ls.join('\n')),
  anyString(60),
);
const nameArb = fc.oneof(fc.constantFrom('weather', 'a', 'x', 'My Skill', '', 'tavily-search'), fc.string({ maxLength: 10 }));

const optionsArb: fc.Arbitrary<ValidateOptions> = fc.record(
  {
    profile: fc.constantFrom('forge' as const, 'agentskills' as const),
    scripts: fc.dictionary(scriptName, script, { maxKeys: 3 }),
    dirName: nameArb,
    existingNames: fc.array(nameArb, { maxLength: 3 }),
    editingName: nameArb,
    mode: fc.constantFrom('create' as const, 'edit' as const),
    previous: fc.oneof(skillMdDocument, anyString(40)),
  },
  { requiredKeys: [] },
);

function check(text: string, options: ValidateOptions): void {
  for (const profile of ['forge', 'agentskills'] as const) {
    const opts = { ...options, profile };
    let r: ReturnType<typeof validateSkillMd>;
    try {
      r = validateSkillMd(text, opts);
    } catch (e) {
      throw new Error(`validateSkillMd threw under the ${profile} profile: ${e instanceof Error ? e.stack : String(e)}`, { cause: e });
    }
    expect(r.valid).toBe(r.errors.length === 0);
    expect(r.errors.every((d) => d.severity === 'error')).toBe(true);
    expect(r.warnings.every((d) => d.severity === 'warning')).toBe(true);
    expect(diagnosticProblems([...r.errors, ...r.warnings], fileLines(text).length)).toEqual([]);
    // Deterministic, and the same when the caller passes the parse it already has.
    expect(isDeepStrictEqual(validateSkillMd(text, opts), r)).toBe(true);
    expect(isDeepStrictEqual(validateSkillMd(text, { ...opts, parsed: parseSkillMd(text) }), r)).toBe(true);
  }
}

describe('validateSkillMd (fuzz)', () => {
  it('random strings, random options', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(anyString(300), optionsArb, check), fuzzParams(150));
  });

  it('strings built from Markdown and YAML pieces', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(tokenText(SKILLMD_TOKENS, 80), optionsArb, check), fuzzParams(150));
  });

  const corpus = fixtureSkills().map((s) => s.text);
  it('random edits of the fixture skills, with scripts and edit-mode options', { timeout: FUZZ_TIMEOUT }, () => {
    const arb = fc.record({
      file: fc.nat({ max: corpus.length - 1 }),
      edits: fc.option(editsArb(SKILLMD_TOKENS, 6)),
      options: optionsArb,
      previous: fc.nat({ max: corpus.length - 1 }),
    });
    fc.assert(
      fc.property(arb, ({ file, edits, options, previous }) => {
        const text = edits ? applyEdits(corpus[file]!, edits) : corpus[file]!;
        check(text, { ...options, previous: corpus[previous]! });
      }),
      fuzzParams(100),
    );
  });

  it('generated documents', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(fc.property(skillMdDocument, optionsArb, check), fuzzParams(150));
  });

  it('compiled specs', { timeout: FUZZ_TIMEOUT }, () => {
    fc.assert(
      fc.property(skillSpecArbitrary(), optionsArb, (spec, options) => check(compileSkill(spec), options)),
      fuzzParams(60),
    );
  });
});
