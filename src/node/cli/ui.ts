// `forge-skill-builder ui`: serves the API and the demo page for a workspace
// until SIGINT/SIGTERM, printing the URL (with the access token) and where the
// LLM settings resolve from. Creates the workspace folder when it does not
// exist yet. The token: --token, else FORGE_SKILL_BUILDER_TOKEN, else a new
// random one; --no-token turns it off (with a warning).

import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadSkillBuilderLLM } from '../config/tiers.js';
import { DEFAULT_HOST, DEFAULT_PORT, PortInUseError, startServer } from '../server.js';
import { parseCommandArgs, parsePort, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';
import { formatRequestLog } from './log-line.js';
import { assertTokenShape, TOKEN_ENV } from '../http/token.js';

const HELP = `Usage: ${PROGRAM} ui --dir <workspace> [--port ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}]

Serves the skill-builder HTTP API under /api and the demo page at / for the
workspace folder, until Ctrl-C (SIGINT) or SIGTERM.

Options:
  --dir <path>           workspace folder (created when missing; default: the current folder)
  --port <n>             port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>          address to bind (default ${DEFAULT_HOST}, this machine only)
  --allow-host <name>    also answer requests addressed to this host name (repeatable);
                         needed behind a reverse proxy or when binding 0.0.0.0 with a DNS name
  --allow-origin <url>   let pages from this origin call the API (CORS; repeatable)
  --allow-tool-runs      let the page run a draft's tools (POST …/skill-builder/try) in a
                         bubblewrap sandbox on this machine; off by default
  --allow-private-egress let those runs reach loopback/private addresses a draft declares
                         (a local test service); this server's own port stays refused
  --token <value>        the access token (default: $${TOKEN_ENV}, else a new
                         random one at every start)
  --no-token             no access token: every program on this machine can use the API
  --quiet                do not log one line per request on stderr
  -h, --help             show this help

Open the URL it prints: it carries the access token (/?token=<token>), which
the page keeps in a cookie. Every API request needs the token; scripts send it
as a header: -H "Authorization: Bearer <token>".

The LLM used to draft skills is read from <workspace>/.forge/ui.yaml (then
~/.forge/ui.yaml); configure it in the page's Settings, or with
  curl -X PUT http://localhost:${DEFAULT_PORT}/api/settings/skill-builder \\
    -H "Authorization: Bearer $${TOKEN_ENV}" \\
    -H 'Content-Type: application/json' -d '{"provider":"openai","model":"gpt-4.1","api_key":"sk-..."}'
`;

function describeSource(r: Awaited<ReturnType<typeof loadSkillBuilderLLM>>): string {
  if (r.source === 'unset') return 'not configured yet — open the page and click Configure, or PUT /api/settings/skill-builder';
  const where = r.source === 'workspace' ? 'workspace .forge/ui.yaml' : r.source === 'user' ? '~/.forge/ui.yaml' : "an agent's forge.yaml (deprecated fallback)";
  const key = !r.keyRequired ? 'no key needed' : r.hasKey ? `key from ${r.apiKeyEnv}` : `key missing: set ${r.apiKeyEnv}`;
  return `${r.provider} ${r.model}${r.baseUrl ? ` at ${r.baseUrl}` : ''} (source: ${r.source}, ${where}; ${key})`;
}

/** The token option for startServer: false (--no-token), the given one, the env var's, or undefined (a new one). */
function chooseToken(flag: string | undefined, off: boolean, fromEnv: string | undefined): string | false | undefined {
  if (off && flag !== undefined) throw new UsageError('--token and --no-token contradict each other; pass one of them', 'ui');
  if (off) return false;
  const chosen = flag ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined);
  if (chosen === undefined) return undefined;
  try {
    assertTokenShape(chosen, flag !== undefined ? '--token' : TOKEN_ENV);
  } catch (err) {
    throw new UsageError((err as Error).message, 'ui');
  }
  return chosen;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'ui',
    argv,
    {
      dir: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      'allow-origin': { type: 'string', multiple: true },
      quiet: { type: 'boolean' },
      'allow-tool-runs': { type: 'boolean' },
      'allow-private-egress': { type: 'boolean' },
      token: { type: 'string' },
      'no-token': { type: 'boolean' },
    },
    true,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"; pass the workspace with --dir <path>`, 'ui');
  const port = parsePort(values.port, DEFAULT_PORT);
  const host = values.host ?? DEFAULT_HOST;
  const token = chooseToken(values.token, values['no-token'] === true, io.env[TOKEN_ENV]);
  const workspaceDir = resolve(io.cwd, values.dir ?? '.');
  await mkdir(workspaceDir, { recursive: true });

  let server;
  try {
    server = await startServer({
      workspaceDir,
      port,
      host,
      env: io.env,
      ...(io.homeDir !== undefined ? { homeDir: io.homeDir } : {}),
      allowedHosts: values['allow-host'] ?? [],
      allowedOrigins: values['allow-origin'] ?? [],
      ...(values['allow-tool-runs'] ? { toolRuns: true } : {}),
      ...(values['allow-private-egress'] ? { allowPrivateEgress: true } : {}),
      allowedOriginsSetting: '--allow-origin',
      ...(token !== undefined ? { token } : {}),
      ...(values.quiet ? {} : { logger: (e) => writeLine(io.stderr, formatRequestLog(e)) }),
    });
  } catch (err) {
    if (PortInUseError.isInstance(err)) {
      writeLine(io.stderr, `${PROGRAM} ui: port ${port} on ${host} is already in use. Stop the other server or choose another port, e.g. --port ${port === 0 ? DEFAULT_PORT : port + 1}.`);
      return 1;
    }
    if (err instanceof TypeError) throw new UsageError(err.message, 'ui');
    throw err;
  }

  if (token === false) {
    writeLine(io.stderr, `warning: --no-token: the API answers every program on this machine (and anything that can reach ${host}:${server.port}); any of them can read the settings, change the LLM endpoint and save skills. Use it only where you alone run programs.`);
  }
  let llm: string;
  try {
    llm = describeSource(await loadSkillBuilderLLM({ workspaceDir, env: io.env, ...(io.homeDir !== undefined ? { homeDir: io.homeDir } : {}) }));
  } catch (err) {
    llm = `configuration error: ${err instanceof Error ? err.message : String(err)}`;
  }
  writeLine(io.stdout, `forge-skill-builder serving ${workspaceDir}`);
  writeLine(io.stdout, `  open:  ${server.pageUrl}`);
  writeLine(io.stdout, `  API:   ${server.url}/api${server.token === null ? '' : ' (send "Authorization: Bearer <the token in the URL>")'}`);
  writeLine(io.stdout, `  LLM:   ${llm}`);
  if (values['allow-tool-runs']) writeLine(io.stdout, '  Tool runs: on (Run in the page executes draft scripts in a bubblewrap sandbox)');
  if (values['allow-tool-runs'] && values['allow-private-egress']) writeLine(io.stdout, '  Private egress: on (runs may reach loopback/private addresses they declare; never this server)');
  writeLine(io.stdout, 'Press Ctrl-C to stop.');

  const signal = await io.waitForShutdown();
  writeLine(io.stderr, `${signal}: closing open streams and stopping…`);
  await server.close();
  writeLine(io.stderr, 'stopped.');
  return 0;
}

export const uiCommand: CliCommand = { name: 'ui', summary: 'serve the HTTP API and the demo page for a workspace', help: HELP, run };
