// `history <agent-dir> <skill>` lists a skill's kept versions (newest first:
// id, time, file count, risk, summary, and the last eval run saved with it), or with `--diff <id> [--to <id>]`
// prints what changed between two of them (the skill on disk by default); `rollback <agent-dir> <skill> --to <id>`
// restores one through the normal save, which keeps the version it replaces.

import { resolve } from 'node:path';
import * as nodeFs from 'node:fs';
import type { SkillVersionDiff } from '../../core/api/types.js';
import { CURRENT_VERSION, diffSkillVersions, listSkillHistory } from '../history/skill-history.js';
import { rollbackSkill } from '../workspace/rollback-skill.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';
import { benchmarkSummaryLine } from '../../core/evals/benchmark-json.js';

const HISTORY_HELP = `Usage: ${PROGRAM} history <agent-dir> <skill> [--diff <id> [--to <id>]]

Lists the versions kept of a skill, newest first: every save keeps the folder
it replaces under <agent-dir>/.forge/skill-history/<skill>/ (the last 20, or
skill_builder.history.keep in the workspace's .forge/ui.yaml), each with its
risk score, a summary of what it changed and, when the folder kept its last
eval run (evals/benchmark.json, e.g. from \`eval --out\`), that run's pass rate
with and without the skill, the delta, the runs and when it ran.

Options:
  --diff <id>  print what changed from that version to the skill on disk
               (a unified diff per file; binaries by size)
  --to <id>    compare with that version instead of the skill on disk
  -h, --help   show this help
`;

const ROLLBACK_HELP = `Usage: ${PROGRAM} rollback <agent-dir> <skill> --to <id>

Restores a kept version through the normal save (validated, atomic); the
version it replaces is kept too, so a rollback can be undone.

Options:
  --to <id>   the version id (from \`history\`)
  -h, --help  show this help
`;

async function runHistory(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('history', argv, { diff: { type: 'string' }, to: { type: 'string' } }, true);
  if (values.help) return (void io.stdout.write(HISTORY_HELP), 0);
  if (positionals.length !== 2) throw new UsageError('give the agent folder and the skill name', 'history');
  const [agentDir, name] = [resolve(io.cwd, positionals[0]!), positionals[1]!];
  if (values.to !== undefined && values.diff === undefined) throw new UsageError('--to needs --diff <id> (the version to compare from)', 'history', 'to');
  if (values.diff !== undefined) return printDiff(await diffSkillVersions(agentDir, name, values.diff, values.to ?? CURRENT_VERSION, { fs: nodeFs }), io);
  const { versions } = await listSkillHistory(agentDir, name, { fs: nodeFs });
  if (versions.length === 0) writeLine(io.stdout, `no versions kept of "${name}" yet (one is kept on each save)`);
  for (const v of versions) {
    const risk = v.riskScore !== undefined ? `  risk ${v.riskScore}${v.riskLevel ? ` (${v.riskLevel})` : ''}` : '';
    writeLine(io.stdout, `${v.id}  ${v.created}  ${v.files.length} files${risk}  ${v.summary}`);
    if (v.evals) writeLine(io.stdout, `${' '.repeat(18)}evals: ${benchmarkSummaryLine(v.evals)}`);
  }
  return 0;
}

function printDiff(diff: SkillVersionDiff, io: CliIo): number {
  if (diff.files.length === 0) writeLine(io.stdout, `no differences between ${diff.from} and ${diff.to}`);
  for (const f of diff.files) {
    if (f.binary) writeLine(io.stdout, `binary ${f.path}: ${f.status}`);
    else io.stdout.write(f.patch);
  }
  return 0;
}

async function runRollback(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('rollback', argv, { to: { type: 'string' } }, true);
  if (values.help) return (void io.stdout.write(ROLLBACK_HELP), 0);
  if (positionals.length !== 2) throw new UsageError('give the agent folder and the skill name', 'rollback');
  if (!values.to) throw new UsageError('give the version with --to <id> (see `history`)', 'rollback', 'to');
  const saved = await rollbackSkill(resolve(io.cwd, positionals[0]!), positionals[1]!, values.to, { env: io.env });
  writeLine(io.stdout, `restored ${positionals[1]} to ${values.to} (${saved.path})`);
  return 0;
}

export const historyCommand: CliCommand = { name: 'history', summary: 'list the kept versions of a skill', help: HISTORY_HELP, run: runHistory };
export const rollbackCommand: CliCommand = {
  name: 'rollback',
  summary: 'restore a kept version of a skill (a recorded save)',
  help: ROLLBACK_HELP,
  run: runRollback,
};
