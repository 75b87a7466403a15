// parseEnvelope: the table of replies (test/helpers/envelope-cases.ts), a
// property test that it never throws, and the pieces it is built from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../../src/core/envelope/parse.js';
import { objectCandidates, scanObject, type JsonSpan } from '../../../src/core/json/scan.js';
import { completeValue, readPartialJson } from '../../../src/core/json/partial.js';
import { blockRole, extractLegacyFences, findFencedBlocks } from '../../../src/core/envelope/legacy-fences.js';
import { ENVELOPE_TOKENS } from '../../helpers/envelope-arbitrary.js';
import { ENVELOPE_CASES, MINIMAL_SPEC, type EnvelopeCase } from '../../helpers/envelope-cases.js';
import { applyEdits, editsArb, tokenText } from '../../helpers/fuzz.js';

function check(c: EnvelopeCase): void {
  const r = parseEnvelope(c.text);
  const e = c.expect;
  expect(r.structured, 'structured').toBe(e.structured);
  expect(r.truncated, 'truncated').toBe(e.truncated);
  if (e.message !== undefined) expect(r.message).toBe(e.message);
  for (const s of e.messageIncludes ?? []) expect(r.message).toContain(s);
  for (const s of e.messageExcludes ?? []) expect(r.message).not.toContain(s);
  if (e.skill === null) expect(r.skill).toBeNull();
  if (e.skillMd !== undefined) expect(r.skill?.skillMd).toBe(e.skillMd);
  for (const s of e.skillMdIncludes ?? []) expect(r.skill?.skillMd).toContain(s);
  if (e.scripts !== undefined) expect(r.skill?.scripts).toEqual(e.scripts);
  if (e.hasSpec !== undefined) expect(r.skill?.spec !== undefined).toBe(e.hasSpec);
  const codes = r.diagnostics.map((d) => d.code);
  for (const code of e.diagnostics ?? []) expect(codes).toContain(code);
}

describe('parseEnvelope', () => {
  it('a reply cut off inside skill.files keeps the files that arrived whole and says which was lost', () => {
    const md = '---\nname: a\ndescription: d\n---\n# A\n';
    const text = `{"message":"ok","skill":{"skill_md":${JSON.stringify(md)},"scripts":{},"files":{"references/a.md":"# A\\n","references/b.md":"# B is cut of`;
    const r = parseEnvelope(text);
    expect(r.truncated).toBe(true);
    expect(r.skill?.files).toEqual({ 'references/a.md': '# A\n' });
    expect(r.diagnostics.find((d) => d.code === 'envelope-truncated')?.message).toMatch(/kept SKILL\.md, references\/a\.md; lost references\/b\.md/);
  });

  it('has a table of at least 40 cases', () => {
    expect(ENVELOPE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ENVELOPE_CASES.map((c) => c.name)).size).toBe(ENVELOPE_CASES.length);
  });

  it.each(ENVELOPE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));

  it('never shows raw JSON as the message of a cut-off reply', () => {
    // SPEC §5: output cut off at the token limit → truncated: true, the user is told.
    const full = JSON.stringify({ message: 'Short.', skill: { skill_md: '---\nname: a\n---\n', scripts: { 'a.sh': 'echo 1' } } });
    for (let cut = 1; cut < full.length; cut++) {
      const r = parseEnvelope(full.slice(0, cut));
      expect(r.message).not.toMatch(/"skill"|"skill_md"|"scripts"|^\{/);
      if (r.skill) expect(r.skill.skillMd).toBe('---\nname: a\n---\n');
    }
  });

  it('keeps the spec it compiled on the draft', () => {
    const r = parseEnvelope(JSON.stringify({ message: 'm', skill: { spec: MINIMAL_SPEC, scripts: {} } }));
    expect(r.skill?.spec).toMatchObject({ name: 'weather-report', tools: [{ name: 'weather_now' }] });
  });

  it('names the dropped script and why in the diagnostic', () => {
    const r = parseEnvelope(JSON.stringify({ message: 'm', skill: { skill_md: '---\nname: a\n---\n', scripts: { '../../etc/passwd': 'x' } } }));
    const d = r.diagnostics.find((x) => x.code === 'script-name-unsafe');
    expect(d?.field).toBe('scripts/../../etc/passwd');
    expect(d?.message).toMatch(/dropped/);
    expect(r.skill?.scripts).toEqual({});
  });

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const r = parseEnvelope(s);
        expect(typeof r.message).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on random JSON-ish text', () => {
    fc.assert(
      fc.property(tokenText(ENVELOPE_TOKENS, 80), (text) => {
        parseEnvelope(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on mutations of valid envelopes', () => {
    const valid = ENVELOPE_CASES.filter((c) => c.expect.structured && !c.expect.truncated).map((c) => c.text);
    const mutation = fc.record({ index: fc.nat({ max: valid.length - 1 }), edits: editsArb(ENVELOPE_TOKENS, 5) });
    fc.assert(
      fc.property(mutation, ({ index, edits }) => {
        const r = parseEnvelope(applyEdits(valid[index]!, edits));
        expect(typeof r.message).toBe('string');
        if (r.skill) for (const name of Object.keys(r.skill.scripts)) expect(name).not.toMatch(/[/\\]|^\.|\.\./);
      }),
      { numRuns: 1500 },
    );
  });

  it('stays fast on pathological brace runs', () => {
    // Bounded work (json-scan budget): 20k unbalanced braces must not go quadratic.
    const r = parseEnvelope('{'.repeat(20_000));
    expect(r.skill).toBeNull();
  });
});

/** Every candidate objectCandidates yields when none is used (`next(false)` after each). */
function unusedCandidates(text: string): JsonSpan[] {
  const spans: JsonSpan[] = [];
  const it = objectCandidates(text);
  for (let step = it.next(); !step.done; step = it.next(false)) spans.push(step.value);
  return spans;
}

describe('json-scan', () => {
  it('skips braces inside strings', () => {
    const text = '{"a": "}{", "b": {"c": "\\"}"}} tail';
    expect(scanObject(text, 0).end).toBe(text.indexOf(' tail'));
  });

  it('reports a candidate that runs off the end', () => {
    const spans = [...objectCandidates('x {"a": "never closed')];
    expect(spans).toEqual([{ start: 2, end: 21, complete: false }]);
  });

  it('retries nested objects of a candidate that was not used', () => {
    const text = '{ stray {"inner": 1} ';
    const it = objectCandidates(text);
    const first = it.next(); // the stray, unbalanced one
    expect(first.value).toMatchObject({ start: 0, complete: false });
    const second = it.next(false);
    expect(second.value).toMatchObject({ start: 8, end: 20, complete: true });
  });

  it('after a candidate that ran off the end, tries each {" its scan took for string content', () => {
    // A stray quote in prose puts the scan out of step: the envelope's own `{"` reads as string content.
    const text = 'Type {" to start.\n{"message": "m", "skill": null}';
    expect(unusedCandidates(text).map((s) => s.start)).toEqual([5, text.indexOf('{"message"')]);
  });

  it('reads the text after a candidate from its end even when a retried opening runs past it', () => {
    const text = '{"{"}{"message": "m", "skill": null}';
    expect(unusedCandidates(text).map((s) => [s.start, s.complete])).toEqual([
      [0, true],
      [2, false],
      [5, true],
    ]);
  });

  it('does not look inside the strings of a candidate it could not use', () => {
    const text = '{"message": "x", "skill": {"skill_md": "example {\\"message\\": \\"y\\", \\"skill\\": null}';
    expect(unusedCandidates(text).map((s) => s.start)).toEqual([0, text.indexOf('{"skill_md"')]);
  });
});

describe('json-partial', () => {
  it('marks what was complete', () => {
    const node = readPartialJson('{"a": "done", "b": [1, 2], "c": "hal');
    expect(node?.kind).toBe('object');
    if (node?.kind !== 'object') return;
    expect(node.done).toBe(false);
    expect(node.entries.map(([k, v]) => [k, v.done])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    expect(completeValue(node.entries[1]![1])).toEqual([1, 2]);
    expect(completeValue(node)).toBeUndefined();
  });

  it('decodes escapes and keeps raw control characters', () => {
    const node = readPartialJson('"a\\n\\u00e9\tb"');
    expect(node).toEqual({ kind: 'string', value: 'a\né\tb', done: true });
  });

  it('treats a number at the very end as unfinished', () => {
    expect(readPartialJson('[12')).toMatchObject({ kind: 'array', items: [{ kind: 'literal', value: 12, done: false }] });
  });
});

describe('legacy fences', () => {
  it('follows the CommonMark closing rule: shorter inner fences are content', () => {
    const blocks = findFencedBlocks('````md\n```\ninner\n```\n````\n');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.content).toBe('```\ninner\n```');
  });

  it('a closing fence may be longer than the opener but not shorter', () => {
    expect(findFencedBlocks('```\na\n`````\nafter')[0]!.content).toBe('a');
    expect(findFencedBlocks('````\na\n```\nb\n````')[0]!.content).toBe('a\n```\nb');
  });

  it('tilde fences are closed only by tildes', () => {
    expect(findFencedBlocks('~~~skill.md\na\n```\nb\n~~~')[0]!.content).toBe('a\n```\nb');
  });

  it('reads the labels', () => {
    expect(blockRole('skill.md')).toEqual({ kind: 'skill' });
    expect(blockRole('SKILL')).toEqual({ kind: 'skill' });
    expect(blockRole('script: my-tool.sh')).toEqual({ kind: 'script', name: 'my-tool.sh' });
    expect(blockRole('script:"q.py"')).toEqual({ kind: 'script', name: 'q.py' });
    expect(blockRole('json')).toEqual({ kind: 'other' });
    expect(blockRole('')).toEqual({ kind: 'other' });
  });

  it('removes only the extracted blocks from the message', () => {
    const text = 'Run it like this:\n```bash\n./x.sh\n```\n````skill.md\n---\nname: a\n---\n````\nBye.';
    const r = extractLegacyFences(text);
    expect(r?.message).toBe('Run it like this:\n```bash\n./x.sh\n```\nBye.');
  });
});
