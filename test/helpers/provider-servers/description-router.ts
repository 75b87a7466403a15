// A scripted "agent model" whose routing depends on the words of what it is
// shown: it reads the catalog lines (`- name: description`) of the system
// prompt and the offered tools' descriptions off the provider's wire body, and
// calls read_skill (or the tool) for the first one sharing a word with the
// user's message. Rewording a description therefore changes what it routes —
// what an optimisation loop needs to be tested against. Designer calls (no
// tools offered) get the scripted proposals in order; every designer prompt
// is kept for inspection.
import { seen } from './keyword-router.js';
import type { ProviderName, RecordedRequest, Reply } from './types.js';

const STOP = new Set(['when', 'user', 'asks', 'about', 'what', 'this', 'that', 'with', 'give', 'from', 'into', 'your', 'the', 'for', 'use', 'just']);

export function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 4 && !STOP.has(w)));
}

export interface DescriptionRouterOptions {
  /** Replies to designer calls, in order (an HTTP 500 once they run out). */
  proposals: Reply[];
  /** Called with each routing call's user message before it is answered (e.g. to abort a run at a given call). */
  onRoute?: (user: string, index: number) => void;
  /** Words that route only on two of every three calls carrying them (a non-deterministic model). */
  flaky?: string[];
}

export interface DescriptionRouter {
  handler: (request: RecordedRequest) => Reply;
  /** The user messages of every designer call received. */
  designerPrompts: string[];
  /** System + user text of every designer call. */
  designerBodies: string[];
}

export function descriptionRouter(provider: ProviderName, options: DescriptionRouterOptions): DescriptionRouter {
  const designerPrompts: string[] = [];
  const designerBodies: string[] = [];
  const flakyCount = new Map<string, number>();
  let routed = 0;
  const handler = (request: RecordedRequest): Reply => {
    const s = seen(provider, request.body);
    if (Object.keys(s.tools).length === 0) {
      designerPrompts.push(s.user);
      designerBodies.push(request.rawBody);
      return options.proposals[designerPrompts.length - 1] ?? { error: { status: 500, message: 'description router: no proposal scripted' } };
    }
    options.onRoute?.(s.user, routed++);
    const asked = words(s.user);
    const targets: { tool: string; args: Record<string, unknown>; text: string }[] = [];
    for (const m of s.system.matchAll(/^- ([^:\n]+): (.*)$/gm)) targets.push({ tool: 'read_skill', args: { name: m[1]!.trim() }, text: m[2]! });
    for (const [name, t] of Object.entries(s.tools)) if (name !== 'read_skill') targets.push({ tool: name, args: {}, text: t.description ?? '' });
    for (const target of targets) {
      const shared = [...words(target.text)].filter((w) => asked.has(w));
      if (shared.length === 0) continue;
      if (shared.every((w) => options.flaky?.includes(w))) {
        const n = (flakyCount.get(s.user) ?? 0) + 1;
        flakyCount.set(s.user, n);
        if (n % 3 === 0) continue;
      }
      return { toolCalls: [{ name: target.tool, arguments: target.args }] };
    }
    return 'I can answer that myself.';
  };
  return { handler, designerPrompts, designerBodies };
}
