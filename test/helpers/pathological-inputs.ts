// Pathological inputs (issue 21: every parser runs in linear time) and the
// public parsers they are fed to. bench/redos.bench.ts times them at 64 KiB and
// 1 MiB; test/fuzz/pathological.test.ts checks every parser answers correctly
// on them (no timing there).

import { createEnvelopeStream } from '../../src/core/envelope/stream.js';
import { parseEnvelope } from '../../src/core/envelope/parse.js';
import { forgeRuntimeView } from '../../src/core/runtime-view/runtime-view.js';
import { decompileSkill } from '../../src/core/skillmd/decompile.js';
import { parseFrontmatterYaml, splitFrontmatter } from '../../src/core/skillmd/frontmatter.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { validateSkillMd } from '../../src/core/skillmd/validate/validate.js';
import { parseBlocks, type Block } from '../../src/elements/internal/markdown/blocks.js';
import { parseInline } from '../../src/elements/internal/markdown/inline.js';
import { parseEnvText } from '../../src/node/config/env-file.js';

/** A run of `unit` repeated to about `size` characters. */
const run = (unit: string, size: number): string => unit.repeat(Math.max(1, Math.floor(size / unit.length)));

/** Each payload at about `size` characters: long runs that once made a regex retry from every position. */
export const PAYLOADS: Record<string, (size: number) => string> = {
  spaces: (n) => `a${run(' ', n)}x`,
  hashes: (n) => `${run('#', n)}x`,
  backticks: (n) => `${run('`', n)}x`,
  pipes: (n) => `${run('|', n)}x`,
  stars: (n) => `${run('*', n)}x`,
  underscores: (n) => `${run('_', n)}x`,
  brackets: (n) => `${run('[', n)}x`,
  'nested brackets': (n) => `${run('[', n / 2)}${run('](', n / 2)}x`,
  'unclosed fence': (n) => `\`\`\`bash\n${run('echo `` # [x](y) **\n', n)}`,
  'tool heading + spaces': (n) => `## Tool: ${run(' ', n)}x`,
  '**Input:** + spaces': (n) => `**Input:**${run(' ', n)}x`,
  'table row of |': (n) => `| a | b |\n|---|---|\n${run('| x ', n)}|`,
  'many short headings': (n) => run('## Tool:          x\n', n),
  'curly quotes': (n) => `${run('“', n)}x`,
  'spaces then newline': (n) => `${run(' ', n)}\nx`,
  slashes: (n) => `https://example.com${run('/', n)}x`,
};

const FRONTMATTER = '---\nname: redos-bench\ndescription: When the user asks for "pathological input".\n---\n';

/** A parser of the bench: what it is called, and how one input reaches it. */
export interface BenchParser {
  name: string;
  /** The text it is given for a payload (a payload inside a SKILL.md, a `.env` line, …); several shapes per payload. */
  shapes: (payload: string) => string[];
  run: (text: string) => unknown;
}

const asSkill = (p: string): string[] => [FRONTMATTER + p, `${FRONTMATTER}# Title\n\n## Tool: t\n\n${p}\n`];

/** The chat Markdown renderer's parsing (blocks, then the inline tree of every text), without the DOM it builds. */
export function parseChatMarkdown(text: string): number {
  let count = 0;
  const visit = (b: Block): void => {
    count++;
    if (b.t === 'p' || b.t === 'h') count += parseInline(b.text).length;
    else if (b.t === 'quote') b.c.forEach(visit);
    else if (b.t === 'list') for (const it of b.items) it.c.forEach(visit);
    else if (b.t === 'table') for (const c of [...b.head, ...b.rows.flat()]) count += parseInline(c).length;
  };
  for (const s of parseBlocks(text)) visit(s.block);
  return count;
}

export const PARSERS: BenchParser[] = [
  { name: 'parseSkillMd', shapes: asSkill, run: (t) => parseSkillMd(t) },
  { name: 'validateSkillMd', shapes: asSkill, run: (t) => validateSkillMd(t) },
  { name: 'forgeRuntimeView', shapes: asSkill, run: (t) => forgeRuntimeView(t) },
  {
    name: 'decompileSkill',
    shapes: asSkill,
    run: (t) => {
      try {
        return decompileSkill(t);
      } catch (e) {
        return e; // an invalid SKILL.md is refused with a typed error: still a parse
      }
    },
  },
  {
    name: 'frontmatter (split + YAML)',
    shapes: (p) => [`---\nname: x\ndescription: ${p.replace(/\n/g, ' ')}\n---\nbody`, `---\n${p}\n---\n`],
    run: (t) => {
      const split = splitFrontmatter(t);
      return split.present ? parseFrontmatterYaml(split.yaml, split.yamlLine) : split;
    },
  },
  {
    name: 'parseEnvelope',
    shapes: (p) => [p, JSON.stringify({ message: p, skill: null }), `\`\`\`json\n{"message": ${JSON.stringify(p)}`],
    run: (t) => parseEnvelope(t),
  },
  {
    name: 'createEnvelopeStream (4 KiB chunks)',
    shapes: (p) => [p, JSON.stringify({ message: p, skill: { skill_md: p } })],
    run: (t) => {
      const s = createEnvelopeStream();
      for (let i = 0; i < t.length; i += 4096) s.push(t.slice(i, i + 4096));
      return s.end();
    },
  },
  { name: 'parseEnvText (.env)', shapes: (p) => [p, `KEY=${p.replace(/\n/g, ' ')}\n`, `export ${p.replace(/\n/g, ' ')}=1`], run: (t) => parseEnvText(t) },
  { name: 'chat Markdown (parseBlocks + parseInline)', shapes: (p) => [p, `Text ${p} end`], run: (t) => parseChatMarkdown(t) },
];
