// `forge-skill-builder agent create <id> [--dir <workspace>]`: makes a new
// agent — the folder `<workspace>/<id>/` with a forge.yaml — the same way
// `POST /api/agents` does (workspace/create-agent.ts): a lowercase kebab-case
// id, refused when an agent or a folder of that name already exists.

import { resolve } from 'node:path';
import { RequestError, SkillConflictError } from '../../core/errors.js';
import { createAgent } from '../workspace/create-agent.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';

const HELP = `Usage: ${PROGRAM} agent create <id> [--dir <workspace>]

Creates an agent in the workspace: the folder <id>/ holding a forge.yaml that
names it. Its skills are then saved under <id>/skills/. The id is
lowercase kebab-case (letters, digits, single hyphens; at most 64 characters).

Options:
  --dir <path>   the workspace (default: the current folder)
  -h, --help     show this help

Exit status: 0 created, 1 refused (the id is taken), 2 wrong usage or a bad id.
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('agent', argv, { dir: { type: 'string' } }, true);
  if (values.help) return (void io.stdout.write(HELP), 0);
  const [action, id, ...extra] = positionals;
  if (action !== 'create')
    throw new UsageError(action === undefined ? 'give an action: agent create <id>' : `unknown action "${action}"; the one action is: create <id>`, 'agent');
  if (id === undefined || extra.length) throw new UsageError('give exactly one agent id: agent create <id>', 'agent');
  const workspaceDir = resolve(io.cwd, values.dir ?? '.');
  try {
    const agent = await createAgent(workspaceDir, id);
    writeLine(io.stdout, `created agent "${agent.id}" at ${agent.path} (forge.yaml written)`);
    return 0;
  } catch (err) {
    if (RequestError.isInstance(err)) throw new UsageError(err.message, 'agent');
    if (SkillConflictError.isInstance(err)) return (writeLine(io.stderr, `${PROGRAM} agent: ${err.message}; nothing was written`), 1);
    throw err;
  }
}

export const agentCommand: CliCommand = { name: 'agent', summary: 'create an agent (a folder with forge.yaml) in the workspace', help: HELP, run };
