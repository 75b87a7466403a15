// The routing check of `check --routing`: a skill's requests (its
// folder's stored trigger evals) are routed by the given model against the
// other skills of its agent, as route-check does. A missed request is a
// warning; recall or precision below the minimum is an error. A model call
// that fails (a request missing from a replayed recording among them) is not
// a finding: it stops the run as a CheckLlmError (exit 2).
import { basename, join } from 'node:path';
import { PartialResultError } from '../../core/errors.js';
import type { LlmConfig } from '../../core/llm/types.js';
import { checkRouting } from '../../core/routing/check-routing.js';
import { routingSkillName } from '../../core/routing/agent-view.js';
import type { RoutingReport } from '../../core/routing/types.js';
import type { Skill } from '../../core/skill/skill.js';
import { agentRoutingSkills } from '../routing/agent-routing.js';
import { readTriggerFile, TRIGGERS_FILE } from '../routing/trigger-file.js';
import { posixRelative, type SkillTarget } from './skill-checks.js';
import type { CheckFinding, CheckOutcome } from './types.js';

/** A model call of the check failed (no reply recorded, provider error): the run could not check what it was asked to. */
export class CheckLlmError extends Error {}

export interface RoutingCheckOptions {
  /** The model, with `recording` set to record or replay. */
  llm: LlmConfig;
  /** Lowest acceptable recall and precision, 0..1 (default 0.8). */
  min?: number;
  /** Times each request is sent (default 3, as route-check). */
  runsPerQuery?: number;
  /** Trigger rate at or above which a request counts as routed to the skill (default 0.5). */
  threshold?: number;
}

export type RoutingHook = (skill: Skill, target: SkillTarget, root: string) => Promise<CheckOutcome>;

const pct = (r: number | null): string => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);

function outcomeOf(report: RoutingReport, file: string, min: number): CheckOutcome {
  const findings: CheckFinding[] = report.results
    .filter((r) => !r.ok)
    .map((r) => ({
      check: 'routing',
      code: 'routing-miss',
      level: 'warning',
      message: `"${r.text}" should go to ${r.expect === 'this' ? 'this skill' : r.expect === 'none' ? 'no skill' : (r.skill ?? 'another skill')} but went to ${r.chose ? r.chose.skill : 'no skill'}`,
      file,
    }));
  const below = (r: number | null): boolean => r !== null && r < min;
  if (below(report.recall) || below(report.precision))
    findings.push({
      check: 'routing',
      code: 'routing-below-min',
      level: 'error',
      message: `recall ${pct(report.recall)} and precision ${pct(report.precision)}: both must reach ${pct(min)}; reword the description (route-check --optimize proposes one)`,
      file,
    });
  const summary = `recall ${pct(report.recall)}, precision ${pct(report.precision)} over ${report.results.length} request(s)`;
  return { check: 'routing', status: findings.some((f) => f.level === 'error') ? 'failed' : 'passed', summary, findings };
}

/** The routing hook for runCheck. */
export function routingCheck(opts: RoutingCheckOptions): RoutingHook {
  const min = opts.min ?? 0.8;
  return async (skill, target, root) => {
    const requests = target.flat ? null : await readTriggerFile(target.path);
    if (!requests || requests.length === 0)
      return { check: 'routing', status: 'skipped', summary: `no ${TRIGGERS_FILE} with requests in the skill folder`, findings: [] };
    const exclude = [routingSkillName(skill), skill.dirName ?? target.name].filter(Boolean);
    const otherSkills = target.agentDir ? await agentRoutingSkills(target.agentDir, exclude) : [];
    let report: RoutingReport;
    try {
      const agentName = target.agentDir ? basename(target.agentDir) : undefined;
      report = await checkRouting({
        llm: opts.llm,
        draft: skill,
        otherSkills,
        requests,
        concurrency: 1,
        ...(opts.runsPerQuery !== undefined ? { runsPerQuery: opts.runsPerQuery } : {}),
        ...(opts.threshold !== undefined ? { threshold: opts.threshold } : {}),
        ...(agentName ? { agentName } : {}),
      });
    } catch (err) {
      const cause = PartialResultError.isInstance(err) ? err.cause : err;
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new CheckLlmError(`routing check of ${target.name}: ${message}`, { cause });
    }
    return outcomeOf(report, posixRelative(root, join(target.path, TRIGGERS_FILE)), min);
  };
}
