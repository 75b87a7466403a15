// forgeRuntimeView(skillMd): the skill as Forge's runtime will see it — which
// tool entries it reads (phantom `- word` entries included), each with the
// description it joins, the input schema it computes, its output spec and
// format, whether a script backs it, and the reasons it would skip the tool
// or the whole skill. Pure and isomorphic; the pieces live next to it
// (split-frontmatter, read-entries, input-schema).

import { parse as parseYaml } from 'yaml';
import { KNOWN_CAPABILITIES } from '../forge-runtime/builtins.js';
import { normalizeScriptName, scriptForTool } from '../forge-runtime/script-binding.js';
import { KEBAB_CASE_PATTERN } from '../names.js';
import { isPlainObject } from '../plain-object.js';
import { invalidRuntimeKeys, runtimeInputSchema, type RuntimeInputSchema } from './input-schema.js';
import { scanRuntimeEntries, type EntryDraft, type RuntimeEntry } from './read-entries.js';
import { splitRuntimeFrontmatter } from './split-frontmatter.js';

export interface RuntimeToolView extends RuntimeEntry {
  /** What the LLM receives as the tool's input schema (InputSpecToSchema of `inputSpec`). */
  inputSchema: RuntimeInputSchema;
  /** Property keys the providers reject; the runtime then does not register the tool. */
  invalidKeys: string[];
  /**
   * The script the runtime binds (`scripts/<name>.<ext>`, hyphen form before
   * underscore form), `null` when none of the given scripts matches, absent when
   * no script list was given or the skill runs as a binary.
   */
  script?: string | null;
}

export interface RuntimeView {
  /** `script` (default) or `binary`, from `metadata.forge.runtime`. */
  runtime: string;
  /** Every entry the runtime reads, in file order. */
  tools: RuntimeToolView[];
  /** Why the runtime would not load the skill at all (it then registers nothing); empty when it loads. */
  loadErrors: string[];
  /** 1-based file line where the body the runtime reads starts. */
  bodyLine: number;
}

export interface RuntimeViewOptions {
  /** File names in the skill's `scripts/` folder (`x.sh` or `scripts/x.sh`), to report each tool's binding. */
  scripts?: readonly string[];
  /**
   * The skill's `metadata.forge.runtime` when the caller has read the
   * frontmatter already (the validator does): the YAML is then not parsed a
   * second time, and `loadErrors` leaves out the frontmatter checks.
   */
  runtime?: string;
  /**
   * The frontmatter as the caller parsed it already (a Skill's one parse):
   * its YAML text, the mapping it holds (`null` when it is none) and the
   * first YAML error. When `text` is the YAML the runtime splits off, the
   * frontmatter checks read `data` and the YAML is not parsed again (and
   * `loadErrors` keeps them, unlike with `runtime`); otherwise the view parses
   * the runtime's own split as before.
   */
  frontmatter?: ParsedFrontmatter;
}

/** A frontmatter parsed elsewhere (see RuntimeViewOptions.frontmatter). */
export interface ParsedFrontmatter {
  text: string;
  data: Readonly<Record<string, unknown>> | null;
  error?: string;
}

export function forgeRuntimeView(skillMd: string, options: RuntimeViewOptions = {}): RuntimeView {
  const split = splitRuntimeFrontmatter(skillMd);
  const loadErrors: string[] = [];
  let runtime = options.runtime ?? 'script';
  if (split.frontmatter !== null && options.runtime === undefined) {
    const meta = frontmatterChecks(readYaml(split.frontmatter, options.frontmatter), loadErrors);
    const forge = isPlainObject(meta?.['metadata']) ? meta['metadata']['forge'] : undefined;
    if (isPlainObject(forge) && typeof forge['runtime'] === 'string' && forge['runtime'] !== '') runtime = forge['runtime'];
  }
  const scripts = options.scripts && runtime !== 'binary' ? options.scripts.map(normalizeScriptName) : undefined;
  const read = scanRuntimeEntries(split.body, split.bodyLine, (draft) => toolView(draft, scripts));
  if (read.tooLongLine !== undefined)
    loadErrors.push(`line ${read.tooLongLine} is 64 KiB or longer: the runtime stops reading the file there and drops the skill`);
  const tools = read.items;
  return { runtime, tools, loadErrors, bodyLine: split.bodyLine };
}

/**
 * The view of a complete entry. An entry with none of the optional keys (the
 * common case, and every entry of a body of bare headings) is made in one
 * object literal: adding the view's keys to the entry afterwards gave each
 * tool a second property store (a script binding still adds one).
 */
function toolView(draft: EntryDraft, scripts: string[] | undefined): RuntimeToolView {
  const inputSchema = runtimeInputSchema(draft.inputSpec);
  const invalidKeys = invalidRuntimeKeys(inputSchema);
  const script = scripts ? boundScript(draft.name, scripts) : undefined;
  if (draft.plain) {
    const view: RuntimeToolView = {
      name: draft.name,
      kind: draft.kind,
      line: draft.line,
      description: draft.description,
      descriptionLines: draft.descriptionLines ?? [],
      inputSpec: draft.inputSpec,
      outputSpec: draft.outputSpec,
      outputFormat: draft.outputFormat,
      inputSchema,
      invalidKeys,
    };
    if (script !== undefined) view.script = script;
    return view;
  }
  const view = draft.entry() as RuntimeToolView;
  view.inputSchema = inputSchema;
  view.invalidKeys = invalidKeys;
  if (script !== undefined) view.script = script;
  return view;
}

/** The script the runtime binds to a tool, as the view writes it. */
function boundScript(name: string, scripts: string[]): string | null {
  const file = scriptForTool(name, scripts);
  return file === null ? null : `scripts/${file}`;
}

/** The runtime's frontmatter read as YAML: the caller's parse when it is of the same text, else a parse of its own. */
function readYaml(yamlText: string, given: ParsedFrontmatter | undefined): { meta: unknown; error?: string } {
  // The runtime's split keeps the newline before the closing fence; the author's parse does not.
  if (given !== undefined && (yamlText === given.text || yamlText === `${given.text}\n`))
    return given.error === undefined ? { meta: given.data } : { meta: null, error: given.error };
  try {
    return { meta: parseYaml(yamlText) };
  } catch (err) {
    return { meta: null, error: err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err) };
  }
}

/** The frontmatter checks that make the runtime drop a skill: YAML it cannot read, non-kebab category or tags, unknown capabilities. */
function frontmatterChecks({ meta, error }: { meta: unknown; error?: string }, errors: string[]): Readonly<Record<string, unknown>> | null {
  if (error !== undefined) {
    errors.push(`the frontmatter is not valid YAML (${error})`);
    return null;
  }
  if (!isPlainObject(meta)) return null;
  const category = meta['category'];
  if (typeof category === 'string' && category !== '' && !KEBAB_CASE_PATTERN.test(category.toLowerCase()))
    errors.push(`category "${category}" is not kebab-case`);
  if (Array.isArray(meta['tags']))
    for (const tag of meta['tags']) if (!KEBAB_CASE_PATTERN.test(String(tag).toLowerCase())) errors.push(`tag "${String(tag)}" is not kebab-case`);
  const md = meta['metadata'];
  const forge = isPlainObject(md) ? md['forge'] : undefined;
  const requires = isPlainObject(forge) ? forge['requires'] : undefined;
  const caps = isPlainObject(requires) ? requires['capabilities'] : undefined;
  if (Array.isArray(caps)) for (const c of caps) if (!KNOWN_CAPABILITIES.includes(String(c))) errors.push(`capability "${String(c)}" is unknown`);
  return meta;
}
