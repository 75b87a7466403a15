// Accepting an import's requirement proposals (issue 17): an imported skill
// without `metadata.forge` gets the bins, egress domains and env vars the
// operator ticked written into its frontmatter as a `metadata.forge` block.
// Text edit only (the YAML parser stays out of the browser): the block goes
// under an existing block-style `metadata:` or, without one, at the end of
// the frontmatter; other frontmatter forms are refused with the fix.

export interface Requirements {
  bins: string[];
  egressDomains: string[];
  env: string[];
}

/** A YAML flow list of plain or quoted scalars. */
const list = (xs: string[]) => `[${xs.map((x) => (/^[\w.-]+$/.test(x) ? x : JSON.stringify(x))).join(', ')}]`;

function forgeBlock(r: Requirements, indent: string): string[] {
  const lines = ['forge:'];
  const requires = [...(r.bins.length ? [`bins: ${list(r.bins)}`] : []), ...(r.env.length ? ['env:', `  required: ${list(r.env)}`] : [])];
  if (requires.length) lines.push('  requires:', ...requires.map((l) => `    ${l}`));
  if (r.egressDomains.length) lines.push(`  egress_domains: ${list(r.egressDomains)}`);
  return lines.map((l) => indent + l);
}

/** The SKILL.md with `r` added as `metadata.forge`; throws an Error saying what to do when the frontmatter cannot take it. */
export function addRequirements(skillMd: string, r: Requirements): string {
  const fm = /^(\uFEFF?---\r?\n)([\s\S]*?)(\r?\n)(---[ \t]*(?:\r?\n|$))/.exec(skillMd);
  if (!fm) throw new Error('the SKILL.md has no frontmatter (--- … ---) to add the requirements to');
  const lines = fm[2]!.split(/\r?\n/);
  const at = lines.findIndex((l) => /^metadata:/.test(l));
  if (at < 0) lines.push('metadata:', ...forgeBlock(r, '  '));
  else {
    if (!/^metadata:[ \t]*(#.*)?$/.test(lines[at]!)) throw new Error('metadata: is written on one line; write it as a block (metadata: then indented keys) and accept again');
    if (lines.slice(at + 1).some((l) => /^\s+forge:/.test(l))) throw new Error('metadata already has a forge: key; edit it in SKILL.md');
    const indent = /^(\s+)\S/.exec(lines[at + 1] ?? '')?.[1] ?? '  ';
    lines.splice(at + 1, 0, ...forgeBlock(r, indent));
  }
  return fm[1] + lines.join(fm[3]) + fm[3] + fm[4] + skillMd.slice(fm[0].length);
}
