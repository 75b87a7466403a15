// Checking scripts without running them.
export { checkScriptSyntax } from './check-syntax.js';
export type { CheckScriptSyntaxOptions, ScriptSyntaxFinding, ScriptSyntaxResult, SyntaxTool } from './types.js';
