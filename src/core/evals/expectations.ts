// Expectations: the statements of an eval case. Written as plain strings (so
// evals.json stays skill-creator's), a recognised prefix makes one a check the
// harness decides on its own from the transcript:
//
//   tool_called: get_weather                       the agent called the tool
//   tool_called: get_weather with {"city":"Oslo"}  … with these input fields (a subset, strings compared case-insensitively)
//   tool_not_called: delete_file
//   answer_contains: 18°C                          the final answer holds the text (case-insensitive)
//   answer_not_contains: error
//   answer_matches: temperature*°C                 a wildcard pattern: `*` any run of characters, matched anywhere, case-insensitive
//   json_path: $.forecast[0].temp == 18            the first JSON value in the answer has this value at the path
//
// Anything else is judged by the grader model.
import { objectCandidates, parseJsonLenient } from '../json/scan.js';
import type { ExpectationVerdict, Transcript, TranscriptToolCall } from './types.js';

export type Expectation =
  | { kind: 'tool_called'; tool: string; input?: Record<string, unknown> }
  | { kind: 'tool_not_called'; tool: string }
  | { kind: 'answer_contains' | 'answer_not_contains'; text: string }
  | { kind: 'answer_matches'; pattern: string }
  | { kind: 'json_path'; path: (string | number)[]; value: unknown }
  | { kind: 'judged'; text: string };

/** Longest answer a pattern is matched against. */
const MATCH_CHARS = 65_536;

/**
 * Where `pattern` (`*` for any run of characters) first matches in `text`,
 * case-insensitively: each literal piece found after the previous one, so the
 * time is linear in the text whatever the pattern (no regular expression is
 * built from an expectation). null when it does not match.
 */
export function wildcardMatch(pattern: string, text: string): { start: number; end: number } | null {
  const hay = text.toLowerCase();
  const pieces = pattern.toLowerCase().split('*').filter(Boolean);
  if (pieces.length === 0) return { start: 0, end: 0 };
  let from = 0;
  let start = -1;
  for (const piece of pieces) {
    const i = hay.indexOf(piece, from);
    if (i < 0) return null;
    if (start < 0) start = i;
    from = i + piece.length;
  }
  return { start, end: from };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function parsePath(spec: string): (string | number)[] | null {
  if (!spec.startsWith('$')) return null;
  const out: (string | number)[] = [];
  const re = /\.([A-Za-z_][\w-]*)|\[(\d+)\]|\["([^"]*)"\]/y;
  re.lastIndex = 1;
  while (re.lastIndex < spec.length) {
    const start = re.lastIndex;
    const m = re.exec(spec);
    if (!m || re.lastIndex === start) return null;
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[3]!));
  }
  return out;
}

/** What an expectation string asks; `judged` when it is not one of the recognised checks (or a check written wrong). */
export function parseExpectation(text: string): Expectation {
  const m = /^\s*(tool_called|tool_not_called|answer_contains|answer_not_contains|answer_matches|json_path)\s*:(.*)$/is.exec(text);
  if (!m) return { kind: 'judged', text };
  const kind = m[1]!.toLowerCase();
  const rest = m[2]!.trim();
  if (kind === 'tool_called' || kind === 'tool_not_called') {
    const call = /^([\w-]+)(?:\s+with\s+(\{.*\}))?$/s.exec(rest);
    if (!call) return { kind: 'judged', text };
    if (kind === 'tool_not_called') return call[2] ? { kind: 'judged', text } : { kind: 'tool_not_called', tool: call[1]! };
    if (!call[2]) return { kind: 'tool_called', tool: call[1]! };
    const input = parseJson(call[2]);
    return input.ok && isObject(input.value) ? { kind: 'tool_called', tool: call[1]!, input: input.value } : { kind: 'judged', text };
  }
  if (kind === 'answer_contains' || kind === 'answer_not_contains') return rest ? { kind, text: rest } : { kind: 'judged', text };
  if (kind === 'answer_matches') return rest.replaceAll('*', '') ? { kind: 'answer_matches', pattern: rest } : { kind: 'judged', text };
  const eq = rest.indexOf('==');
  const path = eq > 0 ? parsePath(rest.slice(0, eq).trim()) : null;
  const value = eq > 0 ? parseJson(rest.slice(eq + 2).trim()) : { ok: false as const };
  return path && value.ok ? { kind: 'json_path', path, value: value.value } : { kind: 'judged', text };
}

/** True when `actual` has every field of `expected` (recursively; strings compared trimmed and case-insensitively). */
export function inputMatches(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string' && typeof actual === 'string') return expected.trim().toLowerCase() === actual.trim().toLowerCase();
  if (typeof expected === 'number' && typeof actual === 'string') return actual.trim() === String(expected);
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.length === actual.length && expected.every((e, i) => inputMatches(e, actual[i]));
  if (isObject(expected)) return isObject(actual) && Object.keys(expected).every((k) => Object.hasOwn(actual, k) && inputMatches(expected[k], actual[k]));
  return expected === actual;
}

/** The first JSON object or array in `text`, or undefined. */
export function firstJsonValue(text: string): unknown {
  const whole = parseJsonLenient(text.trim());
  if (whole.ok && typeof whole.value === 'object' && whole.value !== null) return whole.value;
  for (const span of objectCandidates(text)) {
    if (!span.complete) continue;
    const parsed = parseJsonLenient(text.slice(span.start, span.end));
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) return parsed.value;
  }
  return undefined;
}

function at(value: unknown, path: readonly (string | number)[]): { found: boolean; value?: unknown } {
  let cur = value;
  for (const key of path) {
    if (typeof key === 'number' ? !Array.isArray(cur) || key >= cur.length : !isObject(cur) || !Object.hasOwn(cur, key)) return { found: false };
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return { found: true, value: cur };
}

const allCalls = (t: Transcript): TranscriptToolCall[] => t.steps.flatMap((s) => s.toolCalls);
const short = (v: unknown, n = 160): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > n ? `${s.slice(0, n)}…` : s;
};

/** The verdict of a deterministic expectation, with the transcript line it rests on as evidence. */
export function checkExpectation(text: string, e: Exclude<Expectation, { kind: 'judged' }>, t: Transcript): ExpectationVerdict {
  const verdict = (passed: boolean, evidence: string): ExpectationVerdict => ({ text, passed, evidence, by: 'check' });
  const answer = t.answer;
  switch (e.kind) {
    case 'tool_called': {
      const calls = allCalls(t).filter((c) => c.name === e.tool);
      if (calls.length === 0)
        return verdict(
          false,
          `${e.tool} was never called (calls: ${
            allCalls(t)
              .map((c) => c.name)
              .join(', ') || 'none'
          })`,
        );
      const hit = e.input ? calls.find((c) => inputMatches(e.input, c.input)) : calls[0];
      return hit ? verdict(true, `${e.tool} called with ${short(hit.input)}`) : verdict(false, `${e.tool} called, but with ${short(calls[0]!.input)}`);
    }
    case 'tool_not_called': {
      const hit = allCalls(t).find((c) => c.name === e.tool);
      return hit ? verdict(false, `${e.tool} was called with ${short(hit.input)}`) : verdict(true, `${e.tool} was not called`);
    }
    case 'answer_contains':
    case 'answer_not_contains': {
      const i = answer.toLowerCase().indexOf(e.text.toLowerCase());
      const quote = i >= 0 ? `answer: "…${answer.slice(Math.max(0, i - 40), i + e.text.length + 40)}…"` : `not in the answer: "${short(answer)}"`;
      return verdict(e.kind === 'answer_contains' ? i >= 0 : i < 0, quote);
    }
    case 'answer_matches': {
      const m = wildcardMatch(e.pattern, answer.slice(0, MATCH_CHARS));
      return m ? verdict(true, `answer matched: "${short(answer.slice(m.start, m.end))}"`) : verdict(false, `no match in the answer: "${short(answer)}"`);
    }
    case 'json_path': {
      const json = firstJsonValue(answer);
      if (json === undefined) return verdict(false, `the answer holds no JSON: "${short(answer)}"`);
      const found = at(json, e.path);
      if (!found.found) return verdict(false, `the answer's JSON has nothing at that path`);
      return verdict(JSON.stringify(found.value) === JSON.stringify(e.value), `value at the path: ${short(found.value)}`);
    }
  }
}
