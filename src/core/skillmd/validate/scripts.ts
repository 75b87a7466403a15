// Script rules of the `forge` profile (what Forge's runtime needs of a script): every
// script-backed tool has its script and every script backs a tool (helpers
// that other scripts load are exempt), non-shell interpreters are declared in
// `requires.bins`, shell entry points read `$1` under `set -euo pipefail`,
// and every host a script contacts is in `egress_domains`.
//
// "Script-backed": a skill whose runtime is not `binary` and that ships at
// least one runnable script other than a helper. Such a skill's custom tools
// are all expected to run a script (`my_search` ↔ `scripts/my-search.sh`);
// a skill with no scripts is instruction-only and its tools need none.

import { errorDiag, warningDiag } from '../../diagnostics.js';
import { isBuiltinTool } from '../../forge-runtime/builtins.js';
import { checkScriptFileName } from '../../names.js';
import { interpreterFor, normalizeScriptName, SCRIPT_EXTENSIONS, SCRIPT_INTERPRETERS, scriptStem, toolForScript, toolNameForStem, toolScriptBaseName } from '../../forge-runtime/script-binding.js';
import { analyzeScript, egressAllows, egressAllowsVariable, egressPolicy, isHelperScript, type ScriptFacts } from '../script-analysis.js';
import type { RuleContext, Sink } from './context.js';

export function scriptRules(ctx: RuleContext, add: Sink): void {
  const given = ctx.options.scripts;
  const { parsed } = ctx;
  const forge = parsed.forge;
  const scripts: Record<string, string> = {};
  for (const [key, content] of Object.entries(given ?? {})) {
    const name = normalizeScriptName(key);
    const problem = checkScriptFileName(name);
    if (problem) {
      add(errorDiag('script-name-invalid', `scripts/${key}`, `script ${problem}`, undefined, `scripts/${key}`));
      continue;
    }
    scripts[name] = typeof content === 'string' ? content : '';
  }
  const names = Object.keys(scripts).sort();
  // Without scripts no rule below has anything to report (and a file of thousands of tools need not be listed twice more).
  if (names.length === 0) return;
  const customTools = parsed.tools.filter((t) => !isBuiltinTool(t.name));
  const toolNames = customTools.map((t) => t.name);
  // Each script's tool, found once (the rules below ask several times).
  const toolByScript = new Map(names.map((n) => [n, toolForScript(n, toolNames)] as const));
  const toolOf = (script: string): string | null => toolByScript.get(script) ?? null;
  const scriptedTools = new Set<string>();
  for (const t of toolByScript.values()) if (t !== null) scriptedTools.add(t);
  // A script named after a tool is that tool's entry point even if another
  // script also calls it; only the others can be helpers.
  const entryPoints = names.filter((n) => toolOf(n) !== null || !isHelperScript(n, scripts));
  const entrySet = new Set(entryPoints);
  const facts = new Map(names.map((n) => [n, analyzeScript(scripts[n]!, n, { shellContract: entrySet.has(n) })] as const));
  const binary = forge.runtime === 'binary';
  const scriptBacked = !binary && entryPoints.some((n) => interpreterFor(n) !== null);

  if (scriptBacked) {
    const warned = new Set<string>();
    for (const tool of customTools) {
      if (warned.has(tool.name) || scriptedTools.has(tool.name)) continue;
      warned.add(tool.name);
      const base = toolScriptBaseName(tool.name);
      add(warningDiag('tool-missing-script', `tools.${tool.name}`, `tool "${tool.name}" has no script, so the runtime cannot call it; add scripts/${base}${otherForms(base)}, or rename the script that implements it`, tool.line));
    }
  }
  if (!binary) {
    for (const name of entryPoints) {
      if (toolOf(name) !== null) continue;
      const runnable = interpreterFor(name) !== null;
      add(warningDiag('script-unmapped', `scripts/${name}`, runnable
        ? `no "## Tool:" maps to scripts/${name} (tool "${toolNameForStem(scriptStem(name))}" would); add that tool section, rename the script after its tool, or delete it if unused`
        : `scripts/${name} has an extension the runtime cannot run (use ${extensionList()}) and no other script uses it; rename it or delete it`, undefined, `scripts/${name}`));
    }
  }

  const bins = new Set(forge.requires.bins.map((b) => b.name));
  for (const name of names) {
    const interp = interpreterFor(name);
    if ((interp === 'python3' || interp === 'node') && !bins.has(interp))
      add(warningDiag('script-interpreter-missing', 'metadata.forge.requires.bins', `scripts/${name} runs with ${interp}, which is not in requires.bins; add "- ${interp}" so the runtime provisions it (a tool whose interpreter is missing is skipped)`, ctx.line(['metadata', 'forge', 'requires', 'bins']), undefined));
  }

  for (const name of entryPoints) {
    if (interpreterFor(name) !== 'bash') continue;
    const content = scripts[name]!;
    const f = facts.get(name)!;
    if (!f.readsFirstArg)
      add(warningDiag('script-no-input-arg', `scripts/${name}`, `scripts/${name} never reads $1, but the runtime passes the tool's JSON input as the first argument; add INPUT="\${1:-}" near the top and parse it (e.g. with jq)`, undefined, `scripts/${name}`));
    if (!f.strictMode)
      add(warningDiag('script-no-strict-mode', `scripts/${name}`, `scripts/${name} does not run under "set -euo pipefail", so failures can pass silently; add that line right after the shebang`, content.startsWith('#!') ? 2 : 1, `scripts/${name}`));
  }

  egressRules(ctx, facts, names, add);
}

/** The first runnable extension, then (in parentheses) one file per extension another interpreter runs. */
function otherForms(base: string): string {
  const [[first, shell]] = SCRIPT_INTERPRETERS as [readonly [string, string]];
  const others = SCRIPT_INTERPRETERS.filter(([, interpreter]) => interpreter !== shell).map(([ext]) => base + ext);
  return `${first} (or ${others.join(' / ')})`;
}

/** The runnable extensions as a sentence list, from the runtime contract. */
function extensionList(): string {
  return `${SCRIPT_EXTENSIONS.slice(0, -1).join(', ')} or ${SCRIPT_EXTENSIONS[SCRIPT_EXTENSIONS.length - 1]}`;
}

function egressRules(ctx: RuleContext, facts: ReadonlyMap<string, ScriptFacts>, names: readonly string[], add: Sink): void {
  const forge = ctx.parsed.forge;
  const egress = egressPolicy(forge.egressDomains);
  const env = new Set([...forge.requires.env.required, ...forge.requires.env.oneOf, ...forge.requires.env.optional]);
  const reported = new Set<string>();
  for (const name of names) {
    for (const h of facts.get(name)!.hosts) {
      const key = `${h.kind}:${h.host}`;
      if (reported.has(key)) continue;
      if (h.kind === 'literal') {
        if (egressAllows(h.host, egress)) continue;
        reported.add(key);
        add(warningDiag('egress-domain-missing', 'metadata.forge.egress_domains', `scripts/${name} contacts ${h.host}, which is not in metadata.forge.egress_domains; add "- ${h.host}" (or a "*.domain" wildcard) or the request will be blocked`, h.line, `scripts/${name}`));
      } else {
        // A host taken from a variable is checked only when that variable is
        // one of the skill's declared env vars; other variables are computed
        // by the script and cannot be known here.
        if (!env.has(h.host) || egressAllowsVariable(h, egress)) continue;
        reported.add(key);
        add(warningDiag('egress-domain-missing', 'metadata.forge.egress_domains', `scripts/${name} contacts the host in $${h.host}, which is not in metadata.forge.egress_domains; add "- \\"$${h.host}\\"" so the runtime allows the configured host`, h.line, `scripts/${name}`));
      }
    }
  }
}
