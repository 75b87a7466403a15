// The tools of one skill as Forge's runtime will run them, for the artifacts:
// every entry of the runtime view (phantom `- word` entries included) as a
// `runtime_tools` record, and the tool definitions of tools.json — the entries
// the runtime registers (a script bound by either name form, usable property
// keys, a name providers accept and the registry takes), each with the input schema InputSpecToSchema
// computes and, apart under `authored`, our richer reading of the section.

import { errorDiag, type Diagnostic } from '../diagnostics.js';
import { registersTool, toolNameProblem } from '../forge-runtime/registration.js';
import { interpreterFor } from '../forge-runtime/script-binding.js';
import type { RuntimeView } from '../runtime-view/runtime-view.js';
import type { ToolSection } from '../skillmd/types.js';
import { buildInputSchema } from './input-schema.js';
import type { RuntimeToolArtifact, ToolDefinition } from './types.js';

export interface RuntimeToolsInput {
  view: RuntimeView;
  /** The author's sections as parsed by this package, matched to entries by name. */
  sections: readonly ToolSection[];
  /** The skill's name (tools.json `skill`) and folder (script paths). */
  skill: string;
  folder: string;
}

export interface RuntimeToolsResult {
  records: RuntimeToolArtifact[];
  definitions: ToolDefinition[];
  /** Tool name → the line of its entry, for findings about a definition. */
  lines: Map<string, number>;
  diagnostics: Diagnostic[];
}

export function runtimeTools({ view, sections, skill, folder }: RuntimeToolsInput): RuntimeToolsResult {
  const dropped = view.loadErrors.length > 0;
  const scriptPath = (s: string | null | undefined) => (s ? `${folder}/${s}` : null);
  const records: RuntimeToolArtifact[] = dropped
    ? []
    : view.tools.map((t) => ({
        name: t.name,
        kind: t.kind,
        line: t.line,
        description: t.description,
        input_spec: t.inputSpec,
        input_schema: t.inputSchema,
        output_spec: t.outputSpec,
        output_format: t.outputFormat,
        script: scriptPath(t.script),
        invalid_keys: t.invalidKeys,
      }));
  const definitions: ToolDefinition[] = [];
  const lines = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  for (const t of dropped || view.runtime === 'binary' ? [] : view.tools) {
    const interpreter = t.script ? interpreterFor(t.script) : null;
    // A name already taken in this skill: the registry refuses the second tool.
    if (!t.script || !interpreter || lines.has(t.name)) continue;
    const nameProblem = toolNameProblem(t.name);
    if (nameProblem === 'provider' || nameProblem === 'reserved') {
      diagnostics.push(
        errorDiag(
          'tool-name-invalid',
          `tools.${t.name}`,
          nameProblem === 'provider'
            ? `tool name "${t.name}" is not accepted by LLM providers (letters, digits, "_" and "-", 1-64 characters); rename the "## Tool:" section and its script — the tool is left out until then`
            : `tool name "${t.name}" contains "__", which Forge's runtime reserves for namespaced tools and refuses to register; use a single "_" in the "## Tool:" section and its script — the tool is left out until then`,
          t.line,
        ),
      );
      continue;
    }
    // The runtime skips a tool whose schema has a key providers reject (the validator reports
    // runtime-input-key-invalid), and the registry keeps a built-in's name (or read_skill) for the built-in.
    if (!registersTool(view.runtime, t)) continue;
    const section = t.kind === 'tool' ? sections.find((s) => s.name === t.name) : undefined;
    let authored: ToolDefinition['authored'] = null;
    if (section) {
      const { schema, diagnostics: ds } = buildInputSchema(section);
      authored = { description: section.description, input_schema: ds.some((d) => d.severity === 'error') ? null : schema };
    }
    lines.set(t.name, t.line);
    definitions.push({
      name: t.name,
      description: t.description,
      input_schema: t.inputSchema,
      output_spec: t.outputSpec,
      output_format: t.outputFormat,
      skill,
      script: scriptPath(t.script)!,
      interpreter,
      authored,
    });
  }
  return { records, definitions, lines, diagnostics };
}
