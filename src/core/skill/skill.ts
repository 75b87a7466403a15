// The skill value: one skill folder — its SKILL.md text, helper scripts, text
// files and binary files — with read-only views computed lazily and at most
// once: the frontmatter and authored model (parseSkillMd), Forge's runtime
// view, and the validator's findings for the default options. A Skill never
// changes; `with()` returns a new one. Every analysis (validate, risk,
// catalog, build, routing, tool runs, import/export, save) takes a Skill, or
// anything `Skill.from` turns into one in one call.

import type { ValidationResult } from '../diagnostics.js';
import { RequestError } from '../errors.js';
import { forgeRuntimeView, type RuntimeView, type RuntimeViewOptions } from '../runtime-view/runtime-view.js';
import { parseSkillMd } from '../skillmd/parse.js';
import type { ForgeMetadata, ParsedSkillMd, SkillFrontmatter } from '../skillmd/types.js';
import { validateSkillMd } from '../skillmd/validate/validate.js';
import type { ValidateOptions } from '../skillmd/validate/context.js';
import type { SkillBinary } from './binary.js';

export type { SkillBinary };

/**
 * The plain data of a skill folder: what `Skill.from` accepts and `toJSON` gives back. There is no
 * `name`: a skill is named by its frontmatter `name` (else `dirName`), so `Skill.from` refuses a
 * `name` field instead of letting it be dropped unseen.
 */
export interface SkillInit {
  skillMd: string;
  /** Files of `scripts/` by plain file name (a `scripts/` prefix is accepted and dropped). */
  scripts?: Readonly<Record<string, string>>;
  /** Other text files of the folder: relative path → UTF-8 text. */
  files?: Readonly<Record<string, string>>;
  binaries?: readonly SkillBinary[];
  /** The folder's name (or a flat skill's file stem): names the skill when the frontmatter has none. */
  dirName?: string;
}

/** Anything that becomes a Skill in one call: a Skill, its data, or a bare SKILL.md text. */
export type SkillLike = Skill | SkillInit | string;

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

function plainScripts(scripts: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  if (!scripts) return EMPTY;
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(scripts)) out[key.startsWith('scripts/') ? key.slice('scripts/'.length) : key] = text;
  return Object.freeze(out);
}

function frozenRecord(record: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  return record && Object.keys(record).length > 0 ? Object.freeze({ ...record }) : EMPTY;
}

export class Skill {
  readonly skillMd: string;
  readonly scripts: Readonly<Record<string, string>>;
  readonly files: Readonly<Record<string, string>>;
  readonly binaries: readonly SkillBinary[];
  readonly dirName: string | undefined;

  #parsed: ParsedSkillMd | undefined;
  #runtimeView: RuntimeView | undefined;
  #validation: ValidationResult | undefined;

  private constructor(init: SkillInit) {
    this.skillMd = typeof init.skillMd === 'string' ? init.skillMd : '';
    this.scripts = plainScripts(init.scripts);
    this.files = frozenRecord(init.files);
    this.binaries = Object.freeze([...(init.binaries ?? [])].map((b) => Object.freeze({ ...b })));
    this.dirName = init.dirName;
    Object.freeze(this);
  }

  /** A Skill from a Skill (returned as is), its data, or a bare SKILL.md text. RequestError on `name` for data with a `name` field. */
  static from(input: SkillLike): Skill {
    if (input instanceof Skill) return input;
    if (typeof input === 'string') return new Skill({ skillMd: input });
    if (input === null || typeof input !== 'object')
      throw new TypeError('Skill.from needs a SKILL.md string or {skillMd, scripts?, files?, binaries?, dirName?}');
    if ((input as { name?: unknown }).name !== undefined)
      throw new RequestError(
        'name',
        'Skill.from takes no name: a skill is named by its frontmatter name (else dirName); set the name: line of the SKILL.md, or pass the folder name as dirName',
      );
    return new Skill(input);
  }

  /** The SKILL.md read as its author wrote it: frontmatter, sections, tools and the parser's diagnostics (parsed on first use). */
  get parsed(): ParsedSkillMd {
    return (this.#parsed ??= parseSkillMd(this.skillMd));
  }

  /** The frontmatter, or `null` when there is none or it did not parse. */
  get frontmatter(): SkillFrontmatter | null {
    return this.parsed.frontmatter;
  }

  /** `metadata.forge`, normalised. */
  get forge(): ForgeMetadata {
    return this.parsed.forge;
  }

  /** The frontmatter `name`, else the folder name; `undefined` when neither is known. */
  get name(): string | undefined {
    const name = this.frontmatter?.name;
    return typeof name === 'string' && name.trim() !== '' ? name.trim() : this.dirName;
  }

  /** The frontmatter `description`, or `''`. */
  get description(): string {
    const d = this.frontmatter?.description;
    return typeof d === 'string' ? d : '';
  }

  /** File names of `scripts/`, sorted. */
  get scriptNames(): readonly string[] {
    return Object.keys(this.scripts).sort();
  }

  /** What Forge's runtime reads: the tools it registers, their schemas and the script each binds to (computed on first use). */
  get runtimeView(): RuntimeView {
    return (this.#runtimeView ??= forgeRuntimeView(this.skillMd, this.#runtimeViewOptions(this.scriptNames)));
  }

  /** The one parse handed to the runtime view, so it reads the frontmatter without parsing the YAML again. */
  #runtimeViewOptions(scripts: readonly string[] | undefined): RuntimeViewOptions {
    const { frontmatterYaml, frontmatter } = this.parsed;
    const out: RuntimeViewOptions = scripts ? { scripts } : {};
    if (frontmatterYaml) out.frontmatter = { ...frontmatterYaml, data: frontmatter };
    return out;
  }

  /**
   * The validator's findings. With no options (the forge profile, this
   * skill's scripts, files and folder name) the result is computed once and
   * kept; other options are checked afresh, still on the one parse.
   */
  validate(options?: Omit<ValidateOptions, 'parsed' | 'scripts' | 'files' | 'runtimeView'> & { scripts?: false; files?: false }): ValidationResult {
    if (options === undefined) return (this.#validation ??= validateSkillMd(this.skillMd, this.#validateOptions({})));
    return validateSkillMd(this.skillMd, this.#validateOptions(options));
  }

  #validateOptions(options: Omit<ValidateOptions, 'parsed' | 'scripts' | 'files' | 'runtimeView'> & { scripts?: false; files?: false }): ValidateOptions {
    const { scripts, files, ...rest } = options;
    const out: ValidateOptions = { ...rest, parsed: this.parsed };
    if (scripts !== false) out.scripts = this.scripts;
    out.runtimeView = scripts !== false ? this.runtimeView : forgeRuntimeView(this.skillMd, this.#runtimeViewOptions(undefined));
    if (files !== false && (Object.keys(this.files).length > 0 || this.binaries.length > 0)) out.files = this.folderListing();
    if (out.dirName === undefined && this.dirName !== undefined) out.dirName = this.dirName;
    return out;
  }

  /** Every folder file other than SKILL.md and scripts: text files with their text, binaries as `''` (what the folder-link rules read). */
  folderListing(): Readonly<Record<string, string>> {
    const out: Record<string, string> = { ...this.files };
    for (const b of this.binaries) out[b.path] = '';
    return out;
  }

  /** A new Skill with some parts replaced; the views are computed afresh for it. */
  with(changes: Partial<SkillInit>): Skill {
    return new Skill({ ...this.toJSON(), ...changes });
  }

  /** The plain data (binary bytes included by reference, not copied). */
  toJSON(): SkillInit {
    const out: SkillInit = { skillMd: this.skillMd };
    if (Object.keys(this.scripts).length > 0) out.scripts = this.scripts;
    if (Object.keys(this.files).length > 0) out.files = this.files;
    if (this.binaries.length > 0) out.binaries = this.binaries;
    if (this.dirName !== undefined) out.dirName = this.dirName;
    return out;
  }
}
