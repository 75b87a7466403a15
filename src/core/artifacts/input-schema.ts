// The JSON Schema an LLM provider receives for a script-backed tool, built
// from the tool's **Input** (a Markdown table or inline `name (type)` pairs).
// Each type cell is read with the authoring vocabulary (skillmd/input-types).
// A key that breaks the providers' property-key rule (forge-runtime)
// makes the whole tool unusable, so it is an error for that tool alone.

import { errorDiag, warningDiag, type Diagnostic } from '../diagnostics.js';
import { isValidPropertyKey, suggestPropertyKey } from '../forge-runtime/input-spec.js';
import { mapInputType, type JsonSchemaNode } from '../skillmd/input-types.js';
import type { ToolParam, ToolSection } from '../skillmd/types.js';

/** The input schema of one tool: always an object. */
export interface ToolInputSchema extends JsonSchemaNode {
  type: 'object';
  properties: Record<string, JsonSchemaNode>;
  required: string[];
}

export interface InputSchemaResult {
  schema: ToolInputSchema;
  /** Errors mean the tool must be left out of `tools[]`; warnings do not. */
  diagnostics: Diagnostic[];
}

/** `tools.<tool>.input.<param>`: the field a diagnostic about a parameter names. */
function paramField(tool: string, param: string): string {
  return `tools.${tool}.input.${param}`;
}

function describe(param: ToolParam, note: string): string {
  const d = param.description.trim();
  if (!note) return d;
  if (!d) return note;
  return d.includes(note) ? d : `${note}. ${d}`;
}

/** Builds the input JSON Schema of a `## Tool:` section and the findings about it. */
export function buildInputSchema(tool: ToolSection): InputSchemaResult {
  const diagnostics: Diagnostic[] = [];
  const properties: Record<string, JsonSchemaNode> = {};
  const required: string[] = [];
  const seen = new Set<string>();
  for (const param of tool.input) {
    const key = param.name.trim();
    if (!isValidPropertyKey(key)) {
      diagnostics.push(
        errorDiag(
          'tool-input-key-invalid',
          paramField(tool.name, key),
          `parameter "${key}" of tool "${tool.name}" is not a valid property key for LLM providers (letters, digits, "_", "." and "-", 1-64 characters); rename it, e.g. "${suggestPropertyKey(key)}" — the tool is left out of tools.json until then`,
          tool.line,
        ),
      );
      continue;
    }
    if (seen.has(key)) {
      diagnostics.push(
        errorDiag(
          'tool-input-duplicate',
          paramField(tool.name, key),
          `parameter "${key}" appears twice in the Input of tool "${tool.name}"; keep one row per parameter`,
          tool.line,
        ),
      );
      continue;
    }
    seen.add(key);
    const mapped = mapInputType(param.type, param.constraint);
    if (!mapped.known) {
      diagnostics.push(
        warningDiag(
          'tool-input-type-unknown',
          paramField(tool.name, key),
          param.type.trim() === ''
            ? `parameter "${key}" of tool "${tool.name}" has no type, so it is sent as a string; give it one (string, integer, number, boolean, array, object)`
            : `type "${param.type}" of parameter "${key}" (tool "${tool.name}") is not one we know, so it is sent as a string; use string, integer, number, boolean, array, object, T[] or a|b`,
          tool.line,
        ),
      );
    }
    const description = describe(param, mapped.known ? mapped.note : '');
    const node: JsonSchemaNode = { ...mapped.schema };
    if (description) node.description = description;
    properties[key] = orderNode(node);
    if (param.required) required.push(key);
  }
  return { schema: { type: 'object', properties, required }, diagnostics };
}

const NODE_KEY_ORDER: Array<keyof JsonSchemaNode> = [
  'type',
  'format',
  'enum',
  'minimum',
  'maximum',
  'default',
  'items',
  'properties',
  'required',
  'description',
];

/** Same node with keys in one fixed order, so output bytes never depend on how it was built. */
function orderNode(node: JsonSchemaNode): JsonSchemaNode {
  const out: Record<string, unknown> = {};
  for (const k of NODE_KEY_ORDER) {
    const v = node[k];
    if (v === undefined) continue;
    out[k] = k === 'items' ? orderNode(v as JsonSchemaNode) : v;
  }
  return out as JsonSchemaNode;
}
