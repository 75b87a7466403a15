// Checking scripts without running them (issue 15, part 2).
export { checkScriptSyntax } from './check-syntax.js';
export type { CheckScriptSyntaxOptions, ScriptSyntaxFinding, ScriptSyntaxResult, SyntaxTool } from './types.js';
