// Every command has --help (exit 0); unknown commands and unknown flags are
// errors with exit 2 and a pointer to --help (issue 5: "unknown flags are errors").
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { testIo } from './support.js';

const COMMANDS = ['ui', 'chat', 'validate', 'catalog', 'build'];

describe('forge-skill-builder --help', () => {
  it('lists every command', async () => {
    const io = testIo({ cwd: '/' });
    expect(await main(['--help'], io)).toBe(0);
    for (const c of COMMANDS) expect(io.out()).toMatch(new RegExp(`^  ${c} `, 'm'));
  });

  it.each(COMMANDS)('%s --help prints its usage and exits 0', async (command) => {
    const io = testIo({ cwd: '/' });
    expect(await main([command, '--help'], io)).toBe(0);
    expect(io.out()).toMatch(new RegExp(`^Usage: forge-skill-builder ${command}`));
    const short = testIo({ cwd: '/' });
    expect(await main([command, '-h'], short)).toBe(0);
    expect(short.out()).toBe(io.out());
  });

  it('prints the usage on stderr with exit 2 when no command is given', async () => {
    const io = testIo({ cwd: '/' });
    expect(await main([], io)).toBe(2);
    expect(io.err()).toMatch(/^Usage:/);
  });

  it('prints the version', async () => {
    const io = testIo({ cwd: '/' });
    expect(await main(['--version'], io)).toBe(0);
    expect(io.out().trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('wrong usage', () => {
  it('refuses an unknown command', async () => {
    const io = testIo({ cwd: '/' });
    expect(await main(['serve'], io)).toBe(2);
    expect(io.err()).toMatch(/unknown command "serve".*ui, chat, validate, catalog/);
  });

  it.each([
    ['ui', ['--prot', '4200']],
    ['chat', ['--agnet', 'a']],
    ['validate', ['x', '--jsno']],
    ['catalog', ['x', '--fromat', 'xml']],
  ])('%s refuses an unknown flag', async (command, args) => {
    const io = testIo({ cwd: '/' });
    expect(await main([command, ...args], io)).toBe(2);
    expect(io.err()).toMatch(new RegExp(`forge-skill-builder ${command}: .*'${args.find((a) => a.startsWith('--'))}'`));
    expect(io.err()).toMatch(new RegExp(`Run \`forge-skill-builder ${command} --help\``));
  });

  it('refuses bad flag values with the fix', async () => {
    const port = testIo({ cwd: '/' });
    expect(await main(['ui', '--port', 'eighty'], port)).toBe(2);
    expect(port.err()).toMatch(/--port must be a number/);
    const profile = testIo({ cwd: '/' });
    expect(await main(['validate', 'x', '--profile', 'claude'], profile)).toBe(2);
    expect(profile.err()).toMatch(/--profile must be one of forge, agentskills/);
    const format = testIo({ cwd: '/' });
    expect(await main(['catalog', 'x', '--format', 'json'], format)).toBe(2);
    expect(format.err()).toMatch(/--format must be one of forge, xml/);
    const missing = testIo({ cwd: '/' });
    expect(await main(['ui', '--port'], missing)).toBe(2);
  });

  it('refuses validate and catalog without a path', async () => {
    const v = testIo({ cwd: '/' });
    expect(await main(['validate'], v)).toBe(2);
    expect(v.err()).toMatch(/at least one skill folder/);
    const c = testIo({ cwd: '/' });
    expect(await main(['catalog'], c)).toBe(2);
  });
});
