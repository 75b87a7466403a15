// Runs the forge-skill-builder command line from src/ (through tsx), for tests
// that execute commands as a CI system would, without a build:
//   node_modules/.bin/tsx test/helpers/cli-from-source.ts check skills/
import { main } from '../../src/node/cli.js';

process.exitCode = await main(process.argv.slice(2));
