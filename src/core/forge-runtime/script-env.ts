// Env vars in the scripts a runtime runs: the names a shell or interpreter
// sets itself (never one a skill declares) and the patterns that find a
// reference to a variable in bash (`$X`, `${X}`), Python (`os.environ`,
// `os.getenv`) and Node (`process.env`). Import inference and the
// declared-versus-observed check both read scripts with these.

/** Names every shell or runtime sets itself: never a skill's env var. */
export const SHELL_SET_ENV: ReadonlySet<string> = new Set([
  'PATH',
  'HOME',
  'PWD',
  'OLDPWD',
  'USER',
  'SHELL',
  'IFS',
  'RANDOM',
  'LINENO',
  'SECONDS',
  'BASH_SOURCE',
  'BASH_VERSION',
  'BASH_REMATCH',
  'HOSTNAME',
  'TMPDIR',
  'TERM',
  'LANG',
  'LC_ALL',
  'UID',
  'EUID',
  'PPID',
  'OPTARG',
  'OPTIND',
  'PIPESTATUS',
  'FUNCNAME',
  'REPLY',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
]);

/** A bash reference `$NAME` or `${NAME}` (upper-case names only); group 1 is the name. Use with matchAll. */
export const SHELL_VAR_REFERENCE = /\$\{?([A-Z_][A-Z0-9_]*)/g;

/** A Python or Node env read with a literal name; the name is in group 1, 2 or 3. Use with matchAll. */
export const PROGRAM_ENV_REFERENCE =
  /(?:os\.environ(?:\.get)?\s*[[(]\s*|os\.getenv\s*\(\s*)["']([A-Za-z_]\w*)["']|process\.env\.([A-Za-z_]\w*)|process\.env\[\s*["']([A-Za-z_]\w*)["']/g;
