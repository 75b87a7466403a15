// The subcommand registry, in the order `--help` lists them. A new subcommand
// is one file under cli/ exporting a CliCommand, plus one line here.

import { agentCommand } from './agent.js';
import { buildCommand } from './build.js';
import { catalogCommand } from './catalog.js';
import { chatCommand } from './chat.js';
import { checkCommand } from './check.js';
import type { CliCommand } from './command.js';
import { routeCheckCommand } from './route-check.js';
import { evalCommand } from './eval.js';
import { exportCommand, importCommand } from './skill-package.js';
import { keygenCommand, signCommand, verifyCommand } from './trust.js';
import { historyCommand, rollbackCommand } from './history.js';
import { uiCommand } from './ui.js';
import { tryCommand } from './try.js';
import { validateCommand } from './validate.js';

export const COMMANDS: readonly CliCommand[] = [
  uiCommand,
  chatCommand,
  validateCommand,
  catalogCommand,
  buildCommand,
  tryCommand,
  routeCheckCommand,
  checkCommand,
  evalCommand,
  importCommand,
  exportCommand,
  agentCommand,
  keygenCommand,
  signCommand,
  verifyCommand,
  historyCommand,
  rollbackCommand,
];
