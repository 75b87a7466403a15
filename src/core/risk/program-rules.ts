// Content rules for Python (.py) and JavaScript (.js/.mjs) scripts: code
// fetched or decoded and then run, eval/exec of the JSON input (taint from
// sys.argv / process.argv through assignments), the whole environment
// printed, a secret printed, files written outside the working and temp
// folders, rmtree on a variable.

import { finding, mentionsAny, taintedNames, type ScriptView } from './script-lines.js';
import { isOutside, looksSecret } from './shell-rules.js';
import type { RiskFinding } from './types.js';

interface Lang {
  argv: RegExp;
  /** `name = …` (Python) / `const|let|var name = …` (JS). */
  assign: RegExp;
  evalCall: RegExp;
  shellCall: RegExp;
  fetchCall: RegExp;
  decodeCall: RegExp;
  printCall: RegExp;
  /** The whole environment, not one variable of it. */
  wholeEnv: RegExp;
  /** One env var read by name: group 1 is the name. */
  envVar: RegExp;
  writeAbs: RegExp;
}

const PY: Lang = {
  argv: /\bsys\.argv\b/,
  assign: /^\s*([A-Za-z_]\w*)\s*(?::[^=]+)?=(?!=)/,
  evalCall: /(?<![.\w])(?:eval|exec)\s*\(/,
  shellCall: /\bos\.(?:system|popen)\s*\(|\bsubprocess\.\w+\s*\(.*\bshell\s*=\s*True/,
  fetchCall: /\b(?:urlopen|requests\.(?:get|post)|httpx\.(?:get|post)|urllib\.request)\b/,
  decodeCall: /\b(?:b64decode|b32decode|b85decode|a85decode|fromhex|unhexlify|codecs\.decode|zlib\.decompress|marshal\.loads)\b/,
  printCall: /\b(?:print|pprint|json\.dumps?|sys\.stdout\.write|logging\.\w+|log\.\w+)\s*\(/,
  wholeEnv: /\bos\.environ\b(?!\s*(?:\[|\.(?:get|setdefault|pop)\b))|\bos\.getenv\s*\(\s*\)/,
  envVar: /\bos\.(?:environ\s*\[\s*|environ\.get\s*\(\s*|getenv\s*\(\s*)["'](\w+)["']/g,
  writeAbs: /\bopen\s*\(\s*(?:f|r|rf|fr)?["']((?:\/|~)[^"']*)["']\s*,\s*(?:mode\s*=\s*)?["'][^"']*[wax+]|\bPath\s*\(\s*["']((?:\/|~)[^"']*)["']\s*\)\s*\.\s*(?:write_text|write_bytes|open\s*\(\s*["'][wax])/,
};

const JS: Lang = {
  argv: /\bprocess\.argv\b/,
  assign: /^\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=(?!=)/,
  evalCall: /(?<![.\w])eval\s*\(|\bnew\s+Function\s*\(|\bvm\.run\w*\s*\(/,
  shellCall: /(?<![.\w])(?:exec|execSync)\s*\(|\bchild_process\.(?:exec|execSync)\s*\(/,
  fetchCall: /\bfetch\s*\(|\bhttps?\.get\s*\(|\baxios\b/,
  decodeCall: /\bBuffer\.from\s*\([^)]*["'](?:base64|hex)["']|\batob\s*\(/,
  printCall: /\b(?:console\.\w+|process\.stdout\.write|JSON\.stringify)\s*\(/,
  wholeEnv: /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))/,
  envVar: /\bprocess\.env(?:\.|\[\s*["'])(\w+)/g,
  writeAbs: /\b(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|mkdir|mkdirSync)\s*\(\s*["'`]((?:\/|~)[^"'`]*)["'`]/,
};

export function programRules(v: ScriptView, secretNames: ReadonlySet<string>): RiskFinding[] {
  const lang = v.lang === 'python3' ? PY : JS;
  const out: RiskFinding[] = [];
  const input = taintedNames(v.lines, lang.assign, lang.argv);
  const secretVars = new Set<string>();
  for (const l of v.lines) {
    const m = lang.assign.exec(l.text);
    if (m && [...l.text.matchAll(lang.envVar)].some((e) => secretNames.has(e[1]!) || looksSecret(e[1]!))) secretVars.add(m[1]!);
  }
  const temp = taintedNames(v.lines, lang.assign, /\b(?:mkdtemp|mkdtempSync|tmpdir|gettempdir|TemporaryDirectory)\b/);
  for (const l of v.lines) {
    const t = l.text;
    const runs = lang.evalCall.test(t);
    if (runs && lang.fetchCall.test(t))
      out.push(finding('download-exec', 'critical', 'fetches code over the network and runs it; ship the code in the skill instead', v.file, l));
    if (runs && lang.decodeCall.test(t))
      out.push(finding('decoded-exec', 'critical', 'runs code that is decoded first (base64/hex/compressed), so no reviewer can read it; write the code out plainly', v.file, l));
    if ((runs || lang.shellCall.test(t)) && (lang.argv.test(t) || mentionsAny(t.replace(lang.assign, ''), input)))
      out.push(finding('eval-input', 'critical', 'runs text from the tool\'s JSON input as code or as a shell command; use the value as data (an argument list, not a shell string)', v.file, l));
    if (lang.printCall.test(t) && lang.wholeEnv.test(t))
      out.push(finding('env-dump', 'critical', 'prints the whole environment, secrets included, into the tool output the model reads; print only what you need', v.file, l));
    if (lang.printCall.test(t)) {
      const named = [...t.matchAll(lang.envVar)].map((e) => e[1]!).find((n) => secretNames.has(n) || looksSecret(n));
      const viaVar = [...secretVars].find((n) => mentionsAny(t.slice(t.search(lang.printCall)), new Set([n])));
      const which = named ?? viaVar;
      if (which) out.push(finding('secret-echo', 'critical', `prints the secret ${which} to stdout, which becomes tool output the model (and its logs) see; never print a secret`, v.file, l));
    }
    const w = lang.writeAbs.exec(t);
    const target = w ? (w[1] ?? w[2])! : null;
    if (target && isOutside(target)) out.push(finding('write-outside', 'warning', `writes to ${target}, outside the skill's working folder and the temp folder; write under the temp folder or the working folder`, v.file, l));
    const rm = /\b(?:shutil\.rmtree|fs\.rmSync|rmSync|fs\.rm)\s*\(\s*([^)"'`,]+)/.exec(t);
    if (rm && !/^\s*["'`]/.test(rm[1]!) && !mentionsAny(rm[1]!, temp) && (v.lang === 'python3' || /recursive\s*:\s*true/.test(t)))
      out.push(finding('rm-rf-variable', 'warning', 'deletes a folder tree named by a variable: when it is empty or wrong this removes the wrong folder; check the path first', v.file, l));
  }
  return out;
}
