// Content rules for shell scripts (.sh/.bash): download-and-execute, eval of
// the JSON input, decoded code run by a shell, env dumps, secrets echoed to
// stdout, writes outside the working and temp folders, `rm -rf` on a variable.
// Line-based: each rule names the near miss it deliberately stays quiet on.

import { finding, mentionsAny, taintedNames, type ScriptView } from './script-lines.js';
import type { RiskFinding } from './types.js';

const FETCH = String.raw`\b(?:curl|wget)\b`;
/** `… | sh`, `| sudo bash`, `| python3` reading the program from stdin (`python3 -c …` processes data: quiet). */
const PIPE_TO_INTERPRETER = String.raw`\|\s*(?:sudo\s+)?(?:env\s+)?(?:(?:ba|da|k|z)?sh\b|(?:python3?|node|perl|ruby)\s*(?:-\s*)?(?:$|[;&|)]))`;
const DOWNLOAD_PIPE = new RegExp(`${FETCH}[^|#]*${PIPE_TO_INTERPRETER}`);
/** `eval "$(curl …)"`, `bash -c "$(wget …)"`, `source <(curl …)`, `bash <(curl …)`. */
const DOWNLOAD_SUBST = new RegExp(String.raw`(?:\beval\s+|\b(?:ba)?sh\s+-c\s+|(?:\bsource|^\s*\.|[;&|]\s*\.)\s+)["']?\$\(\s*${FETCH}|(?:\bsource|\.|\b(?:ba)?sh)\s+<\(\s*${FETCH}`);

const DECODE = String.raw`(?:\bbase64\s+(?:-d|--decode|-D)\b|\bxxd\s+(?:-r|-p\s+-r|-r\s+-p|-rp|-pr)\b|\bopenssl\s+(?:enc\s+)?-d\b[^|]*-(?:a|base64)\b)`;
const DECODED_PIPE = new RegExp(`${DECODE}[^|#]*${PIPE_TO_INTERPRETER}`);
// One `\s` after `eval` / `-c`: `[^)]*` takes any further spaces (a `\s+` there traded them with it, quadratic).
const DECODED_SUBST = new RegExp(String.raw`(?:\beval\s|\b(?:ba)?sh\s+-c\s|\bsource\s+<\()["']?\$?\(?[^)]*${DECODE}`);
const HEX_PRINTF_PIPE = new RegExp(String.raw`\bprintf\s+["'](?:\\x[0-9a-fA-F]{2}){4,}[^|]*${PIPE_TO_INTERPRETER}`);

/** `env` / `printenv` with no argument, `export -p`, `declare -x|-p` alone: print every variable. */
const ENV_DUMP = /(?:^\s*|[;&|(`]\s*|\$\(\s*|\b(?:then|do|else)\s+)(?:env|printenv|export\s+-p|declare\s+-[px])\s*(?:$|[|;&>)`])/;

// A flag cluster holding both r and f, said with two lookaheads (`-[a-zA-Z]*(?:r[a-zA-Z]*f|f[a-zA-Z]*r)[a-zA-Z]*` backtracked cubically).
const RM_RF = /\brm\s+(?:-(?=[a-zA-Z]*r)(?=[a-zA-Z]*f)[a-zA-Z]+|-[rR]\s+-f|-f\s+-[rR]|--recursive\s+--force|--force\s+--recursive|-[rR](?=\s)(?=.*\s-f\b))\b(.*)$/;

/** A redirect or `tee` target. */
const REDIRECT = /(?:^|[^<>&\d])>{1,2}\s*["']?([^\s"';|&)]+)|\btee\s+(?:-a\s+)?["']?([^\s"';|&)]+)/g;
const COPY_TARGET = /\b(?:cp|mv|install|ln|mkdir|touch)\s+(?:-[-\w]+\s+)*(?:\S+\s+)*?["']?([^\s"';|&)]+)["']?\s*(?:$|[;&|])/;

export function shellRules(v: ScriptView, secretNames: ReadonlySet<string>): RiskFinding[] {
  const out: RiskFinding[] = [];
  const input = taintedNames(v.lines, /^\s*(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=/, /\$(?:1\b|\{1[}:#%/-]|@|\{@)/);
  const temp = taintedNames(v.lines, /^\s*(?:local\s+|readonly\s+)?([A-Za-z_]\w*)=/, /\bmktemp\b/);
  for (const l of v.lines) {
    const t = l.text;
    if (DOWNLOAD_PIPE.test(t) || DOWNLOAD_SUBST.test(t))
      out.push(finding('download-exec', 'critical', 'downloads code and runs it: whatever the server sends runs with the skill\'s credentials; pin the file in the skill instead', v.file, l));
    if (DECODED_PIPE.test(t) || DECODED_SUBST.test(t) || HEX_PRINTF_PIPE.test(t))
      out.push(finding('decoded-exec', 'critical', 'runs code that is base64- or hex-decoded first, so no reviewer can read it; write the code out plainly', v.file, l));
    if (/\beval\b/.test(t) || /\b(?:ba)?sh\s+-c\b/.test(t)) {
      if (/\$(?:1\b|\{1[}:#%/-]|@|\{@)/.test(t) || mentionsAny(t.replace(/^\s*[A-Za-z_]\w*=/, ''), input))
        out.push(finding('eval-input', 'critical', 'evaluates text that comes from the tool\'s JSON input as shell code: the model (or whoever steers it) can run any command; pass the value as an argument instead', v.file, l));
    }
    if (ENV_DUMP.test(t)) out.push(finding('env-dump', 'critical', 'prints every environment variable, secrets included, into the tool output the model reads; print only the names or values you need', v.file, l));
    const echoed = echoedSecret(t, secretNames);
    if (echoed) out.push(finding('secret-echo', 'critical', `prints $${echoed} to stdout, which becomes tool output the model (and its logs) see; never print a secret`, v.file, l));
    const rm = RM_RF.exec(t);
    if (rm && /\$/.test(rm[1]!) && !/\$\{\w+:\?/.test(rm[1]!) && !mentionsAny(rm[1]!, temp))
      out.push(finding('rm-rf-variable', 'warning', 'rm -rf on a variable: when it is empty or wrong this deletes from / or the working folder; write "${VAR:?}" so an empty value stops the script', v.file, l));
    const outside = writeTarget(t);
    if (outside) out.push(finding('write-outside', 'warning', `writes to ${outside}, outside the skill's working folder and the temp folder; write under "$TMPDIR" or the working folder`, v.file, l));
  }
  return out;
}

/** The secret an `echo`/`printf` line prints to stdout, if any (a redirect or pipe sends it elsewhere: quiet). */
function echoedSecret(line: string, secretNames: ReadonlySet<string>): string | null {
  const m = /(?:^|[;&|]\s*|\b(?:then|do|else)\s+)(?:echo|printf)\b(.*)$/.exec(line);
  if (!m) return null;
  const args = m[1]!;
  if (/(?:^|[^<>])(?:>|\|)/.test(args.replace(/"[^"]*"|'[^']*'/g, '""'))) return null;
  for (const ref of args.matchAll(/\$\{?([A-Za-z_]\w*)(:?[+#?]?)/g)) {
    const name = ref[1]!;
    if (ref[2] === ':+' || ref[2] === '+' || args.includes(`\${#${name}}`)) continue;
    if (secretNames.has(name) || looksSecret(name)) return name;
  }
  return null;
}

/** An env var name that holds a credential by its name (`…_API_KEY`, `…TOKEN`, `…SECRET`, `…PASSWORD`). */
export function looksSecret(name: string): boolean {
  return /(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|CREDENTIALS?|PRIVATE_KEY|AUTH)(?:_|$)/i.test(name);
}

/** A file target of a redirect, `tee`, `cp`/`mv`/… outside the working and temp folders, as written. */
function writeTarget(line: string): string | null {
  const targets: string[] = [];
  for (const m of line.matchAll(REDIRECT)) targets.push((m[1] ?? m[2])!);
  const c = COPY_TARGET.exec(line);
  if (c) targets.push(c[1]!);
  return targets.find(isOutside) ?? null;
}

export function isOutside(target: string): boolean {
  if (/^(?:~|\$HOME\b|\$\{HOME\})/.test(target)) return true;
  if (!target.startsWith('/')) return false;
  return !/^\/(?:tmp|var\/tmp|dev)(?:\/|$)|^\/proc\/self\/fd\//.test(target);
}
