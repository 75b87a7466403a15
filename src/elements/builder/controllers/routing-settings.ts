// What the operator sets for a routing check and an optimisation in the
// "Check routing" dialog: runs per request and the trigger threshold (both
// modes), the optimisation's iterations, held-out share and its hard limits
// (calls, tokens; empty leaves the server's cap). The defaults are the
// server's; the ranges are the ones its body schema accepts, so an input out
// of range is clamped here and the server still validates what arrives.
import { ROUTING_RUNS } from '../../api/routing.js';

export interface RoutingSettings {
  runsPerQuery: number;
  threshold: number;
  iterations: number;
  holdout: number;
  /** Hard limits; null leaves them to the server. */
  maxCalls: number | null;
  maxTokens: number | null;
}

export const DEFAULT_ROUTING_SETTINGS: Readonly<RoutingSettings> = {
  runsPerQuery: ROUTING_RUNS,
  threshold: 0.5,
  iterations: 5,
  holdout: 0.4,
  maxCalls: null,
  maxTokens: null,
};

/** Each setting's range and step, as its input shows them. */
export const SETTING_RANGES: Readonly<Record<keyof RoutingSettings, { min: number; max: number; step: number }>> = {
  runsPerQuery: { min: 1, max: 10, step: 1 },
  threshold: { min: 0.05, max: 1, step: 0.05 },
  iterations: { min: 0, max: 20, step: 1 },
  holdout: { min: 0.05, max: 0.95, step: 0.05 },
  maxCalls: { min: 1, max: 2000, step: 1 },
  maxTokens: { min: 1, max: 100_000_000, step: 1 },
};

/** `text` typed into setting `key` as a value in range: null for an empty limit, the old value for something unreadable. */
export function readSetting(settings: RoutingSettings, key: keyof RoutingSettings, text: string): number | null {
  const nullable = key === 'maxCalls' || key === 'maxTokens';
  if (text.trim() === '') return nullable ? null : settings[key];
  const n = Number(text);
  if (!Number.isFinite(n)) return settings[key];
  const { min, max, step } = SETTING_RANGES[key];
  const v = Math.min(max, Math.max(min, n));
  return step === 1 ? Math.round(v) : v;
}
