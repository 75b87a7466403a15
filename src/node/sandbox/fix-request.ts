// The chat turn that asks the Skill Builder's designer to fix a failed tool
// run: the tool, the input it ran with, how it ended (exit code or timeout),
// stderr (its last 2,000 characters), where the output disagrees with the
// tool's Output, and the hosts the proxy refused (with why). Never stdout and never env
// values (the result's text is already redacted). The element sends it as is.

import type { ToolRunResult } from './types.js';

export function fixRequestFor(tool: string, argument: string, r: Omit<ToolRunResult, 'fixRequest' | 'causes'>): string | null {
  if (r.ok && r.outputDiagnostics.length === 0 && r.egressBlocked.length === 0) return null;
  const out = [`I ran the tool \`${tool}\` with this input and it did not work:`, '```json', argument, '```'];
  out.push(r.timedOut ? `It timed out after ${r.durationMs} ms and was killed.` : `Exit code: ${r.exitCode ?? r.signal}.`);
  const stderr = r.stderr.trim();
  if (stderr) out.push('stderr:', '```', stderr.slice(-2000), '```');
  if (r.outputDiagnostics.length > 0)
    out.push("Its output does not match the tool's Output:", ...r.outputDiagnostics.map((d) => `- ${d.path || '(the whole output)'}: ${d.message}`));
  if (r.egressBlocked.length > 0) {
    const why = (h: string) => r.egressRefusals.find((x) => x.host === h)?.reason ?? "is not in this skill's egress_domains";
    out.push('The sandbox blocked these hosts:', ...r.egressBlocked.map((h) => `- ${h}: ${why(h)}`));
  }
  out.push('Please fix the skill.');
  return out.join('\n');
}
