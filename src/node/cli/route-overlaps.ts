// `route-check --all <agent-dir>`: which of an agent's skills fight over the
// same requests. The lexical pass needs no model; with the workspace's
// skill-builder model each close pair is confirmed with generated requests.
// Prints one line per close pair (similarity, shared words) and the requests
// each pair fought over.
import { findOverlaps } from '../../core/routing/overlaps.js';
import type { LlmConfig } from '../../core/llm/types.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { agentRoutingSkills } from '../routing/agent-routing.js';
import { plural, writeLine, type CliIo } from './io.js';

export async function runOverlaps(agentDir: string, llm: () => Promise<{ config: LlmConfig }>, io: CliIo, json: boolean): Promise<number> {
  const skills = await agentRoutingSkills(agentDir);
  const { config } = await llm();
  const report = await findOverlaps({ skills, llm: config });
  if (json) {
    writeLine(io.stdout, JSON.stringify(report, null, 2));
    return 0;
  }
  writeLine(io.stdout, `${plural(skills.length, 'skill')}, ${plural(report.pairs.length, 'close pair')} (${plural(report.calls, 'call')})`);
  for (const p of report.pairs) {
    writeLine(io.stdout, `${p.a} <-> ${p.b}  similarity ${Math.round(p.similarity * 100)}%  shared: ${p.shared.join(', ')}`);
    for (const text of p.contested ?? []) writeLine(io.stdout, `  contested: ${JSON.stringify(escapeControlChars(text))}`);
  }
  return 0;
}
