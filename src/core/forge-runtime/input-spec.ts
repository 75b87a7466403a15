// The rules Forge's runtime applies to a tool's one-line `**Input:**` spec:
// the property-key rule the providers enforce (a tool with one bad key is not
// registered, since it would fail every request of the agent), the small type
// vocabulary (a type word, trimmed and in any case, maps to a JSON type;
// every other word is a string), the `required` marker (found anywhere in the
// parenthesis) and the first-parameter rule (the first part is required
// whatever it says). The reader that applies them is runtime-view.

import { goTrimSpace } from './go-text.js';
import { trimOf } from '../trim-run.js';

/** The providers' rule for input-schema property keys (the strictest of OpenAI, Anthropic and Gemini). */
export const PROPERTY_KEY_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;

/** True when the providers accept `key` as a property key of a tool's input schema. */
export function isValidPropertyKey(key: string): boolean {
  return PROPERTY_KEY_PATTERN.test(key);
}

/** A key that follows the rule, made from one that does not (`pod name` → `pod_name`). */
export function suggestPropertyKey(key: string): string {
  const s = key.trim().replace(/[^a-zA-Z0-9_.-]+/g, '_');
  return trimOf(s, '_').slice(0, 64) || 'param';
}

export type RuntimeJsonType = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** The runtime's type vocabulary: lower-case type word → JSON type. Any other word is `string`. */
export const RUNTIME_TYPE_WORDS: Readonly<Record<string, RuntimeJsonType>> = Object.freeze({
  int: 'number',
  integer: 'number',
  number: 'number',
  bool: 'boolean',
  boolean: 'boolean',
  array: 'array',
  list: 'array',
  object: 'object',
  map: 'object',
});

/** The JSON type the runtime gives a type word (trimmed, any case); anything outside the vocabulary is `string`. */
export function runtimeJsonType(typeWord: string): RuntimeJsonType {
  const word = goTrimSpace(typeWord).toLowerCase();
  return Object.hasOwn(RUNTIME_TYPE_WORDS, word) ? RUNTIME_TYPE_WORDS[word]! : 'string';
}

/** The word that marks a parameter required when it appears anywhere inside its parenthesis. */
export const REQUIRED_MARKER = 'required';

/**
 * Whether the runtime requires the parameter at `position` (0-based among the
 * comma-separated parts, empty parts counted): the first part always, any
 * other only when its parenthesis says `required`.
 */
export function runtimeRequires(position: number, markedRequired: boolean): boolean {
  return position === 0 || markedRequired;
}
