// `route-check <skill-dir> --agent <dir> --optimize`: the optimisation loop
// from the command line. States the calls before the first, prints one row
// per candidate (train and held-out score, the chosen one marked), the
// chosen candidate's rationale and SKILL.md diff, and the catalog budget.
// Nothing is written: the diff is there to apply by hand.
import { basename } from 'node:path';
import type { LlmConfig } from '../../core/llm/types.js';
import { catalogBudget } from '../../core/routing/catalog-budget.js';
import { routeOptimize } from '../../core/routing/optimize.js';
import type { OptimizeEvent, RoutingBudget, RoutingOptimizeResult } from '../../core/routing/optimize-types.js';
import type { RoutingRequest } from '../../core/routing/types.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import type { Skill, SkillInit } from '../../core/skill/skill.js';
import { plural, writeLine, type CliIo } from './io.js';

export interface OptimizeRun {
  llm: LlmConfig;
  model: string;
  draft: Skill;
  otherSkills: SkillInit[];
  agentDir: string;
  requests: RoutingRequest[];
  iterations: number;
  holdout: number;
  runsPerQuery: number;
  threshold: number;
  concurrency: number;
  budget: RoutingBudget;
  json: boolean;
}

const pct = (r: number | null): string => (r === null ? ' n/a' : `${Math.round(r * 100)}%`.padStart(4));

function printResult(result: RoutingOptimizeResult, io: CliIo): void {
  writeLine(io.stdout, `tuning the ${result.target === 'description' ? 'description' : 'tool descriptions'} of ${result.skill}`);
  writeLine(io.stdout, '     #  train  held-out  held-out recall');
  for (const c of result.candidates) {
    const mark = c.index === result.chosen ? '  *' : '   ';
    writeLine(io.stdout, `${mark} ${String(c.index).padStart(2)}   ${pct(c.train.score)}      ${pct(c.heldOut.score)}             ${pct(c.heldOut.recall)}`);
  }
  if (result.stopped) writeLine(io.stdout, `stopped early: the budget's ${result.stopped === 'max_calls' ? 'call' : 'token'} limit was reached`);
  writeLine(io.stdout, `${plural(result.calls, 'call')}, ${result.usage.inputTokens + result.usage.outputTokens} tokens`);
  const chosen = result.candidates.find((c) => c.index === result.chosen);
  if (!chosen || chosen.index === 0) {
    writeLine(io.stdout, 'chosen: the current text (no candidate did better on the held-out requests)');
    return;
  }
  writeLine(io.stdout, `chosen: candidate ${chosen.index} — ${escapeControlChars(chosen.rationale)}`);
  writeLine(io.stdout);
  io.stdout.write(escapeControlChars(chosen.diff, { multiline: true }));
}

/** Runs the loop and prints it; 0 when it finished (or the budget stopped it), 1 on a failure. */
export async function runOptimize(run: OptimizeRun, io: CliIo): Promise<number> {
  const controller = new AbortController();
  void io.waitForShutdown().then(() => controller.abort(new Error('interrupted')));
  let last: OptimizeEvent | undefined;
  for await (const ev of routeOptimize({
    llm: run.llm,
    draft: run.draft,
    otherSkills: run.otherSkills,
    requests: run.requests,
    iterations: run.iterations,
    holdout: run.holdout,
    runsPerQuery: run.runsPerQuery,
    threshold: run.threshold,
    concurrency: run.concurrency,
    budget: run.budget,
    agentName: basename(run.agentDir),
    signal: controller.signal,
  })) {
    last = ev;
    if (run.json) continue;
    if (ev.type === 'plan') {
      const cap = ev.maxCalls !== undefined && ev.maxCalls < ev.calls ? ` (capped at ${ev.maxCalls} by --budget-calls)` : '';
      writeLine(
        io.stderr,
        `Optimising with ${run.model}: ${plural(ev.calls, 'call')}${cap}; ${ev.train} train and ${ev.heldOut} held-out requests, ${ev.runsPerQuery} runs each.`,
      );
    } else if (ev.type === 'candidate')
      writeLine(
        io.stderr,
        `candidate ${ev.candidate.index}: train ${pct(ev.candidate.train.score).trim()}, held-out ${pct(ev.candidate.heldOut.score).trim()}`,
      );
  }
  const budget = catalogBudget({ skill: run.draft, otherSkills: run.otherSkills });
  if (last?.type !== 'done') {
    const err = last?.type === 'error' ? last.error : new Error('the optimisation ended early');
    if (last?.type === 'error' && last.result.candidates.length && !run.json) printResult(last.result, io);
    writeLine(io.stderr, `route-check --optimize failed: ${escapeControlChars(err.message)}`);
    return 1;
  }
  if (run.json) {
    writeLine(io.stdout, JSON.stringify({ ...last.result, catalog: budget }, null, 2));
    return 0;
  }
  printResult(last.result, io);
  writeLine(io.stdout);
  const pushed = budget.pushedOut.length ? `; adding it pushes out ${budget.pushedOut.join(', ')}` : '';
  writeLine(
    io.stdout,
    `catalog: ${budget.chars} characters (~${budget.tokens} tokens) of a ${budget.budgetChars}-character budget; this skill's line ${budget.lineChars}${pushed}`,
  );
  return 0;
}
