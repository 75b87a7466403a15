// Why a tool run failed, in words an operator can act on: each host the
// egress proxy refused (not in egress_domains — with what is declared — or
// refused for another reason: a private address, no DNS answer, a cap) or
// could not reach, each
// env var the script reads that the run did not get (not declared in
// requires.env, or declared and not set — with where to set it), and a
// timeout. Read from the run's report, the skill's declarations and the
// script's text (scriptReferences); a run that succeeded has no causes. Pure.

import { scriptReferences } from './script-refs.js';
import type { ForgeMetadata } from '../skillmd/types.js';
import type { RunCause, ToolRunReport } from '../tool-run/report.js';

export interface RunCauseContext {
  /** The skill's `metadata.forge` (egress_domains, requires.env, timeout_hint). */
  forge: Pick<ForgeMetadata, 'egressDomains' | 'requires'>;
  /** The skill's scripts by file name (the one that ran is read for env references). */
  scripts: Readonly<Record<string, string>>;
  /** The script that ran (`scripts/x.sh`). */
  script: string;
  /** Env var names the run was handed. */
  envNames: readonly string[];
  /** Where an env var for this run is set, as a phrase (`the agent's .env (/a/.env)`). */
  envHome: string;
}

const UNDECLARED = 'egress_domains';

type Report = Pick<ToolRunReport, 'ok' | 'timedOut' | 'durationMs' | 'egressBlocked' | 'egressRefusals'>;

function egressCauses(r: Report, declared: readonly string[]): RunCause[] {
  const refusals = r.egressRefusals ?? r.egressBlocked.map((host) => ({ host, reason: `is not in this skill's ${UNDECLARED}` }));
  const list = declared.length ? declared.join(', ') : 'none';
  return refusals.map(({ host, reason }): RunCause => {
    if (reason.includes(UNDECLARED))
      return {
        code: 'egress-undeclared',
        message: `the sandbox's proxy refused ${host}: it is not in egress_domains (declared: ${list}), so the request failed (curl reports this as a 403 or 502 from the proxy)`,
        fix: `add ${host} to metadata.forge.egress_domains in the frontmatter if the tool needs it, then run again`,
      };
    if (host === '(proxy)')
      return { code: 'egress-refused', message: `the sandbox's proxy refused a request: ${reason}`, fix: 'make fewer requests in one run' };
    if (reason.startsWith('could not be reached'))
      return {
        code: 'egress-unreachable',
        message: `${host} is declared, but it ${reason}`,
        fix: `check that ${host} is up and reachable from this machine (a firewall, a wrong port), then run again`,
      };
    const fix = reason.startsWith('does not resolve') ? `check the host name ${host}: it has no DNS answer here` : 'call a public host instead';
    return { code: 'egress-refused', message: `the sandbox's proxy refused ${host}: it ${reason}`, fix };
  });
}

function envCauses(c: RunCauseContext): RunCause[] {
  const name = c.script.replace(/^scripts\//, '');
  const source = c.scripts[name];
  if (source === undefined) return [];
  const env = c.forge.requires.env;
  const declared = new Set([...env.required, ...env.oneOf, ...env.optional]);
  const handed = new Set(c.envNames);
  return scriptReferences({ [name]: source })
    .env.filter((ref) => !handed.has(ref.name))
    .map((ref): RunCause => {
      const where = `${ref.file} line ${ref.line} reads ${ref.name}`;
      return declared.has(ref.name)
        ? {
            code: 'env-unset',
            message: `${where}, which the skill declares but which was not set for this run, so the script saw it empty`,
            fix: `set ${ref.name} in ${c.envHome}`,
          }
        : {
            code: 'env-undeclared',
            message: `${where}, which is not in requires.env, so the sandbox did not pass it to the script`,
            fix: `declare ${ref.name} under metadata.forge.requires.env (required or optional) and set it in ${c.envHome}`,
          };
    });
}

/** The causes of a failed run (non-zero exit, timeout or a refused host), most specific first; empty when the run succeeded. */
export function runFailureCauses(r: Report, c: RunCauseContext): RunCause[] {
  const egress = egressCauses(r, c.forge.egressDomains);
  if (r.ok && egress.length === 0) return [];
  const out = [...egress, ...(r.ok ? [] : envCauses(c))];
  if (r.timedOut)
    out.push({
      code: 'timeout',
      message: `the run was killed after ${r.durationMs} ms, its time limit`,
      fix: 'raise metadata.forge.timeout_hint (seconds) or make the script finish sooner',
    });
  return out;
}
