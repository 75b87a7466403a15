// validateSkillMd, forge profile, script rules (SPEC §5 runtime contract:
// scripts read JSON from $1, `set -euo pipefail`, interpreter by extension and
// declared in requires.bins, tool my_search ↔ scripts/my-search.sh, egress
// domains declared) and the static script reading they rest on.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../src/core/diagnostics.js';
import {
  analyzeScript,
  egressAllows,
  egressAllowsVariable,
  isNonEgressHost,
  normalizeEgressEntry,
  scriptHosts,
} from '../../../../src/core/skillmd/script-analysis.js';
import { validateSkillMd, type ValidateOptions } from '../../../../src/core/skillmd/validate/validate.js';
import { GOOD_FRONTMATTER, GOOD_SCRIPT, goodScripts, replaceOnce, skillMd, toolSection } from '../../../helpers/validate-fixtures.js';

function diags(text: string, options: ValidateOptions): Diagnostic[] {
  const r = validateSkillMd(text, options);
  return [...r.errors, ...r.warnings];
}
function only(text: string, code: string, options: ValidateOptions): Diagnostic[] {
  return diags(text, options).filter((d) => d.code === code);
}
const twoTools = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current')}\n${toolSection('weather_forecast')}`);

describe('script-name-invalid', () => {
  it('is an error for a script key that is not a plain file name', () => {
    for (const bad of ['../evil.sh', '.hidden.sh', 'sub/dir.sh']) {
      const d = only(skillMd(), 'script-name-invalid', { scripts: { ...goodScripts(), [bad]: GOOD_SCRIPT } });
      expect(d, bad).toHaveLength(1);
      expect(d[0]!.severity).toBe('error');
    }
  });

  it('accepts a scripts/ prefix', () => {
    expect(diags(skillMd(), { scripts: { 'scripts/weather-current.sh': GOOD_SCRIPT } })).toEqual([]);
  });
});

describe('tool-missing-script', () => {
  it('warns for a tool of a script-backed skill that has no script', () => {
    const d = only(twoTools, 'tool-missing-script', { scripts: goodScripts() });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ field: 'tools.weather_forecast', severity: 'warning' });
    expect(d[0]!.message).toContain('weather-forecast.sh');
    expect(d[0]!.line).toBeGreaterThan(20);
  });

  it('matches .py and .js scripts too', () => {
    const bins = replaceOnce(GOOD_FRONTMATTER, '        - jq', '        - jq\n        - python3');
    const text = skillMd(bins, `# W\n\n${toolSection('weather_current')}\n${toolSection('weather_forecast')}`);
    expect(only(text, 'tool-missing-script', { scripts: { ...goodScripts(), 'weather-forecast.py': 'import sys\n' } })).toEqual([]);
  });

  it('is quiet for an instruction-only skill (no scripts at all)', () => {
    expect(only(twoTools, 'tool-missing-script', { scripts: {} })).toEqual([]);
    expect(only(twoTools, 'tool-missing-script', {})).toEqual([]);
  });

  it('is quiet for a runtime: binary skill', () => {
    const binary = skillMd(
      replaceOnce(GOOD_FRONTMATTER, '  forge:', '  forge:\n    runtime: binary'),
      `# W\n\n${toolSection('weather_current')}\n${toolSection('weather_forecast')}`,
    );
    expect(only(binary, 'tool-missing-script', { scripts: goodScripts() })).toEqual([]);
  });
});

describe('script-unmapped', () => {
  it('warns for a script no ## Tool: maps to, naming the file', () => {
    const d = only(skillMd(), 'script-unmapped', { scripts: { ...goodScripts(), 'weather-alerts.sh': GOOD_SCRIPT } });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ field: 'scripts/weather-alerts.sh', file: 'scripts/weather-alerts.sh' });
    expect(d[0]!.message).toContain('weather_alerts');
  });

  it('warns for a file with an extension the runtime cannot run', () => {
    const d = only(skillMd(), 'script-unmapped', { scripts: { ...goodScripts(), 'weather-current.rb': 'puts 1' } });
    expect(d[0]!.message).toMatch(/cannot run/);
  });

  it('is quiet for a helper that another script sources (corpus: common.sh)', () => {
    const main = GOOD_SCRIPT.replace('INPUT=', 'SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"\nsource "$SCRIPT_DIR/common.sh"\nINPUT=');
    const scripts = { 'weather-current.sh': main, 'common.sh': 'log() { echo "$1" >&2; }\n' };
    expect(diags(skillMd(), { scripts })).toEqual([]);
  });

  it('is quiet for a data file a script reads', () => {
    const main = GOOD_SCRIPT.replace('INPUT=', 'QUERY=$(cat "$(dirname "$0")/query.graphql")\nINPUT=');
    expect(diags(skillMd(), { scripts: { 'weather-current.sh': main, 'query.graphql': '{ viewer { id } }' } })).toEqual([]);
  });
});

describe('script-interpreter-missing', () => {
  const py = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current')}`);

  it('warns for a .py script when python3 is not in requires.bins', () => {
    const d = only(py, 'script-interpreter-missing', { scripts: { 'weather-current.py': 'import sys, json\nprint(json.dumps({}))\n' } });
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toContain('python3');
    expect(d[0]!.line).toBe(11);
  });

  it('warns for a .js script when node is not in requires.bins', () => {
    expect(only(py, 'script-interpreter-missing', { scripts: { 'weather-current.js': 'console.log("{}")' } })[0]!.message).toContain('node');
  });

  it('is quiet when the interpreter is declared, also as an install recipe', () => {
    const withPy = skillMd(replaceOnce(GOOD_FRONTMATTER, '        - jq', '        - jq\n        - name: python3\n          apt: python3'));
    expect(only(withPy, 'script-interpreter-missing', { scripts: { 'weather-current.py': 'import sys\n' } })).toEqual([]);
    expect(only(skillMd(), 'script-interpreter-missing', { scripts: goodScripts() })).toEqual([]);
  });
});

describe('script-no-input-arg', () => {
  it('warns for a shell script that never reads $1', () => {
    const d = only(skillMd(), 'script-no-input-arg', { scripts: { 'weather-current.sh': GOOD_SCRIPT.replace('INPUT="${1:-}"', 'INPUT=$(cat)') } });
    expect(d).toHaveLength(1);
    expect(d[0]!.file).toBe('scripts/weather-current.sh');
  });

  it('does not count $1 inside a function body', () => {
    const script = '#!/bin/bash\nset -euo pipefail\nlog() {\n  echo "$1" >&2\n}\nlog hello\n';
    expect(only(skillMd(), 'script-no-input-arg', { scripts: { 'weather-current.sh': script } })).toHaveLength(1);
  });

  it('is quiet for INPUT="${1:-}", input="$1" and forwarding "$@"', () => {
    for (const line of ['INPUT="${1:-}"', 'input="$1"', 'read_input "$@"']) {
      const script = `#!/bin/bash\nset -euo pipefail\n${line}\necho '{}'\n`;
      expect(only(skillMd(), 'script-no-input-arg', { scripts: { 'weather-current.sh': script } }), line).toEqual([]);
    }
  });
});

describe('script-no-strict-mode', () => {
  it('warns when set -euo pipefail is missing or partial', () => {
    for (const set of ['', 'set -e', 'set -eu', 'set -o pipefail']) {
      const script = `#!/bin/bash\n${set}\nINPUT="\${1:-}"\necho '{}'\n`;
      const d = only(skillMd(), 'script-no-strict-mode', { scripts: { 'weather-current.sh': script } });
      expect(d, set).toHaveLength(1);
      expect(d[0]!.line).toBe(2);
    }
  });

  it('accepts every spelling of the same options', () => {
    for (const set of [
      'set -euo pipefail',
      'set -Eeuo pipefail',
      'set -e -u -o pipefail',
      'set -o errexit -o nounset -o pipefail',
      'set -eu\nset -o pipefail',
    ]) {
      const script = `#!/bin/bash\n${set}\nINPUT="\${1:-}"\n`;
      expect(only(skillMd(), 'script-no-strict-mode', { scripts: { 'weather-current.sh': script } }), set).toEqual([]);
    }
  });

  it('does not apply to sourced helpers', () => {
    const main = GOOD_SCRIPT.replace('INPUT=', 'source "$(dirname "$0")/lib.sh"\nINPUT=');
    expect(diags(skillMd(), { scripts: { 'weather-current.sh': main, 'lib.sh': 'f() { :; }\n' } })).toEqual([]);
  });
});

describe('egress-domain-missing', () => {
  const withUrl = (url: string) => GOOD_SCRIPT.replace('curl -s "https://wttr.in/${location}?format=j1"', `curl -s "${url}"`);

  it('warns for a contacted host missing from egress_domains, with file and line', () => {
    const d = only(skillMd(), 'egress-domain-missing', { scripts: { 'weather-current.sh': withUrl('https://api.open-meteo.com/v1/forecast') } });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ field: 'metadata.forge.egress_domains', file: 'scripts/weather-current.sh', line: 5 });
    expect(d[0]!.message).toContain('api.open-meteo.com');
  });

  it('reports each missing host once', () => {
    const script = `${withUrl('https://api.open-meteo.com/a')}\ncurl -s https://api.open-meteo.com/b\n`;
    expect(only(skillMd(), 'egress-domain-missing', { scripts: { 'weather-current.sh': script } })).toHaveLength(1);
  });

  it('is quiet for a wildcard entry covering a subdomain', () => {
    const fm = replaceOnce(GOOD_FRONTMATTER, '      - wttr.in', '      - wttr.in\n      - "*.open-meteo.com"');
    expect(only(skillMd(fm), 'egress-domain-missing', { scripts: { 'weather-current.sh': withUrl('https://api.open-meteo.com/v1') } })).toEqual([]);
  });

  it('warns for a host taken from a declared env var missing as $VAR, quiet once declared', () => {
    const env = replaceOnce(GOOD_FRONTMATTER, '        optional: []', '        optional:\n          - WEATHER_HOST');
    const script = withUrl('https://${WEATHER_HOST}/v1/now');
    expect(only(skillMd(env), 'egress-domain-missing', { scripts: { 'weather-current.sh': script } })[0]!.message).toContain('$WEATHER_HOST');
    const declared = replaceOnce(env, '      - wttr.in', '      - wttr.in\n      - "$WEATHER_HOST"');
    expect(only(skillMd(declared), 'egress-domain-missing', { scripts: { 'weather-current.sh': script } })).toEqual([]);
  });

  it('is quiet for loopback, comments, example text and XML namespaces', () => {
    const script = [
      GOOD_SCRIPT,
      'curl -s http://localhost:8080/health',
      '# see https://docs.undeclared.io/api',
      `echo '{"error": "expected format: https://github.com/owner/repo/pull/1"}' >&2`,
      '<project xmlns="http://maven.apache.org/POM/4.0.0">',
      'if [[ "$REPO" == https://github.com/* ]]; then REPO="${REPO#https://github.com/}"; fi',
    ].join('\n');
    expect(only(skillMd(), 'egress-domain-missing', { scripts: { 'weather-current.sh': script } })).toEqual([]);
  });
});

describe('script analysis', () => {
  const readsFirstArg = (content: string): boolean => analyzeScript(content, 'script.sh').readsFirstArg;
  const strictMode = (content: string): boolean => analyzeScript(content, 'script.sh').strictMode;

  it('readsFirstArg ignores comments', () => {
    expect(readsFirstArg('#!/bin/bash\n# reads $1\necho hi\n')).toBe(false);
    expect(readsFirstArg('#!/bin/bash\nx=${1:-}\n')).toBe(true);
  });

  it('reads CRLF scripts the same way', () => {
    const script = '#!/bin/bash\r\nset -euo pipefail\r\nlog() {\r\n  echo "$1"\r\n}\r\nlog hi\r\ncurl https://api.crlf.io/x\r\n';
    expect(readsFirstArg(script)).toBe(false);
    expect(strictMode(script)).toBe(true);
    expect(scriptHosts(script, 'a.sh')).toEqual([{ host: 'api.crlf.io', kind: 'literal', line: 7 }]);
  });

  it('strictMode ignores commented-out settings', () => {
    expect(strictMode('#!/bin/bash\n# set -euo pipefail\n')).toBe(false);
  });

  it('scriptHosts finds literal and variable hosts with their lines', () => {
    const hosts = scriptHosts('#!/bin/bash\ncurl https://API.Example.io:8443/x\ncurl "https://${HOST:-api.default.io}/y"\n', 'a.sh');
    expect(hosts).toEqual([
      { host: 'api.example.io', kind: 'literal', line: 2 },
      { host: 'HOST', kind: 'variable', fallback: 'api.default.io', line: 3 },
    ]);
  });

  it('scriptHosts treats ${x} in JavaScript as a program value, not an env var', () => {
    expect(scriptHosts('fetch(`https://${host}/x`)', 'a.js')).toEqual([]);
    expect(scriptHosts('// https://commented.io\nfetch("https://api.js.io/x")', 'a.js').map((h) => h.host)).toEqual(['api.js.io']);
  });

  it('normalizeEgressEntry strips scheme, port, path and braces', () => {
    expect(normalizeEgressEntry('https://API.x.com:443/p')).toBe('api.x.com');
    expect(normalizeEgressEntry('${K8S_API_DOMAIN}')).toBe('$K8S_API_DOMAIN');
  });

  it('egressAllows: exact, wildcard subdomains only, never from a $VAR entry', () => {
    expect(egressAllows('api.x.com', ['api.x.com'])).toBe(true);
    expect(egressAllows('a.b.x.com', ['*.x.com'])).toBe(true);
    expect(egressAllows('x.com', ['*.x.com'])).toBe(false);
    expect(egressAllows('evilx.com', ['*.x.com'])).toBe(false);
    expect(egressAllows('api.x.com', ['$API_HOST'])).toBe(false);
  });

  it('egressAllowsVariable: by $VAR or ${VAR} entry, or an allowed default', () => {
    expect(egressAllowsVariable({ host: 'H', kind: 'variable', line: 1 }, ['${H}'])).toBe(true);
    expect(egressAllowsVariable({ host: 'H', kind: 'variable', line: 1 }, ['$OTHER'])).toBe(false);
    expect(egressAllowsVariable({ host: 'H', kind: 'variable', fallback: 'a.io', line: 1 }, ['a.io'])).toBe(true);
  });

  it('isNonEgressHost: loopback and reserved example names', () => {
    for (const h of ['localhost', '127.0.0.1', 'example.com', 'api.example.org', 'x.test']) expect(isNonEgressHost(h), h).toBe(true);
    expect(isNonEgressHost('api.github.com')).toBe(false);
  });
});
