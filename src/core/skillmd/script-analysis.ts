// Static reading of a skill's helper scripts for the validator: does a shell
// script read its JSON input from `$1` and run under `set -euo pipefail`, and
// which hosts do its http(s) URLs contact. Line-based heuristics, not a shell
// parser: each rule says what it skips so a finding is a real one. One pass
// per script (analyzeScript) answers all three. Also which scripts are
// helpers that other scripts load rather than a tool's entry point
// (isHelperScript).

import { interpreterFor, normalizeScriptName, scriptStem } from '../forge-runtime/script-binding.js';
import { cutAt } from '../trim-run.js';

/** A URL host found in a script. */
export interface ScriptHost {
  /** Lower-case host name, or the variable name when `kind` is `variable`. */
  host: string;
  kind: 'literal' | 'variable';
  /** For `${VAR:-host}`: the default host used when the variable is unset. */
  fallback?: string;
  /** 1-based line in the script. */
  line: number;
}

/** What the validator needs to know about one script, read in a single pass. */
export interface ScriptFacts {
  /** Shell only: the top level (outside function bodies and comments) reads `$1`, or forwards `"$@"`/`$*`. */
  readsFirstArg: boolean;
  /** Shell only: errexit, nounset and pipefail are all switched on by `set` lines. */
  strictMode: boolean;
  /** Hosts the script's http(s) URLs contact (see {@link scriptHosts} for what is skipped). */
  hosts: ScriptHost[];
}

/** A shell function header on its own line: `name() {`, `function name {`, `function name() {`. */
// Each run of spaces is followed by something it cannot take (`(`, `{`, `\r` or the end), so no two runs trade characters.
const FUNCTION_START_RE = /^[ \t]*(?:function[ \t]+[\w:.-]+[ \t]*(?:\([ \t]*\)[ \t]*)?|[\w:.-]+[ \t]*\([ \t]*\)[ \t]*)(?:\{[ \t\r]*|\r[ \t\r]*)?$/;
const FUNCTION_END_REST_RE = /^[ \t\r]*(?:[;#].*)?$/;
const READS_ARG_G = /\$(?:1|\{1[}:#%/-]|@|\{@|\*|\{\*)/g;
const SET_LINE_RE = /(?:^|[;&|]\s*)set\s+([^;#&|]+)/;

const URL_RE = /\bhttps?:\/\/([^\s"'`<>()\\|]+)/gi;
/** Lines whose URLs are identifiers (XML namespaces, JSON Schema ids), not network requests. */
const IDENTIFIER_LINE_RE = /xmlns|schemaLocation|\$schema|<!DOCTYPE/i;
/** Text just before a URL that marks it as an example in a message, not a request. */
const EXAMPLE_BEFORE_RE = /(?:\be\.g\.|\bi\.e\.|\bfor example\b|\bexamples?:|\busage:|\bformat:|\bsuch as\b|\blike\s)[^\n]{0,40}$/i;
/** A URL used as a pattern: `${VAR#https://…}`, `[[ $x == https://… ]]`. */
const PATTERN_BEFORE_RE = /(?:\$\{\w+(?:##?|%%?|\/\/?)|(?:==|!=|=~)\s*["']?)$/;

/** A script's text with line boundaries, comment lines and line numbers found on demand. */
interface ScriptText {
  readonly text: string;
  lineStart(pos: number): number;
  lineEnd(pos: number): number;
  /** Whole-line comment: `#` (shell, Python; shebangs too) or `//`, `/*`, `*` (JavaScript). */
  isComment(lineStart: number): boolean;
  /** 1-based line of `pos`; positions must be asked in increasing order. */
  lineNo(pos: number): number;
}

function createScriptText(text: string, js: boolean): ScriptText {
  let counted = 0;
  let countedLines = 1;
  return {
    text,
    lineStart: (pos) => text.lastIndexOf('\n', pos - 1) + 1,
    lineEnd(pos) {
      const e = text.indexOf('\n', pos);
      return e < 0 ? text.length : e;
    },
    isComment(lineStart) {
      let k = lineStart;
      while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
      const c = text.charCodeAt(k);
      if (!js) return c === 35;
      const n = text.charCodeAt(k + 1);
      return c === 42 || (c === 47 && (n === 47 || n === 42));
    },
    lineNo(pos) {
      for (let i = text.indexOf('\n', counted); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) {
        countedLines++;
        counted = i + 1;
      }
      if (counted < pos) counted = pos;
      return countedLines;
    },
  };
}

/**
 * Reads a script once:
 * - whole-line comments (`#`, or `//` / `*` in JavaScript; shebangs too) are ignored;
 * - shell function bodies (`name() {` … the `}` at the same indentation) do not
 *   count for `readsFirstArg`, so a `local x="$1"` in a function is not the
 *   script reading its own argument;
 * - `set` lines in any spelling (`-euo pipefail`, `-Eeuo pipefail`,
 *   `-e -u -o pipefail`, `-o errexit -o nounset -o pipefail`) add up to strictMode;
 * - URLs are collected as described at {@link scriptHosts}.
 * `shellContract: false` skips the two shell checks (for sourced helpers).
 * It jumps between the few places that matter (`://`, `set`, `$1`/`$@`)
 * with indexOf and global regular expressions instead of visiting every line,
 * so long scripts cost little more than a scan.
 */
export function analyzeScript(content: string, fileName: string, options: { shellContract?: boolean } = {}): ScriptFacts {
  const interpreter = interpreterFor(fileName);
  const js = interpreter === 'node';
  const shell = interpreter === 'bash';
  const text = createScriptText(content, js);
  const facts: ScriptFacts = { readsFirstArg: false, strictMode: false, hosts: [] };

  for (let at = content.indexOf('://'); at >= 0;) {
    const ls = text.lineStart(at);
    const le = text.lineEnd(at);
    if (!text.isComment(ls)) {
      const line = content.slice(ls, le);
      if (!IDENTIFIER_LINE_RE.test(line)) {
        for (const m of line.matchAll(URL_RE)) {
          const before = line.slice(0, m.index);
          if (EXAMPLE_BEFORE_RE.test(before) || PATTERN_BEFORE_RE.test(before)) continue;
          const host = hostOf(m[1]!, shell);
          if (!host) continue;
          if (host.kind === 'literal' && isNonEgressHost(host.host)) continue;
          facts.hosts.push({ ...host, line: text.lineNo(ls) });
        }
      }
    }
    at = content.indexOf('://', le);
  }
  if (!shell || options.shellContract === false) return facts;

  facts.strictMode = strictModeOf(text);
  facts.readsFirstArg = readsFirstArgOf(text);
  return facts;
}

function strictModeOf(text: ScriptText): boolean {
  const content = text.text;
  let e = false;
  let u = false;
  let pipefail = false;
  // Every spelling starts with `set -` (`set -euo pipefail`, `set -o errexit`).
  for (let at = content.indexOf('set -', 0); at >= 0 && !(e && u && pipefail);) {
    const ls = text.lineStart(at);
    const le = text.lineEnd(at);
    const m = text.isComment(ls) ? null : SET_LINE_RE.exec(content.slice(ls, le));
    if (m) {
      const tokens = m[1]!.trim().split(/\s+/);
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!;
        if (!t.startsWith('-') || t.startsWith('--')) continue;
        for (let j = 1; j < t.length; j++) {
          const f = t[j];
          if (f === 'e') e = true;
          else if (f === 'u') u = true;
          else if (f === 'o') {
            const opt = tokens[i + 1];
            if (opt === 'pipefail') pipefail = true;
            else if (opt === 'errexit') e = true;
            else if (opt === 'nounset') u = true;
            if (j === t.length - 1) i++;
          }
        }
      }
    }
    at = content.indexOf('set -', le);
  }
  return e && u && pipefail;
}

/** The body [start, end) of the shell function whose header line starts at `ls`, or null (not a header, or never closed). */
function functionBodyAt(text: ScriptText, ls: number): [number, number] | null {
  const content = text.text;
  const le = text.lineEnd(ls);
  const line = content.slice(ls, le);
  if (!FUNCTION_START_RE.test(line)) return null;
  let k = 0;
  while (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9) k++;
  const closing = `\n${line.slice(0, k)}}`;
  for (let c = content.indexOf(closing, le); c >= 0; c = content.indexOf(closing, c + 1)) {
    const after = c + closing.length;
    if (FUNCTION_END_REST_RE.test(content.slice(after, text.lineEnd(after)))) return [le, after];
  }
  return null;
}

/**
 * True when some `$1`/`$@`/`$*` sits outside comments and function bodies.
 * Function headers are looked up only before each candidate (a body holding
 * it must start earlier), so the usual `INPUT="${1:-}"` near the top is
 * settled without reading the rest of the script.
 */
function readsFirstArgOf(text: ScriptText): boolean {
  const content = text.text;
  const bodies: Array<[number, number]> = [];
  const seen = new Set<number>();
  const needles = ['()', 'function'];
  const next = needles.map((n) => content.indexOf(n));
  const headersBefore = (limit: number): void => {
    needles.forEach((needle, i) => {
      let at = next[i]!;
      while (at >= 0 && at < limit) {
        const ls = text.lineStart(at);
        if (!seen.has(ls)) {
          seen.add(ls);
          const body = functionBodyAt(text, ls);
          if (body) bodies.push(body);
        }
        at = content.indexOf(needle, at + needle.length);
      }
      next[i] = at;
    });
  };
  READS_ARG_G.lastIndex = 0;
  for (let m = READS_ARG_G.exec(content); m; m = READS_ARG_G.exec(content)) {
    const at = m.index;
    if (text.isComment(text.lineStart(at))) continue;
    headersBefore(at);
    if (!bodies.some(([s, e]) => at >= s && at < e)) return true;
  }
  return false;
}

/** Reserved names (RFC 2606/6761) and loopback: never real egress. */
export function isNonEgressHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '127.0.0.1' ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === 'example.com' ||
    host === 'example.org' ||
    host === 'example.net' ||
    /\.(?:example(?:\.com|\.org|\.net)?|test|invalid|local)$/.test(host)
  );
}

/**
 * The hosts a script's http(s) URLs contact. Skipped: whole-line comments,
 * identifier URLs (xmlns, schemaLocation, $schema), URLs in example text
 * (`e.g. https://…`, `Expected format: https://…`), URLs used as string
 * patterns, loopback and reserved example domains, hosts built from several
 * parts (`api.${REGION}.x.com`) that cannot be known statically, and `${x}`
 * hosts outside shell scripts (program values, not environment variables).
 */
export function scriptHosts(content: string, fileName: string): ScriptHost[] {
  return analyzeScript(content, fileName).hosts;
}

const VAR_HOST_RE = /^\$(?:\{([A-Za-z_]\w*)(?::?-([^}/]*))?\}|([A-Za-z_]\w*))(?=[:/?#]|$)/;
const LITERAL_HOST_RE = /^([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9a-fA-F:.]+\])(?=[:/?#}]|$)/;

function hostOf(rest: string, shell: boolean): Omit<ScriptHost, 'line'> | null {
  const withoutUser = rest.replace(/^[^/@]*@/, '');
  const v = VAR_HOST_RE.exec(withoutUser);
  if (v) {
    // Only shell variables can be environment variables the runtime expands;
    // `${x}` in a JS template literal is a program value.
    if (!shell) return null;
    const name = v[1] ?? v[3]!;
    const fallback = v[2] ? hostOf(v[2], shell) : null;
    return fallback && fallback.kind === 'literal' ? { host: name, kind: 'variable', fallback: fallback.host } : { host: name, kind: 'variable' };
  }
  const l = LITERAL_HOST_RE.exec(withoutUser);
  if (!l || (!l[1]!.includes('.') && !l[1]!.startsWith('[') && l[1] !== 'localhost')) return null;
  return { host: l[1]!.toLowerCase().replace(/\.$/, ''), kind: 'literal' };
}

/** `https://API.x.com:443/p` or `API.x.com.` → `api.x.com`; `${VAR}` → `$VAR`. */
export function normalizeEgressEntry(entry: string): string {
  let e = entry
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const braced = /^\$\{([a-z_]\w*)\}$/i.exec(entry.trim());
  if (braced) return `$${braced[1]}`;
  if (e.startsWith('$')) return `$${cutAt(e.slice(1), (c) => !/\w/.test(c))}`.replace(/^\$$/, '');
  e = cutAt(e, '/?#').replace(/:\d+$/, '').replace(/\.$/, '');
  return e;
}

/** An egress_domains list read once: exact hosts, `*.domain` suffixes, `$VAR` names. */
export interface EgressPolicy {
  exact: ReadonlySet<string>;
  /** `.example.com` for `*.example.com`. */
  suffixes: readonly string[];
  any: boolean;
  /** Variable names of `$VAR` / `${VAR}` entries, spelled as written. */
  variables: ReadonlySet<string>;
}

export function egressPolicy(egress: readonly string[]): EgressPolicy {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  const variables = new Set<string>();
  let any = false;
  for (const raw of egress) {
    const v = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(raw.trim());
    if (v) {
      variables.add(v[1]!);
      continue;
    }
    const e = normalizeEgressEntry(raw);
    if (!e || e.startsWith('$')) continue;
    if (e === '*') any = true;
    else if (e.startsWith('*.')) suffixes.push(e.slice(1));
    else exact.add(e);
  }
  return { exact, suffixes, any, variables };
}

/** True when `host` (literal) is allowed by an exact entry or a `*.domain` wildcard (subdomains only). */
export function egressAllows(host: string, egress: readonly string[] | EgressPolicy): boolean {
  const p = Array.isArray(egress) ? egressPolicy(egress) : (egress as EgressPolicy);
  const h = host.toLowerCase();
  return p.any || p.exact.has(h) || p.suffixes.some((s) => h.endsWith(s));
}

/** True when a variable host is declared (`$VAR` / `${VAR}`), or its `${VAR:-default}` default is allowed. */
export function egressAllowsVariable(host: ScriptHost, egress: readonly string[] | EgressPolicy): boolean {
  const p = Array.isArray(egress) ? egressPolicy(egress) : (egress as EgressPolicy);
  if (p.variables.has(host.host)) return true;
  return host.fallback !== undefined && egressAllows(host.fallback, p);
}

// ------------------------------------------------------------ helper scripts

// Helper scripts: files in a skill's `scripts/` that other scripts load
// (`source "$DIR/common.sh"`, `import common`, `require('./util')`) rather
// than entry points of a tool, so no `## Tool:` has to map to them.

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True when another script of the skill uses `name` rather than it being a
 * tool entry point: another script names the file (`source "$DIR/common.sh"`,
 * `python3 "$DIR/util.py"`, a data file such as `query.graphql`), imports its
 * Python module (`from common import x`, `import common`) or requires it by
 * relative path (`require('./util')`, `from './util.js'`).
 */
export function isHelperScript(name: string, scripts: Readonly<Record<string, string>>): boolean {
  const stem = escapeRe(scriptStem(name));
  // The patterns below hold `name` and `stem` escaped (escapeRe): literal text, so each is as linear as its fixed parts.
  // eslint-disable-next-line local/static-regexp -- escaped literal name between one-character lookarounds: linear
  const patterns: RegExp[] = [new RegExp(`(?<![\\w.-])${escapeRe(name)}(?![\\w-])`)];
  const interp = interpreterFor(name);
  // eslint-disable-next-line local/static-regexp -- escaped literal stem; `[ \t]*` at a line start, `\s+` between fixed words: linear
  if (interp === 'python3') patterns.push(new RegExp(`^[ \\t]*(?:from\\s+\\.?${stem}\\s+import\\b|import\\s+${stem}\\b)`, 'm'));
  // eslint-disable-next-line local/static-regexp -- escaped literal stem after a quote; `[^"'\n]*/` stops at the closing quote or line end: linear per quote
  if (interp === 'node') patterns.push(new RegExp(`["']\\.{1,2}/(?:[^"'\\n]*/)?${stem}["']`));
  for (const [other, content] of Object.entries(scripts)) {
    if (normalizeScriptName(other) === name) continue;
    if (patterns.some((re) => re.test(content))) return true;
  }
  return false;
}
