// Runs every content rule over a skill: per script the rules of its language
// plus the ones every language shares (credential files, hosts contacted that
// are not in egress_domains), then the SKILL.md text rules. Findings come in
// file order (SKILL.md first), then line order.

import { analyzeScript, egressAllows, egressPolicy } from '../skillmd/script-analysis.js';
import { normalizeScriptName } from '../forge-runtime/script-binding.js';
import { programRules } from './program-rules.js';
import { finding, scriptView, type ScriptView } from './script-lines.js';
import { shellRules } from './shell-rules.js';
import { skillMdRules } from './skillmd-rules.js';
import type { RiskFinding } from './types.js';

const CREDENTIAL_FILE =
  /(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/[\w.-]+)\/\.(?:ssh|aws|gnupg|kube\/config|docker\/config\.json|git-credentials|config\/gcloud)\b|["']\.(?:ssh|aws|gnupg)["'/]|\.netrc\b|\/etc\/(?:shadow|gshadow|sudoers)\b|\bexpanduser\s*\(\s*["']~\/\.(?:ssh|aws|netrc|gnupg)/;

function sharedRules(v: ScriptView, content: string, egress: readonly string[]): RiskFinding[] {
  const out: RiskFinding[] = [];
  for (const l of v.lines)
    if (CREDENTIAL_FILE.test(l.text))
      out.push(
        finding(
          'credential-file',
          'critical',
          'reads a credential file of the machine (SSH keys, cloud credentials, .netrc, /etc/shadow); a skill gets its secrets from its declared env vars only',
          v.file,
          l,
        ),
      );
  const policy = egressPolicy(egress);
  const seen = new Set<string>();
  for (const h of analyzeScript(content, v.file.slice('scripts/'.length)).hosts) {
    if (h.kind !== 'literal' || seen.has(h.host) || egressAllows(h.host, policy)) continue;
    seen.add(h.host);
    const line = v.lines.find((x) => x.no === h.line);
    out.push(
      finding(
        'undeclared-host',
        'warning',
        `contacts ${h.host}, which metadata.forge.egress_domains does not declare: the runtime blocks it, and the audit score does not count it`,
        v.file,
        line ?? { no: h.line, text: '' },
      ),
    );
  }
  return out;
}

export interface ContentContext {
  /** Names of the env vars the skill declares (all of them are credentials to Forge). */
  envNames: readonly string[];
  egressDomains: readonly string[];
}

export function contentFindings(skillMd: string, scripts: Readonly<Record<string, string>>, ctx: ContentContext): RiskFinding[] {
  const out = skillMdRules(skillMd);
  const secrets = new Set(ctx.envNames);
  for (const key of Object.keys(scripts).sort()) {
    const content = scripts[key];
    if (typeof content !== 'string') continue;
    const v = scriptView(normalizeScriptName(key), content);
    if (!v) continue;
    const found = [...(v.lang === 'bash' ? shellRules(v, secrets) : programRules(v, secrets)), ...sharedRules(v, content, ctx.egressDomains)];
    out.push(...found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  }
  return out;
}
