// What Forge's runtime reads from a SKILL.md (the runtime view): entries,
// input schemas, script binding. See runtime-view.ts; the rules it applies
// are forge-runtime's.

export { forgeRuntimeView } from './runtime-view.js';
export type { RuntimeToolView, RuntimeView, RuntimeViewOptions } from './runtime-view.js';
export { runtimeInputSchema, runtimeSpecParts, invalidRuntimeKeys, splitSpecParts } from './input-schema.js';
export type { RuntimeInputSchema, RuntimeJsonType, RuntimeSpecPart } from './input-schema.js';
export { readRuntimeEntries } from './read-entries.js';
export type { RuntimeEntry, ReadEntriesResult } from './read-entries.js';
export { splitRuntimeFrontmatter } from './split-frontmatter.js';
export type { RuntimeSplit } from './split-frontmatter.js';
