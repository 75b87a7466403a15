// What every validator rule receives: the parsed SKILL.md, the caller's
// options, and a lazy line finder for nested frontmatter fields. Shared by
// forge.ts, scripts.ts and agentskills.ts.

import type { Diagnostic } from '../../diagnostics.js';
import type { RuntimeView } from '../../runtime-view/runtime-view.js';
import type { ParsedSkillMd } from '../types.js';
import { type FieldPath, frontmatterLinesOf, locateField } from '../locate.js';

export type ValidationProfile = 'forge' | 'agentskills';

export interface ValidateOptions {
  /** `forge` (default): Forge's SKILL.md rules. `agentskills`: the open Agent Skills spec. */
  profile?: ValidationProfile;
  /** The skill's helper scripts, file name → content (`scripts/` prefix optional). */
  scripts?: Readonly<Record<string, string>>;
  /**
   * The skill folder's other files: relative path → text, binary
   * files → `''`. When given, every path the SKILL.md mentions must exist and
   * every file should be mentioned (folder-files.ts).
   */
  files?: Readonly<Record<string, string>>;
  /** The folder the SKILL.md lives in; the agentskills profile requires `name` to equal it. */
  dirName?: string;
  /** Names of skills the agent already has; a new skill may not reuse one. */
  existingNames?: readonly string[];
  /** In edit mode, the name of the skill being edited (allowed to "exist"). */
  editingName?: string;
  /** `edit` when changing an existing skill; implied when `previous` is given. */
  mode?: 'create' | 'edit';
  /** The on-disk SKILL.md being edited, to catch `## Tool:` names that disappeared. */
  previous?: string;
  /**
   * `parseSkillMd(text)` when the caller already has it (the artifact build
   * parses each skill once and shares the result). Must be the parse of `text`.
   */
  parsed?: ParsedSkillMd;
  /**
   * `forgeRuntimeView` of `text` with the names of `scripts` when the caller
   * has it (a Skill shares its own); the runtime rules then read it instead
   * of building another. Must be the view of `text` and these scripts.
   */
  runtimeView?: RuntimeView;
}

export interface RuleContext {
  readonly text: string;
  readonly parsed: ParsedSkillMd;
  readonly options: ValidateOptions;
  /** 1-based SKILL.md line of a frontmatter field (or its nearest found ancestor). */
  line(path: FieldPath): number | undefined;
}

export function createRuleContext(text: string, parsed: ParsedSkillMd, options: ValidateOptions): RuleContext {
  let fm: string[] | undefined;
  return {
    text,
    parsed,
    options,
    line(path) {
      if (path.length === 1 && typeof path[0] === 'string' && parsed.frontmatterLines[path[0]] !== undefined) return parsed.frontmatterLines[path[0]];
      fm ??= frontmatterLinesOf(text);
      const found = locateField(fm, path);
      if (found !== undefined) return found;
      const top = path[0];
      return typeof top === 'string' ? parsed.frontmatterLines[top] : undefined;
    },
  };
}

/** Collects diagnostics for one run. */
export type Sink = (d: Diagnostic) => void;

/** A value printed inside a message: strings quoted, others as JSON, cut to 60 chars. */
export function show(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
