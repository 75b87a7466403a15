// Public surface of `forge-skill-builder/testing`: helpers for users' own tests
// (a scripted LLM client and an in-memory workspace).

export { createMemoryWorkspace } from './memory-workspace.js';
export type { MemoryWorkspace, MemoryWorkspaceOptions, MemfsVolume } from './memory-workspace.js';
export { createScriptedLlm } from './scripted-llm.js';
export type { ScriptedLlm, ScriptedLlmOptions, ScriptedReply } from './scripted-llm.js';
