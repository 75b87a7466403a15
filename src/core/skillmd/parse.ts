// parseSkillMd: a SKILL.md text → frontmatter (with key lines), normalised
// `metadata.forge`, body sections, `## Tool:` sections and legacy list names.
// It never throws: every problem (YAML syntax, wrong types, unclosed
// frontmatter) is a diagnostic with a 1-based line where one is known.

import { errorDiag, type Diagnostic } from '../diagnostics.js';
import { emptyForgeMetadata, fieldName, normalizeForgeMetadata } from './forge-metadata.js';
import { parseFrontmatterYaml, splitFrontmatter } from './frontmatter.js';
import { bulletItem, codeLineMask, isBlank } from './markdown/lines.js';
import { isToolTitle, linesBetween, scanHeadings, sectionsOf, type BodyHeadings } from './sections.js';
import { parseToolBody, stripCode } from './tool-section/index.js';
import type { ParsedSkillMd, SkillFrontmatter, ToolSection } from './types.js';

const STRING_FIELDS = ['name', 'description', 'icon', 'category', 'license', 'compatibility'] as const;
const NO_LINES: readonly string[] = Object.freeze([]);
const NO_MASK: readonly boolean[] = Object.freeze([]);

/** Parses a SKILL.md. Never throws; malformed input yields diagnostics. */
export function parseSkillMd(text: string): ParsedSkillMd {
  return guarded(text, parse, emptyResult);
}

/** What decompileSkill reads of a parse: the frontmatter half, the body and its headings. */
export interface ParsedHeadings {
  frontmatter: SkillFrontmatter | null;
  /** The same diagnostics as parseSkillMd's, but for those of the tool sections (not read here). */
  diagnostics: Diagnostic[];
  body: string;
  bodyLine: number;
  headings: BodyHeadings;
}

/**
 * parseSkillMd without the sections and tool sections it builds from the
 * headings: the frontmatter is read the same way and the headings are
 * found, and nothing per heading is made (on a body of many short headings
 * those objects were most of what a decompile kept alive).
 */
export function parseSkillMdHeadings(text: string): ParsedHeadings {
  return guarded(
    text,
    (t) => {
      const front = parseFront(t);
      return { frontmatter: front.frontmatter, diagnostics: front.diagnostics, body: front.body, bodyLine: front.bodyLine, headings: scanHeadings(front.body) };
    },
    (diagnostics) => ({ frontmatter: null, diagnostics, body: '', bodyLine: 1, headings: scanHeadings('') }),
  );
}

/** `read(text)`, with a text that is no string and a bug of ours both turned into a diagnostic. */
function guarded<T>(text: string, read: (text: string) => T, empty: (diagnostics: Diagnostic[]) => T): T {
  if (typeof text !== 'string') {
    return empty([errorDiag('content-not-text', 'skill_md', 'the SKILL.md content must be a string of Markdown text')]);
  }
  try {
    return read(text);
  } catch (err) {
    // A bug of ours must not take the caller down; report it as a diagnostic.
    const msg = err instanceof Error ? err.message : String(err);
    return empty([errorDiag('parse-internal', 'skill_md', `the SKILL.md could not be parsed (${msg}); please report this input`)]);
  }
}

function emptyResult(diagnostics: Diagnostic[]): ParsedSkillMd {
  return {
    frontmatter: null,
    frontmatterLines: {},
    forge: emptyForgeMetadata(),
    body: '',
    bodyLine: 1,
    sections: [],
    tools: [],
    legacyNames: [],
    diagnostics,
  };
}

type Front = Pick<ParsedSkillMd, 'frontmatter' | 'frontmatterLines' | 'frontmatterYaml' | 'forge' | 'body' | 'bodyLine' | 'diagnostics'>;

/** The frontmatter split off and read, the forge metadata normalised, and their diagnostics. */
function parseFront(text: string): Front {
  const split = splitFrontmatter(text);
  const diagnostics: Diagnostic[] = [...split.diagnostics];

  let frontmatter: SkillFrontmatter | null = null;
  let frontmatterLines: Record<string, number> = {};
  let lineOf: (path: readonly (string | number)[]) => number | undefined = () => undefined;
  let frontmatterYaml: ParsedSkillMd['frontmatterYaml'];
  if (split.present && split.diagnostics.length === 0) {
    const yaml = parseFrontmatterYaml(split.yaml, split.yamlLine);
    diagnostics.push(...yaml.diagnostics);
    frontmatter = yaml.data as SkillFrontmatter | null;
    frontmatterLines = yaml.keyLines;
    lineOf = yaml.lineOf;
    frontmatterYaml = yaml.error === undefined ? { text: split.yaml } : { text: split.yaml, error: yaml.error };
  }
  if (frontmatter) diagnostics.push(...checkFieldTypes(frontmatter, lineOf));

  const { forge, diagnostics: forgeDiags } = normalizeForgeMetadata(frontmatter, lineOf);
  diagnostics.push(...forgeDiags);
  return { frontmatter, frontmatterLines, frontmatterYaml, forge, body: split.body, bodyLine: split.bodyLine, diagnostics };
}

function parse(text: string): ParsedSkillMd {
  const { frontmatter, frontmatterLines, frontmatterYaml, forge, body, bodyLine, diagnostics } = parseFront(text);
  const headings = scanHeadings(body);
  const sections = sectionsOf(body, bodyLine, headings);
  const tools = readTools(body, bodyLine, headings, diagnostics);
  let legacy: string[] = [];
  if (tools.length === 0) {
    const lines = body.split('\n');
    legacy = legacyNames(lines, codeLineMask(lines));
  }

  return {
    frontmatter,
    frontmatterLines,
    forge,
    body,
    bodyLine,
    sections,
    tools,
    legacyNames: legacy,
    diagnostics,
    ...(frontmatterYaml ? { frontmatterYaml } : {}),
  };
}

/** The `## Tool:` sections; a section runs to the next heading of level 1 or 2. */
function readTools(body: string, bodyLine: number, h: BodyHeadings, diagnostics: Diagnostic[]): ToolSection[] {
  const n = h.count;
  // After each heading, the offset of the next heading of level 1 or 2 (where a tool section ends), found in one backward pass;
  // the tool headings are counted on the way, so the list is sized once.
  const sectionEnd = new Int32Array(n);
  let count = 0;
  for (let k = n - 1, end = body.length + 1; k >= 0; k--) {
    sectionEnd[k] = end;
    if (h.level[k]! <= 2) end = h.start[k]!;
    if (h.level[k] === 2 && isToolTitle(h.title[k]!)) count++;
  }
  const tools = new Array<ToolSection>(count);
  for (let k = 0, t = 0; k < n; k++) {
    const title = h.title[k]!;
    if (h.level[k] !== 2 || !isToolTitle(title)) continue;
    const name = stripCode(title.slice(5).trim());
    const line = bodyLine + h.index[k]!;
    if (name === '') {
      diagnostics.push(errorDiag('tool-name-missing', 'tools', 'a "## Tool:" heading has no tool name: write it as "## Tool: my_tool"', line));
    }
    // The section's lines are cut from the text per tool (its code mask starts closed: a heading is never inside a fence);
    // a section with no lines (the next heading follows at once) shares the empty ones.
    const from = h.next[k]!;
    const text = linesBetween(body, from, sectionEnd[k]!);
    const lines = from >= sectionEnd[k]! ? NO_LINES : text.split('\n');
    tools[t++] = parseToolBody(name, line, diagnostics, lines, lines === NO_LINES ? NO_MASK : codeLineMask(lines), text);
  }
  return tools;
}

/** Top-level fields that must be strings (and `tags` a list of strings). */
function checkFieldTypes(fm: Record<string, unknown>, lineOf: (path: readonly (string | number)[]) => number | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const key of STRING_FIELDS) {
    const v = fm[key];
    if (v === undefined || v === null || typeof v === 'string') continue;
    out.push(errorDiag('frontmatter-type', key, `${key} must be a text value (quote it if YAML reads it as a number, list or mapping)`, lineOf([key])));
  }
  const tags = fm['tags'];
  if (tags !== undefined && tags !== null) {
    if (!Array.isArray(tags)) out.push(errorDiag('frontmatter-type', 'tags', 'tags must be a list of strings, e.g. "tags: [weather, api]"', lineOf(['tags'])));
    else
      tags.forEach((t, i) => {
        if (typeof t !== 'string') out.push(errorDiag('frontmatter-type', fieldName(['tags', i]), 'each tag must be a string', lineOf(['tags', i])));
      });
  }
  return out;
}

/**
 * The legacy list body: nothing but headings and `- word` items, each a single
 * word of at most 64 characters. Any other content means it is not that form.
 */
function legacyNames(lines: readonly string[], mask: readonly boolean[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlank(line)) continue;
    if (mask[i]) return [];
    if (/^ {0,3}#{1,6}(\s|$)/.test(line)) continue;
    const item = bulletItem(line);
    if (item === null) return [];
    const word = item.trim();
    if (!/^\S{1,64}$/.test(word)) return [];
    names.push(word);
  }
  return names;
}
