// The CLI from source as a child process (`node --import tsx test/helpers/run-cli.ts <args>`), wired to
// the real process streams through processIo: for what only a real pipe shows (a reader that closes early).
import { main } from '../../src/node/cli.js';

process.exitCode = await main(process.argv.slice(2));
