// `keygen <name>`, `sign <skill-dir> --key <file>` and `verify <skill-dir>`:
// Forge-compatible Ed25519 signing of skill folders. keygen writes Forge's key
// files; sign writes Forge's SKILL.md.sig plus our signed manifest of every
// file; verify reports the trust level, the key that signed and which files
// changed since. verify exits 1 unless the skill is verified.

import { resolve } from 'node:path';
import { skillTrustToWire } from '../../core/protocol/trust-wire.js';
import type { SkillTrust } from '../../core/trust/assess.js';
import { generateSigningKey, loadKeyring, trustedKeysDir } from '../trust/keys.js';
import { signSkillFolder } from '../trust/sign-folder.js';
import { verifySkillFolder } from '../trust/verify-folder.js';
import { parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { writeLine, type CliIo } from './io.js';
import { homedir } from 'node:os';

const KEYGEN_HELP = `Usage: ${PROGRAM} keygen <name>

Creates an Ed25519 key pair in Forge's format: ~/.forge/keys/<name>.key (base64
of the 64-byte private key, mode 0600) and ~/.forge/keys/<name>.pub (base64 of
the 32-byte public key). An existing key of that name is never replaced.
Copy the .pub file into ~/.forge/trusted-keys/ on every machine that should
trust what you sign (the key id is the file name without .pub).

Options:
  -h, --help  show this help
`;

const SIGN_HELP = `Usage: ${PROGRAM} sign <skill-dir> --key <file>

Signs a skill folder. Writes Forge's SKILL.md.sig (base64 Ed25519 signature of
SKILL.md's bytes, which Forge verifies), skill.manifest.json (every other file
with its sha256 and size) and skill.manifest.json.sig, so a changed script
breaks verification too.

Options:
  --key <file>  the private key file (from keygen)
  -h, --help    show this help
`;

const VERIFY_HELP = `Usage: ${PROGRAM} verify <skill-dir> [--keyring <dir>] [--json]

Checks a skill folder's signatures and manifest against trusted public keys
(default ~/.forge/trusted-keys/*.pub) and prints the trust level (verified,
local for unsigned, untrusted), the key id that signed it, and every file
changed, added or missing since it was signed.

Options:
  --keyring <dir>  folder of trusted <id>.pub keys
  --json           print the result as JSON
  -h, --help       show this help

Exit status: 0 verified, 1 anything else, 2 wrong usage.
`;

function home(io: CliIo): string {
  return io.homeDir ?? homedir();
}

async function runKeygen(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('keygen', argv, {}, true);
  if (values.help) return (void io.stdout.write(KEYGEN_HELP), 0);
  if (positionals.length !== 1) throw new UsageError('give exactly one key name', 'keygen');
  const key = await generateSigningKey(positionals[0]!, { homeDir: home(io) });
  writeLine(io.stdout, `private key: ${key.privateKeyPath} (mode 0600; keep it secret)`);
  writeLine(io.stdout, `public key:  ${key.publicKeyPath}`);
  writeLine(io.stdout, `to trust it, copy ${key.name}.pub into ${trustedKeysDir(home(io))}/`);
  return 0;
}

async function runSign(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('sign', argv, { key: { type: 'string' } }, true);
  if (values.help) return (void io.stdout.write(SIGN_HELP), 0);
  if (positionals.length !== 1) throw new UsageError('give exactly one skill folder', 'sign');
  if (!values.key) throw new UsageError('give the private key with --key <file> (create one with `keygen <name>`)', 'sign', 'key');
  const dir = resolve(io.cwd, positionals[0]!);
  const result = await signSkillFolder(dir, resolve(io.cwd, values.key), { homeDir: home(io) });
  writeLine(io.stdout, `signed ${positionals[0]}: ${result.manifest.files.length} files in the manifest`);
  for (const f of result.written) writeLine(io.stdout, `  wrote ${f}`);
  return 0;
}

function printTrust(io: CliIo, label: string, t: SkillTrust): void {
  writeLine(io.stdout, `${label}: ${t.status} — ${t.detail}`);
  writeLine(io.stdout, `  trust level: ${t.level}`);
  if (t.keyId) writeLine(io.stdout, `  key: ${t.keyId}`);
  for (const [what, list] of [
    ['changed', t.changed],
    ['added', t.added],
    ['missing', t.missing],
  ] as const)
    if (list.length) writeLine(io.stdout, `  ${what}: ${list.join(', ')}`);
}

async function runVerify(argv: string[], io: CliIo): Promise<number> {
  const opts = { keyring: { type: 'string' }, json: { type: 'boolean' } } as const;
  const { values, positionals } = parseCommandArgs('verify', argv, opts, true);
  if (values.help) return (void io.stdout.write(VERIFY_HELP), 0);
  if (positionals.length !== 1) throw new UsageError('give exactly one skill folder', 'verify');
  const keyringDir = values.keyring === undefined ? trustedKeysDir(home(io)) : resolve(io.cwd, values.keyring);
  const keyring = await loadKeyring(keyringDir);
  for (const p of keyring.problems) writeLine(io.stderr, `${PROGRAM} verify: left out ${p.file} of ${keyringDir}: ${p.problem}`);
  const trust = await verifySkillFolder(resolve(io.cwd, positionals[0]!), { keyring });
  if (values.json) io.stdout.write(`${JSON.stringify(skillTrustToWire(trust), null, 2)}\n`);
  else printTrust(io, positionals[0]!, trust);
  return trust.status === 'verified' ? 0 : 1;
}

export const keygenCommand: CliCommand = { name: 'keygen', summary: 'create an Ed25519 signing key pair in Forge’s format', help: KEYGEN_HELP, run: runKeygen };
export const signCommand: CliCommand = { name: 'sign', summary: 'sign a skill folder (SKILL.md.sig and a signed manifest)', help: SIGN_HELP, run: runSign };
export const verifyCommand: CliCommand = {
  name: 'verify',
  summary: 'check a skill folder’s signatures and which files changed',
  help: VERIFY_HELP,
  run: runVerify,
};
