// The one-line `**Output:**` summary the compiler writes before a tool's JSON
// output block: Forge's runtime keeps only the text on the label's line as
// the tool's output spec, so a label followed by a code block alone gives it
// nothing. Generated from the JSON (a JSON Schema or an example value).

import { isPlainObject } from '../plain-object.js';
import { foldLineBreaks } from '../trim-run.js';

const MAX_FIELDS = 8;

function fieldList(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_FIELDS).map((k) => foldLineBreaks(k).trim() || '""');
  const more = keys.length > MAX_FIELDS ? `, and ${keys.length - MAX_FIELDS} more` : '';
  return `${shown.join(', ')}${more}`;
}

function isSchema(v: Record<string, unknown>): boolean {
  return typeof v['type'] === 'string' && (v['type'] !== 'object' || isPlainObject(v['properties']) || Object.keys(v).length === 1);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return isPlainObject(first) && Object.keys(first).length > 0 ? `A JSON array of objects with ${fieldList(Object.keys(first))}` : 'A JSON array';
  }
  if (isPlainObject(value)) {
    if (isSchema(value)) {
      const props = value['properties'];
      if (value['type'] === 'array') {
        const items = value['items'];
        const ip = isPlainObject(items) ? items['properties'] : undefined;
        return isPlainObject(ip) && Object.keys(ip).length > 0 ? `A JSON array of objects with ${fieldList(Object.keys(ip))}` : 'A JSON array';
      }
      if (isPlainObject(props) && Object.keys(props).length > 0) return `A JSON object with ${fieldList(Object.keys(props))}`;
      return `A JSON ${String(value['type'])}`;
    }
    const keys = Object.keys(value);
    return keys.length > 0 ? `A JSON object with ${fieldList(keys)}` : 'A JSON object';
  }
  if (value === null) return 'JSON null';
  return `A JSON ${typeof value}`;
}

/** `A JSON object with status, files` — always one line, never empty. */
export function outputSummary(value: unknown): string {
  return `${describe(value)} (shape below).`;
}
