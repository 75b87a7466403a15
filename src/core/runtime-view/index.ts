// What Forge's runtime reads from a SKILL.md (the runtime view): entries,
// input schemas, script binding. See runtime-view.ts.

export { forgeRuntimeView, runtimeInterpreterFor, runtimeScriptFor, runtimeScriptStems, RUNTIME_SCRIPT_EXTENSIONS } from './runtime-view.js';
export type { RuntimeToolView, RuntimeView, RuntimeViewOptions } from './runtime-view.js';
export { runtimeInputSchema, runtimeJsonType, runtimeSpecParts, invalidRuntimeKeys, splitSpecParts, RUNTIME_PROPERTY_KEY } from './input-schema.js';
export type { RuntimeInputSchema, RuntimeJsonType, RuntimeSpecPart } from './input-schema.js';
export { readRuntimeEntries } from './read-entries.js';
export type { RuntimeEntry, ReadEntriesResult } from './read-entries.js';
export { splitRuntimeFrontmatter } from './split-frontmatter.js';
export type { RuntimeSplit } from './split-frontmatter.js';
