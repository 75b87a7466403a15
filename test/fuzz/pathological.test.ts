// Issue 21: the pathological inputs of bench/redos.bench.ts (long runs of
// spaces, `#`, backticks, `|`, `*`, `_`, `[`, nested brackets, unclosed
// fences, `## Tool: ` + spaces + `x`, `**Input:**` + spaces, …) at 64 KiB, fed
// to every public parser. Each must answer, and answer right: with the old
// quadratic regexes `## Tool: ` + 64 KiB of spaces took about 15 s in one
// regex call, past the test timeout. No timing is asserted here (the bench
// measures the 1 MiB ÷ 64 KiB ratio); the timeout only keeps a hang from
// passing.
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../src/core/envelope/parse.js';
import { parseFrontmatterYaml } from '../../src/core/skillmd/frontmatter.js';
import { fenceOpening, headingOf } from '../../src/core/skillmd/markdown/lines.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { labelOf } from '../../src/core/skillmd/tool-section/labels.js';
import { stripCode } from '../../src/core/skillmd/tool-section/cells.js';
import { validateSkillMd } from '../../src/core/skillmd/validate/validate.js';
import { parseBlocks } from '../../src/elements/internal/markdown/blocks.js';
import { parseEnvText } from '../../src/node/config/env-file.js';
import { PARSERS, PAYLOADS } from '../helpers/pathological-inputs.js';

const SIZE = 64 * 1024;
const spaces = ' '.repeat(SIZE);
const FM = '---\nname: redos\ndescription: When the user asks for it.\n---\n';

describe('every public parser answers on pathological input (16 KiB; the checks below use 64 KiB)', () => {
  for (const parser of PARSERS) {
    it(
      parser.name,
      () => {
        for (const [name, make] of Object.entries(PAYLOADS)) {
          for (const text of parser.shapes(make(SIZE / 4))) expect(() => parser.run(text), name).not.toThrow();
        }
      },
      300_000,
    ); // generous: a shared machine; a quadratic parser takes hours here
  }
});

describe('the answers on pathological input are right', () => {
  it('`## Tool: ` + spaces + `x` is a level-2 heading and a tool named x', () => {
    expect(headingOf(`## Tool: ${spaces}x`)).toEqual({ level: 2, title: `Tool: ${spaces}x` });
    expect(headingOf(`## Tool: x${spaces}##${spaces}`)).toEqual({ level: 2, title: 'Tool: x' });
    expect(headingOf(`## Tool: x${spaces}\u2028`)).toBeNull();
    const parsed = parseSkillMd(`${FM}# T\n\n## Tool: ${spaces}x\n`);
    expect(parsed.tools.map((t) => t.name)).toEqual(['x']);
    expect(validateSkillMd(`${FM}# T\n\n## Tool: ${spaces}x\n`).errors.some((d) => d.code === 'parse-internal')).toBe(false);
  });

  it('`**Input:**` + spaces + `x` is an input label with `x` after it', () => {
    expect(labelOf(`**Input:**${spaces}x`)).toMatchObject({ kind: 'input', rest: 'x' });
  });

  it('a long run of backticks opens a fence of that length; as a code span it is kept as written', () => {
    const ticks = '`'.repeat(SIZE);
    expect(fenceOpening(`${ticks}x`)).toEqual({ char: '`', length: SIZE, info: 'x' });
    expect(stripCode(`${ticks}x`)).toBe(`${ticks}x`);
    expect(stripCode(`${ticks}x${ticks}`)).toBe('x');
  });

  it('the chat Markdown renderer reads the same heading and an unclosed fence', () => {
    const [h] = parseBlocks(`## Tool: ${spaces}x`);
    expect(h?.block).toEqual({ t: 'h', level: 2, text: `Tool: ${spaces}x` });
    const [code] = parseBlocks(`~~~${spaces}sh\n${'a\n'.repeat(1000)}`);
    expect(code?.block).toMatchObject({ t: 'code', lang: 'sh' });
  });

  it('frontmatter nested 1 MiB deep is refused with a diagnostic (the YAML parser ran out of memory and ended the process)', () => {
    const r = parseFrontmatterYaml(`${'['.repeat(1024 * 1024)}x`, 2);
    expect(r.data).toBeNull();
    expect(r.diagnostics[0]).toMatchObject({ code: 'yaml-syntax', line: 2 });
    expect(r.diagnostics[0]!.message).toContain('more than 1000 deep');
    expect(parseFrontmatterYaml('a: [[[1]]]\nb: {c: [2]}', 2).data).toEqual({ a: [[[1]]], b: { c: [2] } });
  });

  it('a .env value after a long run of spaces, and an envelope of spaces', () => {
    expect(parseEnvText(`KEY=${spaces}x\n`)).toEqual({ KEY: 'x' });
    expect(parseEnvText(`KEY=x${spaces}# note\n`)).toEqual({ KEY: 'x' });
    expect(parseEnvelope(`${spaces}x`).message).toBe('x');
  });
});
