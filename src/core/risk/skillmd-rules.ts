// Content rules for the SKILL.md text itself: prompt-injection phrases
// ("ignore previous instructions") anywhere in the file, HTML comments (which
// a rendered view hides but the agent reads) that address the agent, and
// invisible characters (zero-width, bidi overrides, Unicode tag characters)
// that hide text from a human reviewer.

import { finding } from './script-lines.js';
import type { RiskFinding } from './types.js';

const INJECTION = [
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|preceding|system|original|developer)\s+(?:instructions?|prompts?|rules|directions|guidelines|messages?|context)\b/i,
  /\b(?:reveal|print|output|repeat|leak|show)\s+(?:me\s+)?(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)\b/i,
  /\byou\s+are\s+no\s+longer\s+(?:bound|restricted|an?\s+assistant)\b/i,
];

/** Words that show a comment is talking to the model rather than to a maintainer. */
const ADDRESSED =
  /\b(?:assistant|agent|AI|LLM|model|claude|gpt|chatgpt|gemini|you\s+(?:must|should|will|are|need)|ignore|instructions?|system\s+prompt|secretly|silently|without\s+telling|do\s+not\s+(?:tell|mention|reveal)|exfiltrate)\b/i;

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/;

export function skillMdRules(text: string): RiskFinding[] {
  const out: RiskFinding[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const l = { no: i + 1, text: line };
    if (INJECTION.some((re) => re.test(line)))
      out.push(
        finding(
          'prompt-injection',
          'critical',
          'reads like a prompt injection: it tells the agent to drop its instructions; a skill describes a task, it never overrides the agent',
          'SKILL.md',
          l,
        ),
      );
    // A BOM at the very start is harmless; anywhere else it hides nothing useful either way.
    if (INVISIBLE.test(i === 0 ? line.replace(/^\uFEFF/, '') : line))
      out.push(
        finding(
          'hidden-instruction',
          'critical',
          'contains invisible characters (zero-width, bidi override or Unicode tag characters) that can hide text from a reviewer; delete them',
          'SKILL.md',
          l,
        ),
      );
  });
  for (const m of text.matchAll(/<!--([\s\S]*?)-->/g)) {
    if (!ADDRESSED.test(m[1]!)) continue;
    const no = text.slice(0, m.index).split('\n').length;
    out.push(
      finding(
        'hidden-instruction',
        'critical',
        'an HTML comment addresses the agent: rendered views hide it, but the agent reads it; move real instructions into the visible text or delete it',
        'SKILL.md',
        { no, text: lines[no - 1] ?? '' },
      ),
    );
  }
  return out;
}
