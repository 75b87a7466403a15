// The `agentskills` validation profile: the frontmatter rules of the open
// Agent Skills specification (agentskills.io). A skill that passes can be
// loaded by any client that implements the spec; Forge-only keys (`icon`,
// `category`, `tags`) are reported because the spec allows no other
// top-level fields.

import { errorDiag } from '../../diagnostics.js';
import { isPlainObject } from '../../plain-object.js';
import { type RuleContext, type Sink, show } from './context.js';

export const AGENTSKILLS_FIELDS: readonly string[] = ['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility'];
export const AGENTSKILLS_MAX_NAME = 64;
export const AGENTSKILLS_MAX_DESCRIPTION = 1024;
export const AGENTSKILLS_MAX_COMPATIBILITY = 500;

/** Letters and digits of any script, and `-`; case is checked separately. */
const NAME_CHARS_RE = /^[\p{L}\p{N}-]+$/u;

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function agentskillsRules(ctx: RuleContext, add: Sink): void {
  const fm = ctx.parsed.frontmatter;
  if (!fm) return; // reported once by the shared frontmatter check
  checkName(ctx, fm.name, add);
  checkDescription(ctx, fm.description, add);

  if ('compatibility' in fm) {
    const c = fm.compatibility;
    if (typeof c !== 'string' || c.trim() === '')
      add(
        errorDiag(
          'compatibility-invalid',
          'compatibility',
          `compatibility must be a non-empty string describing the environment the skill needs (got ${show(c)}); write it as text or remove the field`,
          ctx.line(['compatibility']),
        ),
      );
    else if (codePoints(c) > AGENTSKILLS_MAX_COMPATIBILITY)
      add(
        errorDiag(
          'compatibility-too-long',
          'compatibility',
          `compatibility is ${codePoints(c)} characters; the Agent Skills spec allows at most ${AGENTSKILLS_MAX_COMPATIBILITY}, so shorten it to the essential requirements`,
          ctx.line(['compatibility']),
        ),
      );
  }
  if ('metadata' in fm && !isPlainObject(fm.metadata))
    add(
      errorDiag(
        'metadata-invalid',
        'metadata',
        `metadata must be a mapping of keys to values (got ${show(fm.metadata)}); write it as "metadata:" followed by indented "key: value" lines`,
        ctx.line(['metadata']),
      ),
    );

  for (const key of Object.keys(fm)) {
    if (AGENTSKILLS_FIELDS.includes(key)) continue;
    add(
      errorDiag(
        'field-unknown',
        key,
        `"${key}" is not an Agent Skills frontmatter field (allowed: ${AGENTSKILLS_FIELDS.join(', ')}); move it under "metadata:" or remove it`,
        ctx.line([key]),
      ),
    );
  }
}

function checkName(ctx: RuleContext, raw: unknown, add: Sink): void {
  const line = ctx.line(['name']);
  if (raw === undefined || raw === null || raw === '') {
    add(errorDiag('name-missing', 'name', 'name is required: add "name: my-skill" (lowercase letters, digits and hyphens, matching the folder name)', line));
    return;
  }
  if (typeof raw !== 'string') {
    add(
      errorDiag(
        'name-invalid-chars',
        'name',
        `name must be a string (got ${show(raw)}); write it as lowercase letters, digits and hyphens, e.g. "my-skill"`,
        line,
      ),
    );
    return;
  }
  const name = raw.normalize('NFKC');
  const length = codePoints(name);
  if (length > AGENTSKILLS_MAX_NAME)
    add(
      errorDiag(
        'name-too-long',
        'name',
        `name is ${length} characters; the Agent Skills spec allows at most ${AGENTSKILLS_MAX_NAME}, so shorten it (and rename the folder to match)`,
        line,
      ),
    );
  if (!NAME_CHARS_RE.test(name))
    add(
      errorDiag(
        'name-invalid-chars',
        'name',
        `name ${show(raw)} may contain only letters, digits and hyphens; replace spaces, underscores and punctuation with "-"`,
        line,
      ),
    );
  else if (name !== name.toLowerCase()) add(errorDiag('name-uppercase', 'name', `name ${show(raw)} must be lowercase; use ${show(name.toLowerCase())}`, line));
  if (name.startsWith('-') || name.endsWith('-'))
    add(errorDiag('name-hyphen-edge', 'name', `name ${show(raw)} must not start or end with a hyphen; remove the leading/trailing "-"`, line));
  if (name.includes('--')) add(errorDiag('name-double-hyphen', 'name', `name ${show(raw)} must not contain "--"; use single hyphens between words`, line));
  const dir = ctx.options.dirName;
  if (dir !== undefined && dir.normalize('NFKC') !== name)
    add(
      errorDiag(
        'name-dir-mismatch',
        'name',
        `name ${show(raw)} must equal the skill's folder name ${show(dir)}; rename the folder or change the name so they match`,
        line,
      ),
    );
}

function checkDescription(ctx: RuleContext, raw: unknown, add: Sink): void {
  const line = ctx.line(['description']);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    add(errorDiag('description-missing', 'description', 'description is required: say what the skill does and when to use it (1–1024 characters)', line));
    return;
  }
  if (typeof raw !== 'string') {
    add(
      errorDiag(
        'description-invalid',
        'description',
        `description must be text (got ${show(raw)}); write one or two sentences saying what the skill does and when to use it`,
        line,
      ),
    );
    return;
  }
  const length = codePoints(raw);
  if (length > AGENTSKILLS_MAX_DESCRIPTION)
    add(
      errorDiag(
        'description-too-long',
        'description',
        `description is ${length} characters; the Agent Skills spec allows at most ${AGENTSKILLS_MAX_DESCRIPTION}, so move detail into the body`,
        line,
      ),
    );
}
