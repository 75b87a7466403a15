// The evals view's API calls, loaded with the view on first use:
// POST …/skill-builder/evals (SSE read into UI events), the designer's
// proposals (POST …/skill-builder/evals/suggest, JSON) and the skill's
// feedback (GET / PUT …/skills/{name}/evals/feedback), through the API
// client's post() and request() (its errors, endpoint and fetch). Bodies,
// events and replies are mapped by core/protocol (evals-wire.ts,
// evals-suggest-wire.ts); unknown events are ignored.
import {
  evalEventFromWire,
  evalsBodyToWire,
  feedbackListFromWire,
  feedbackListToWire,
  type EvalReportView,
  type EvalUiEvent,
  type FeedbackEntry,
} from '../../core/protocol/evals-wire.js';
import { evalsSuggestBodyToWire, evalsSuggestReplyFromWire } from '../../core/protocol/evals-suggest-wire.js';
import type { EvalCase } from '../../core/evals/types.js';
import type { ObservedRun } from '../../core/tool-run/observation.js';
import type { ApiClient } from './client.js';
import { readSse } from './sse.js';
import type { Draft } from '../types.js';

export type { EvalReportView, EvalUiEvent, FeedbackEntry };

/** What a run sends: the agent, the draft, the installed skill it replaces, and the run's size. */
export interface EvalsTarget {
  agent: string;
  draft: Draft;
  editingName?: string | undefined;
  runsPerConfiguration: number;
  maxCalls: number;
  /** The cases to run (the edited ones); absent: the server's own choice. */
  cases?: EvalCase[] | undefined;
  /** The editing session's observed runs (tries, earlier evals): the report's capability profile covers them too. */
  runs?: ObservedRun[] | undefined;
}

const agentPath = (agent: string) => `/agents/${encodeURIComponent(agent)}/skill-builder`;
const feedbackPath = (agent: string, name: string) => `${agentPath(agent)}/skills/${encodeURIComponent(name)}/evals/feedback`;

export async function* runEvals(api: ApiClient, t: EvalsTarget, signal: AbortSignal): AsyncGenerator<EvalUiEvent> {
  const body = evalsBodyToWire({
    skillMd: t.draft.skillMd,
    scripts: t.draft.scripts,
    editingName: t.editingName,
    runsPerConfiguration: t.runsPerConfiguration,
    maxCalls: t.maxCalls,
    cases: t.cases,
    runs: t.runs,
  });
  const res = await api.post(`${agentPath(t.agent)}/evals`, body, signal);
  for await (const m of readSse(res.body!, signal)) {
    const ev = evalEventFromWire(m.event ?? 'message', m.data);
    if (ev) yield ev;
  }
}

export async function loadFeedback(api: ApiClient, agent: string, name: string): Promise<FeedbackEntry[]> {
  return feedbackListFromWire(await (await api.request('GET', feedbackPath(agent, name))).json()).feedback;
}

export async function saveFeedback(api: ApiClient, agent: string, name: string, entries: FeedbackEntry[]): Promise<void> {
  await api.request('PUT', feedbackPath(agent, name), feedbackListToWire(entries));
}

/** The designer's new cases for the draft (nothing runs, nothing is written); `existing` are not proposed again. */
export async function suggestCases(
  api: ApiClient,
  t: Pick<EvalsTarget, 'agent' | 'draft' | 'editingName'>,
  existing: EvalCase[],
  signal: AbortSignal,
): Promise<EvalCase[]> {
  const body = evalsSuggestBodyToWire({ skillMd: t.draft.skillMd, scripts: t.draft.scripts, editingName: t.editingName, cases: existing });
  return evalsSuggestReplyFromWire(await (await api.post(`${agentPath(t.agent)}/evals/suggest`, body, signal)).json()).cases;
}
