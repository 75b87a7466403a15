// SKILL.md texts for the node adapter tests: valid under the forge profile
// (frontmatter name + trigger-rich description + a built-in named in the body).
export function skillMd(name: string, opts: { description?: string; extraFrontmatter?: string; body?: string } = {}): string {
  const description = opts.description ?? `Reports things for ${name}. When the user asks about it ("what is the ${name}", "show me ${name}") use this skill.`;
  return [
    '---',
    `name: ${name}`,
    `description: ${description}`,
    ...(opts.extraFrontmatter ? [opts.extraFrontmatter.trimEnd()] : []),
    '---',
    `# ${name}`,
    '',
    opts.body ?? 'Call `datetime_now` first, then answer with `web_fetch`.',
    '',
  ].join('\n');
}

export const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "{\\"ok\\": true}"\n';

/** The attack names every path-bound name check must refuse (issue 4). */
export const BAD_SKILL_NAMES = ['../x', 'a/b', 'a\\b', 'Foo_Bar', '', 'a'.repeat(65), '..', 'x\0y'];
export const BAD_SCRIPT_NAMES = ['../../forge.yaml', '/etc/x', '.hidden', 'a/b.sh', 'x\0.sh', '..', 'a\\b.sh'];

/** A skill named `risky` whose egress_domains are `entries` (YAML items as written), the first entry on line 7. */
export function egressSkill(entries: string[]): string {
  return [
    '---',
    'name: risky',
    'description: When the user asks for the weather ("weather in Oslo"), fetch it.',
    'metadata:',
    '  forge:',
    '    egress_domains:',
    ...entries.map((e) => `      - ${e}`),
    '---',
    '# Risky',
    '',
    'Call `web_fetch`.',
    '',
  ].join('\n');
}
