// What `import --agent` shows the operator before anything changes (issue
// 17): which requirement proposals `--accept` takes (all, or some kinds),
// and — when the agent already has a skill of that name — a unified diff of
// every file against it, so a replacement (`--replace`) is reviewed first.

import { createTwoFilesPatch } from 'diff';
import type { AcceptedRequirements } from '../../core/skill-folder/accept-requirements.js';
import type { InferredRequirements } from '../../core/skill-folder/infer-requirements.js';
import type { Skill } from '../../core/skill/skill.js';
import type { CustomSkill } from '../skill-store/agent-read.js';
import { UsageError } from './args.js';

const KINDS = ['bins', 'egress', 'env'] as const;

/** `--accept all` or a comma list of bins, egress, env: the proposals to declare. */
export function acceptedKinds(value: string | undefined, proposals: InferredRequirements | null): AcceptedRequirements | undefined {
  if (value === undefined) return undefined;
  const kinds = value === 'all' ? [...KINDS] : value.split(',').map((k) => k.trim());
  for (const k of kinds)
    if (!(KINDS as readonly string[]).includes(k)) throw new UsageError(`--accept takes all or a comma list of ${KINDS.join(', ')} (got "${k}")`, 'import');
  if (!proposals) return undefined;
  return {
    ...(kinds.includes('bins') ? { bins: proposals.bins } : {}),
    ...(kinds.includes('egress') ? { egressDomains: proposals.egressDomains } : {}),
    ...(kinds.includes('env') ? { env: proposals.env } : {}),
  };
}

/** Unified diffs of the saved skill → the import, file by file (binaries by sha256); '' when nothing differs. */
export function diffAgainst(existing: CustomSkill, skillMd: string, draft: Skill, binarySha: ReadonlyMap<string, string>): string {
  const saved = existing.skill;
  const before = new Map<string, string>([['SKILL.md', saved.skillMd]]);
  const after = new Map<string, string>([['SKILL.md', skillMd]]);
  for (const [n, c] of Object.entries(saved.scripts)) before.set(`scripts/${n}`, c);
  for (const [n, c] of Object.entries(draft.scripts)) after.set(`scripts/${n}`, c);
  for (const [p, c] of Object.entries(saved.files)) before.set(p, c);
  for (const [p, c] of Object.entries(draft.files)) after.set(p, c);
  for (const b of saved.binaries) before.set(b.path, `(binary, sha256 ${b.sha256})\n`);
  for (const [p, sha] of binarySha) after.set(p, `(binary, sha256 ${sha})\n`);
  const out: string[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(path);
    const b = after.get(path);
    if (a === b) continue;
    out.push(
      createTwoFilesPatch(a === undefined ? '/dev/null' : `saved/${path}`, b === undefined ? '/dev/null' : `import/${path}`, a ?? '', b ?? '', '', '', {
        context: 3,
      }).replace(/^=+\n/, ''),
    );
  }
  return out.join('');
}
