#!/usr/bin/env node
// Command-line entry: runs the built CLI from dist/. In a source checkout, run
// `npm run build` first (the README's commands do).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/node/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  console.error('forge-skill-builder: dist/ is missing. Run `npm run build` in the package folder first.');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
