// Static reading of a skill's helper scripts for the validator: does a shell
// script read its JSON input from `$1` and run under `set -euo pipefail`, and
// which hosts do its http(s) URLs contact. Line-based heuristics, not a shell
// parser: each rule says what it skips so a finding is a real one.

/** True for a whole-line comment in a shell/Python (`#`) or JavaScript (`//`) script. Shebangs count as comments. */
function isCommentLine(line: string, js: boolean): boolean {
  const t = line.trimStart();
  return js ? t.startsWith('//') || t.startsWith('*') || t.startsWith('/*') : t.startsWith('#');
}

const FUNCTION_START_RE = /^\s*(?:function\s+[\w:.-]+\s*(?:\(\s*\))?|[\w:.-]+\s*\(\s*\))\s*\{?\s*$/;

/**
 * The lines of a shell script that run at top level: comments and the bodies
 * of functions (`name() {` … the `}` at the same indentation) are left out, so
 * a `local x="$1"` inside a function does not count as reading the script's
 * own argument.
 */
function topLevelShellLines(content: string): string[] {
  const out: string[] = [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isCommentLine(line, false)) continue;
    const fn = FUNCTION_START_RE.exec(line);
    if (fn) {
      const indent = /^\s*/.exec(line)![0];
      const close = new RegExp(`^${indent}\\}\\s*(?:[;#].*)?$`);
      let j = i + 1;
      while (j < lines.length && !close.test(lines[j]!)) j++;
      if (j < lines.length) {
        i = j;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

const READS_ARG_RE = /\$(?:1|\{1[}:#%/-]|@|\{@|\*|\{\*)/;

/** True when the top level of a shell script reads `$1` (or forwards `"$@"`/`$*` to something that does). */
export function shellReadsFirstArg(content: string): boolean {
  return topLevelShellLines(content).some((l) => READS_ARG_RE.test(l));
}

const SET_LINE_RE = /(?:^|[;&|]\s*)set\s+([^;#&|]+)/;

/**
 * True when the script turns on errexit, nounset and pipefail, in any
 * spelling: `set -euo pipefail`, `set -Eeuo pipefail`, `set -e -u -o pipefail`,
 * `set -o errexit -o nounset -o pipefail`.
 */
export function shellHasStrictMode(content: string): boolean {
  let e = false;
  let u = false;
  let pipefail = false;
  for (const raw of content.split('\n')) {
    if (isCommentLine(raw, false)) continue;
    const m = SET_LINE_RE.exec(raw);
    if (!m) continue;
    const tokens = m[1]!.trim().split(/\s+/);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (!t.startsWith('-') || t.startsWith('--')) continue;
      const letters = t.slice(1);
      for (let k = 0; k < letters.length; k++) {
        const c = letters[k];
        if (c === 'e') e = true;
        else if (c === 'u') u = true;
        else if (c === 'o') {
          const opt = tokens[i + 1];
          if (opt === 'pipefail') pipefail = true;
          else if (opt === 'errexit') e = true;
          else if (opt === 'nounset') u = true;
          if (k === letters.length - 1) i++;
        }
      }
    }
  }
  return e && u && pipefail;
}

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

const URL_RE = /\bhttps?:\/\/([^\s"'`<>()\\|]+)/gi;
/** Lines whose URLs are identifiers (XML namespaces, JSON Schema ids), not network requests. */
const IDENTIFIER_LINE_RE = /xmlns|schemaLocation|\$schema|<!DOCTYPE/i;
/** Text just before a URL that marks it as an example in a message, not a request. */
const EXAMPLE_BEFORE_RE = /(?:\be\.g\.|\bi\.e\.|\bfor example\b|\bexamples?:|\busage:|\bformat:|\bsuch as\b|\blike\s)[^\n]{0,40}$/i;
/** A URL used as a pattern: `${VAR#https://…}`, `[[ $x == https://… ]]`, `case … in https://…)`. */
const PATTERN_BEFORE_RE = /(?:\$\{\w+(?:##?|%%?|\/\/?)|(?:==|!=|=~)\s*["']?)$/;

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
 * patterns, loopback and reserved example domains, and hosts built from
 * several parts (`api.${REGION}.x.com`) that cannot be known statically.
 */
export function scriptHosts(content: string, fileName: string): ScriptHost[] {
  const js = /\.m?js$/i.test(fileName);
  const shell = /\.(?:sh|bash)$/i.test(fileName);
  const found: ScriptHost[] = [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('://') || isCommentLine(line, js) || IDENTIFIER_LINE_RE.test(line)) continue;
    for (const m of line.matchAll(URL_RE)) {
      const before = line.slice(0, m.index);
      if (EXAMPLE_BEFORE_RE.test(before) || PATTERN_BEFORE_RE.test(before)) continue;
      const host = hostOf(m[1]!, shell);
      if (!host) continue;
      if (host.kind === 'literal' && isNonEgressHost(host.host)) continue;
      found.push({ ...host, line: i + 1 });
    }
  }
  return found;
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
    return fallback && fallback.kind === 'literal'
      ? { host: name, kind: 'variable', fallback: fallback.host }
      : { host: name, kind: 'variable' };
  }
  const l = LITERAL_HOST_RE.exec(withoutUser);
  if (!l || !l[1]!.includes('.') && !l[1]!.startsWith('[') && l[1] !== 'localhost') return null;
  return { host: l[1]!.toLowerCase().replace(/\.$/, ''), kind: 'literal' };
}

/** `https://API.x.com:443/p` or `API.x.com.` → `api.x.com`; `${VAR}` → `$VAR`. */
export function normalizeEgressEntry(entry: string): string {
  let e = entry.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const braced = /^\$\{([a-z_]\w*)\}$/i.exec(entry.trim());
  if (braced) return `$${braced[1]}`;
  if (e.startsWith('$')) return `$${e.slice(1).replace(/[^\w].*$/, '')}`.replace(/^\$$/, '');
  e = e.replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  return e;
}

/** Case of the original variable spelling is kept for `$VAR` entries. */
function varEntries(egress: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const raw of egress) {
    const m = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(raw.trim());
    if (m) out.add(m[1]!);
  }
  return out;
}

/** True when `host` (literal) is allowed by an exact entry or a `*.domain` wildcard (subdomains only). */
export function egressAllows(host: string, egress: readonly string[]): boolean {
  const h = host.toLowerCase();
  for (const raw of egress) {
    const e = normalizeEgressEntry(raw);
    if (!e || e.startsWith('$')) continue;
    if (e === '*') return true;
    if (e.startsWith('*.')) {
      if (h.endsWith(e.slice(1))) return true;
    } else if (e === h) return true;
  }
  return false;
}

/** True when a variable host is declared (`$VAR` / `${VAR}`), or its `${VAR:-default}` default is allowed. */
export function egressAllowsVariable(host: ScriptHost, egress: readonly string[]): boolean {
  if (varEntries(egress).has(host.host)) return true;
  return host.fallback !== undefined && egressAllows(host.fallback, egress);
}
