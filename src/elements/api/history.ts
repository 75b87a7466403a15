// A skill's save history for the element, loaded with the History view: the
// versions kept (GET …/history), a diff between a version and the skill on
// disk (GET …/diff), a rollback (POST …/rollback) and the skill's trust from
// the skills list, through the API client's request() (its errors, endpoint
// and fetch). Shapes are mapped by core/protocol/history-wire.ts.
import type { SaveSkillResult, SkillHistory, SkillVersionDiff } from '../../core/api/types.js';
import { rollbackRequestToWire, skillHistoryFromWire, versionDiffFromWire } from '../../core/protocol/history-wire.js';
import { skillSummaryTrustFromWire } from '../../core/protocol/trust-wire.js';
import { saveResultFromWire, skillSummaryFromWire } from '../../core/protocol/wire.js';
import type { SkillTrust } from '../../core/trust/types.js';
import type { ApiClient } from './client.js';

export type { SkillHistory, SkillVersionDiff, SkillTrust };

const skillPath = (agent: string, name: string) => `/agents/${encodeURIComponent(agent)}/skill-builder/skills/${encodeURIComponent(name)}`;

export async function fetchHistory(api: ApiClient, agent: string, name: string): Promise<SkillHistory> {
  return skillHistoryFromWire(await (await api.request('GET', `${skillPath(agent, name)}/history`)).json());
}

export async function fetchDiff(api: ApiClient, agent: string, name: string, from: string, to = 'current'): Promise<SkillVersionDiff> {
  const q = `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return versionDiffFromWire(await (await api.request('GET', `${skillPath(agent, name)}/diff${q}`)).json());
}

export async function rollback(api: ApiClient, agent: string, name: string, to: string): Promise<SaveSkillResult> {
  return saveResultFromWire(await (await api.request('POST', `${skillPath(agent, name)}/rollback`, rollbackRequestToWire({ to }))).json());
}

/** What the skill's signatures say (from the agent's skills list); undefined for a flat skill or an older server. */
export async function fetchTrust(api: ApiClient, agent: string, name: string): Promise<SkillTrust | undefined> {
  const list = (await (await api.request('GET', `/agents/${encodeURIComponent(agent)}/skill-builder/skills`)).json()) as unknown[];
  const item = list.find((x) => skillSummaryFromWire(x).dirName === name || skillSummaryFromWire(x).name === name);
  return item === undefined ? undefined : skillSummaryTrustFromWire(item);
}
