// The `forge-skill-builder` command line: argument parsing and the subcommands
// (ui, chat, validate, catalog, build). Returns an exit code; never calls process.exit.

export async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === 'ui') {
    console.error('forge-skill-builder ui: not yet implemented (tracked in issue 5, HTTP API and CLI).');
    return 1;
  }
  console.error('usage: forge-skill-builder <ui|chat|validate|catalog|build> [options]');
  return command === undefined || command === '--help' ? 0 : 1;
}
