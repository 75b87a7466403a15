// fast-check arbitraries of model replies for the envelope fuzz tests: a valid
// `{message, skill}` envelope written the many ways models write JSON (key
// order, indentation, `\uXXXX` escapes for any character, surrogate pairs
// included), optionally inside a ```json fence and between prose, together
// with what parseEnvelope must read from it.

import fc from 'fast-check';
import { compileSkill } from '../../src/core/skillmd/compile.js';
import { anyString } from './fuzz.js';
import { MINIMAL_SPEC } from './envelope-cases.js';

/** Pieces of JSON and fences that random characters rarely form. */
export const ENVELOPE_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  ':',
  ',',
  "'",
  ' ',
  '\n',
  '\r\n',
  '\t',
  '\uFEFF',
  'null',
  'true',
  '1e5',
  '-0',
  '"message"',
  '"skill"',
  '"skill_md"',
  '"spec"',
  '"scripts"',
  '"message": "X", ',
  '{"message": "Y"}',
  '{"message": "Z", "skill": null}',
  '"skill": {"skill_md": "---\\nname: t\\n---\\n", "scripts": {}}',
  '\\u00',
  '\\u00e9',
  '\\ud83d',
  '\\ude00',
  '\\ud83d\\ude00',
  '\\"',
  '\\\\',
  '\\n',
  '😀',
  '\ud83d',
  '\ude00',
  '```',
  '```json\n',
  '\n```\n',
  '```skill.md\n',
  '````',
  '~~~json\n',
  '---\nname: x\n---\n',
  'script: a.sh\n',
];

export interface EnvelopeDraftExpect {
  skillMd: string;
  scripts: Record<string, string>;
}

export interface GeneratedReply {
  /** The whole reply text. */
  text: string;
  /** The envelope alone, as written. */
  json: string;
  message: string;
  skill: EnvelopeDraftExpect | null;
  /** The envelope opens the reply (or a ```json fence that does), message first or after skill: a stream shows all of the message. */
  opensReply: boolean;
}

/** Writes a JSON string, escaping the characters `escape` picks as `\uXXXX` (per UTF-16 unit, so pairs become two escapes). */
export function jsonString(s: string, escape: (index: number) => boolean): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (escape(i) || (c >= 0xd800 && c <= 0xdfff && !isPaired(s, i))) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c < 0x20) out += ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function isPaired(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = s.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff;
  }
  const b = s.charCodeAt(i - 1);
  return b >= 0xd800 && b <= 0xdbff;
}

/** Writes a JSON value with `jsonString` for every string, `indent` spaces (0: one line), keys in the given order. */
export function writeJson(v: unknown, escape: (index: number) => boolean, indent: number, depth = 0): string {
  if (typeof v === 'string') return jsonString(v, escape);
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const nl = indent > 0 ? `\n${' '.repeat(indent * (depth + 1))}` : '';
  const end = indent > 0 ? `\n${' '.repeat(indent * depth)}` : '';
  const sep = indent > 0 ? ': ' : ':';
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[${v.map((x) => nl + writeJson(x, escape, indent, depth + 1)).join(',')}${end}]`;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{${entries.map(([k, x]) => `${nl}${jsonString(k, escape)}${sep}${writeJson(x, escape, indent, depth + 1)}`).join(',')}${end}}`;
}

const scriptName = fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}\.(sh|py|js|bash)$/);
const skillMdText = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), anyString(40), anyString(120))
  .map(([name, description, body]) => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n# Title\n\n${body}\n`);

type SkillShape =
  | { kind: 'none'; value: null }
  | { kind: 'md'; skillMd: string; scripts: Record<string, string>; mdKey: 'skill_md' | 'skillMd' }
  | { kind: 'text'; skillMd: string }
  | { kind: 'spec'; scripts: Record<string, string> };

const skillShape: fc.Arbitrary<SkillShape> = fc.oneof(
  fc.constant<SkillShape>({ kind: 'none', value: null }),
  fc.record({
    kind: fc.constant('md' as const),
    skillMd: skillMdText,
    scripts: fc.dictionary(scriptName, anyString(60), { maxKeys: 3 }),
    mdKey: fc.constantFrom('skill_md' as const, 'skillMd' as const),
  }),
  fc.record({ kind: fc.constant('text' as const), skillMd: skillMdText }),
  fc.record({ kind: fc.constant('spec' as const), scripts: fc.dictionary(scriptName, anyString(30), { maxKeys: 2 }) }),
);

const COMPILED_MINIMAL = compileSkill(MINIMAL_SPEC);

/** Prose that holds no JSON object and no fence: letters, punctuation, any Unicode, but no braces, quotes or fence runs. */
export const prose = fc
  .array(
    fc.oneof(
      fc.constantFrom('Sure', 'here it is', 'Let me know!', ':', '.', '\n', '\n\n', ' ', '—', 'café', '😀', '# Heading', '- item', '`code`', '[x]', 'a, b'),
      anyString(8),
    ),
    { maxLength: 10 },
  )
  .map((ps) => ps.join('').replace(/[{}"`~]/g, ''));

/** Prose with stray JSON punctuation (braces, quotes, brackets) that never forms an envelope, and no fences. */
export const noisyProse = fc
  .array(fc.oneof(fc.constantFrom('{', '}', '"', "'", '[', ']', ':', ',', '\\', '{a}', '"q"', '{"a": 1}', '{"', 'x: y', ' ', '\n', 'word'), anyString(4)), {
    maxLength: 10,
  })
  .map((ps) => ps.join('').replace(/[`~]/g, ''));

/** A valid envelope, written in one of many styles, maybe fenced, maybe between prose. */
export const generatedReply: fc.Arbitrary<GeneratedReply> = fc
  .record({
    message: anyString(80),
    skill: skillShape,
    skillFirst: fc.boolean(),
    indent: fc.constantFrom(0, 0, 2, 4),
    escapeRate: fc.constantFrom(0, 0, 0.1, 0.5, 1),
    escapeSeed: fc.nat(),
    fence: fc.boolean(),
    before: fc.oneof(fc.constant(''), fc.constantFrom(' ', '\n', '\uFEFF'), prose, noisyProse),
    after: fc.oneof(fc.constant(''), prose, noisyProse),
  })
  .filter((r) => r.message.trim() !== '' || r.skill.kind !== 'none')
  .map((r) => {
    let skillValue: unknown = null;
    let skill: EnvelopeDraftExpect | null = null;
    if (r.skill.kind === 'md') {
      skillValue = { [r.skill.mdKey]: r.skill.skillMd, scripts: r.skill.scripts };
      skill = { skillMd: r.skill.skillMd, scripts: r.skill.scripts };
    } else if (r.skill.kind === 'text') {
      skillValue = r.skill.skillMd;
      skill = { skillMd: r.skill.skillMd, scripts: {} };
    } else if (r.skill.kind === 'spec') {
      skillValue = { spec: MINIMAL_SPEC, scripts: r.skill.scripts };
      skill = { skillMd: COMPILED_MINIMAL, scripts: r.skill.scripts };
    }
    const env = r.skillFirst ? { skill: skillValue, message: r.message } : { message: r.message, skill: skillValue };
    // A cheap deterministic choice of which characters to escape.
    const escape = (i: number) => r.escapeRate > 0 && ((i * 2654435761 + r.escapeSeed) >>> 0) / 2 ** 32 < r.escapeRate;
    const json = writeJson(env, escape, r.indent);
    const body = r.fence ? `\`\`\`json\n${json}\n\`\`\`` : json;
    const before = r.fence && r.before !== '' && !r.before.endsWith('\n') ? `${r.before}\n` : r.before;
    const text = `${before}${body}${r.after === '' ? '' : `\n${r.after}`}`;
    // After prose with a stray brace the stream cannot be sure where the envelope starts.
    const opensReply = /^[\s\uFEFF]*$/.test(before) || (r.fence && !/[{}"]/.test(before));
    return { text, json, message: r.message, skill, opensReply };
  });
