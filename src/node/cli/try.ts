// `forge-skill-builder try <skill-dir> --tool NAME (--input JSON | --example N)`:
// runs one tool of a skill folder with runSkillTool (in bubblewrap unless
// --no-sandbox) and prints how it ended, its output, the hosts the egress
// proxy refused, where the output disagrees with the tool's Output, and what
// the run was seen doing (hosts, programs, files written), then declared
// versus observed (try-profile.ts), whose fixes --fix-declarations applies.
// Env values come from the agent's .env (the folder two levels up when it
// holds forge.yaml) only, never from the workspace's .forge/.env.

import * as nodeFs from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseSkillMd } from '../../core/skillmd/parse.js';
import type { ToolSection } from '../../core/skillmd/types.js';
import type { FsLike } from '../fs/types.js';
import { readSkillScripts } from '../skill-store/read.js';
import { tryReplyToWire } from '../../core/protocol/profile-wire.js';
import { capabilityProfile } from '../../core/observe/reconcile.js';
import { addObservedRun } from '../../core/observe/session.js';
import { Skill } from '../../core/skill/skill.js';
import { runSkillTool } from '../sandbox/run-skill-tool.js';
import { ToolRunError, type ToolRunResult } from '../sandbox/types.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';
import { observationLines } from './observation-text.js';
import { fixDeclarations, profileLines } from './try-profile.js';
import { findWorkspace } from './workspace-dir.js';

const HELP = `Usage: ${PROGRAM} try <skill-dir> --tool <name> (--input <json> | --example <n>) [options]

Runs one "## Tool:" of a skill the way Forge's runtime does (its script with
the JSON input as $1), on a throwaway copy of the skill, inside a bubblewrap
sandbox whose only network is an egress proxy allowing the skill's
egress_domains. Only the env vars the skill declares are passed, from the
agent's .env only (never the workspace's .forge/.env).

Options:
  --tool <name>       the tool to run
  --input <json>      the tool input, e.g. '{"city": "Oslo"}'
  --example <n>       use the input of the tool's n-th Examples row (1 = first)
  --no-sandbox        run without bubblewrap (no filesystem or network isolation)
  --allow-private-egress
                      let the script reach loopback/private addresses it declares
                      (a local test service); refused by default
  --agent-dir <path>  the agent whose .env supplies values (default: the folder
                      holding skills/<skill>, when it has a forge.yaml)
  --dir <path>        the workspace whose .forge/.env supplies values (default:
                      the nearest folder above the skill with a .forge/ folder)
  --timeout <s>       seconds before the run is killed (default: timeout_hint, else 30)
  --fix-declarations  apply the proposed declaration fixes to the SKILL.md
                      (requires.bins, requires.env, egress_domains), printing
                      the diff first; a risky host is named, never added
  --dry-run           with --fix-declarations: print the diff, write nothing
  --json              print the result as JSON (the HTTP API's shape)
  -h, --help          show this help

After the run, try compares what the skill declares with what its scripts
reference and what the run did (declared vs observed), each finding with the
frontmatter fix it proposes.

Exit status: 0 when the tool exited 0 and its output matches its Output, 1 otherwise
(or when the fixes cannot be applied), 2 for wrong usage.
`;

function exists(path: string): boolean {
  return nodeFs.existsSync(path);
}

/** The tool's section, or a UsageError naming the tool as unknown and listing the skill's tools. */
function toolSection(skillMd: string, tool: string): ToolSection {
  const tools = parseSkillMd(skillMd).tools;
  const found = tools.find((t) => t.name === tool);
  if (found) return found;
  throw new UsageError(
    `the skill has no tool "${tool}"${tools.length ? `; its tools: ${tools.map((t) => t.name).join(', ')}` : ' (its SKILL.md has no "## Tool:" section)'}`,
    'try',
  );
}

function inputFrom(values: { input?: string; example?: string }, section: ToolSection): unknown {
  const tool = section.name;
  if ((values.input === undefined) === (values.example === undefined)) throw new UsageError('give exactly one of --input <json> or --example <n>', 'try');
  if (values.input !== undefined) {
    try {
      return JSON.parse(values.input) as unknown;
    } catch {
      throw new UsageError(`--input is not valid JSON: ${values.input.slice(0, 80)}`, 'try');
    }
  }
  const n = Number(values.example);
  const examples = section.examples;
  if (!Number.isInteger(n) || n < 1 || n > examples.length)
    throw new UsageError(
      `--example must be a row number from 1 to ${examples.length} (the tool "${tool}" has ${examples.length} example${examples.length === 1 ? '' : 's'})`,
      'try',
    );
  const input = examples[n - 1]!.input;
  if (typeof input === 'string') throw new UsageError(`example ${n} of "${tool}" is not JSON (${input.slice(0, 60)}); pass --input instead`, 'try');
  return input;
}

function printResult(io: CliIo, r: ToolRunResult): void {
  const how = r.timedOut ? 'timed out (process tree killed)' : r.signal ? `killed by ${r.signal}` : `exit ${r.exitCode}`;
  const where = r.sandbox === 'bwrap' ? 'in the bubblewrap sandbox' : 'UNSANDBOXED';
  writeLine(io.stdout, `${r.script} (${r.interpreter}): ${how} after ${r.durationMs} ms, ${where}${r.truncated ? '; output cut at 1 MiB' : ''}`);
  if (r.envNames.length) writeLine(io.stdout, `env: ${r.envNames.join(', ')}`);
  writeLine(io.stdout, '--- stdout');
  io.stdout.write(r.json !== null ? `${JSON.stringify(r.json, null, 2)}\n` : r.stdout.endsWith('\n') || r.stdout === '' ? r.stdout : `${r.stdout}\n`);
  if (r.stderr) {
    writeLine(io.stdout, '--- stderr');
    io.stdout.write(r.stderr.endsWith('\n') ? r.stderr : `${r.stderr}\n`);
  }
  for (const host of r.egressBlocked)
    writeLine(io.stdout, `blocked: ${host} (${r.egressRefusals.find((x) => x.host === host)?.reason ?? 'not in egress_domains'})`);
  for (const x of r.egressRefusals) if (x.host === '(proxy)') writeLine(io.stdout, `refused: ${x.reason}`);
  for (const d of r.outputDiagnostics) writeLine(io.stdout, `output${d.path ? ` ${d.path}` : ''}: ${d.message}`);
  for (const c of r.causes) writeLine(io.stdout, `why: ${c.message}\n  fix: ${c.fix}`);
  for (const line of observationLines(r.observation)) writeLine(io.stdout, line);
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'try',
    argv,
    {
      tool: { type: 'string' },
      input: { type: 'string' },
      example: { type: 'string' },
      'no-sandbox': { type: 'boolean' },
      'allow-private-egress': { type: 'boolean' },
      'agent-dir': { type: 'string' },
      dir: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean' },
      'fix-declarations': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    true,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('give one skill folder (the folder holding SKILL.md)', 'try');
  if (!values.tool) throw new UsageError('name the tool to run with --tool <name>', 'try');
  if (values['fix-declarations'] && values.json) throw new UsageError('--fix-declarations prints a diff: leave out --json', 'try');
  if (values['dry-run'] && !values['fix-declarations'])
    throw new UsageError('--dry-run goes with --fix-declarations (try … --fix-declarations --dry-run)', 'try');
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0)) throw new UsageError(`--timeout must be a positive number of seconds (got "${values.timeout}")`, 'try');
  const skillDir = await realpath(resolve(io.cwd, positionals[0]!)).catch(() => {
    throw new UsageError(`${positionals[0]}: no such folder`, 'try');
  });
  const skillMd = await readFile(join(skillDir, 'SKILL.md'), 'utf8').catch(() => {
    throw new UsageError(`${positionals[0]}: the folder has no SKILL.md`, 'try');
  });
  const scripts = (await readSkillScripts(nodeFs as unknown as FsLike, skillDir, basename(skillDir))).scripts ?? {};
  const input = inputFrom(values, toolSection(skillMd, values.tool));
  const guessAgent = dirname(dirname(skillDir));
  const agentDir = values['agent-dir'] ? resolve(io.cwd, values['agent-dir']) : exists(join(guessAgent, 'forge.yaml')) ? guessAgent : undefined;
  const workspaceDir = values.dir ? resolve(io.cwd, values.dir) : findWorkspace(agentDir ?? skillDir);
  const skill = Skill.from({ skillMd, scripts, dirName: basename(skillDir) });
  const result = await runSkillTool({
    skill,
    tool: values.tool,
    input,
    sandbox: values['no-sandbox'] ? 'none' : 'auto',
    ...(values['allow-private-egress'] ? { allowPrivateEgress: true } : {}),
    ...(agentDir !== undefined ? { agentDir } : {}),
    ...(workspaceDir !== undefined ? { workspaceDir } : {}),
    ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
  }).catch((err: unknown) => {
    // Outside an agent folder, say which flag points at the .env that supplies values.
    if (ToolRunError.isInstance(err) && err.problem === 'missing_env' && agentDir === undefined)
      throw new Error(`${err.message}; give the agent with --agent-dir <agent-dir>: its .env supplies the values`);
    throw err;
  });
  const profile = capabilityProfile(skill, addObservedRun([], { tool: values.tool, ok: result.ok, observation: result.observation }));
  if (values.json) writeLine(io.stdout, JSON.stringify(tryReplyToWire({ ...result, capabilityProfile: profile }), null, 2));
  else printResult(io, result);
  if (!values.json) for (const line of profileLines(profile)) writeLine(io.stdout, line);
  if (values['fix-declarations'])
    await fixDeclarations(io, join(skillDir, 'SKILL.md'), join(positionals[0]!, 'SKILL.md'), skillMd, profile, values['dry-run'] === true);
  return result.ok && result.outputDiagnostics.length === 0 ? 0 : 1;
}

export const tryCommand: CliCommand = { name: 'try', summary: 'run one tool of a skill in a sandbox (its script with a JSON input)', help: HELP, run };
