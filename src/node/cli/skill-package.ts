// `forge-skill-builder import <zip|dir>` and `export <skill-dir> -o <file>`.
// import reads a skill folder, .zip or .skill into a draft (never
// writing while reading), validates it with its folder files, shows the
// requirements its scripts suggest when it has no metadata.forge (declared
// only with --accept), and with --agent saves it through the normal save: an
// existing skill is refused after a diff against it is shown, and replaced
// only with --replace. export writes a deterministic zip (or .skill) of a
// folder with its manifest and provenance (unless --no-provenance).

import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { formatDiagnostic } from '../../core/diagnostics.js';
import { SkillConflictError } from '../../core/errors.js';
import { exportSkill } from '../skill-folder/export-skill.js';
import { readProvenance, withProvenance } from '../history/provenance.js';
import { lastSavedTime } from '../history/saved-time.js';
import * as nodeFs from 'node:fs';
import { importSkill } from '../skill-folder/import-skill.js';
import { importReply, prepareImport, saveImport } from '../workspace/import-flow.js';
import { importReplyToWire } from '../../core/protocol/import-wire.js';
import { acceptRequirements } from '../../core/skill-folder/accept-requirements.js';
import { locateSkill, readCustomSkill } from '../skill-store/index.js';
import { acceptedKinds, diffAgainst } from './import-review.js';
import { homedir } from 'node:os';
import type { Skill } from '../../core/skill/skill.js';
import { TrustPolicyError } from '../../core/trust/errors.js';
import type { SkillTrust } from '../../core/trust/types.js';
import { readAgentTrustPolicy } from '../config/trust-policy.js';
import { checkSkillTrust } from '../trust/import-trust.js';
import { oneOf, parseCommandArgs, PROGRAM, UsageError } from './args.js';
import type { CliCommand } from './command.js';
import { plural, writeLine, type CliIo } from './io.js';

const IMPORT_HELP = `Usage: ${PROGRAM} import <skill.zip|skill.skill|skill-dir> [--agent <agent-dir>] [--accept all|bins,egress,env] [--replace] [--name <new-name>] [--profile forge|agentskills] [--json]

Reads a skill folder, a .zip or a .skill package (a zip whose root is the skill
folder) into a draft and validates it with all its files. Hostile archives
(.., absolute paths, symlinks, zip bombs, nested archives …) are refused and
nothing is written. A skill without metadata.forge gets requirement proposals
(bins, egress domains, env vars) read from its scripts. Its signatures are
checked against ~/.forge/trusted-keys (verified, modified, unverified or
unsigned); with --agent, the agent's security.trust_policy in forge.yaml may
refuse it.

Options:
  --agent <dir>    save the skill into this agent (skills/<name>/) through the normal
                   save and its checks; an existing skill of that name is refused
                   (nothing written) and the differences to it are shown
  --accept <what>  declare requirement proposals in the SKILL.md before saving: all,
                   or a comma list of bins, egress, env (none are applied without it)
  --replace        replace the agent's skill of that name (after showing the diff)
  --name <name>    import under a new name (rewrites the frontmatter name)
  --profile <p>    forge (default) or agentskills validation rules
  --json           print the draft, validation, proposals and trust as JSON (binary content left out)
  -h, --help       show this help

Exit status: 0 imported (warnings allowed), 1 refused, invalid or not saved, 2 wrong usage.
`;

const EXPORT_HELP = `Usage: ${PROGRAM} export <skill-dir> -o <file> [--format zip|skill] [--no-provenance]

Writes the skill folder as a deterministic zip: entries sorted, fixed timestamps,
scripts 0755 and other files 0644, so the same skill always gives the same bytes.
--format skill (the default when <file> ends in .skill) wraps the files in one
folder named for the skill, as Anthropic's .skill packages are.

The package carries skill.manifest.json (every file with its sha256 and size;
the signed one when the folder is signed, with its signatures) and
skill.provenance.json: version id, when the skill was last saved (its files'
newest modification time, not the export's), builder, risk score and evals.

Options:
  -o, --output <file>  where to write the archive
  --format <f>         zip or skill
  --no-provenance      leave skill.manifest.json (unless signed) and
                       skill.provenance.json out: the folder's files only
  -h, --help           show this help
`;

async function isDir(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

async function runImport(argv: string[], io: CliIo): Promise<number> {
  const opts = {
    agent: { type: 'string' },
    name: { type: 'string' },
    profile: { type: 'string' },
    json: { type: 'boolean' },
    accept: { type: 'string' },
    replace: { type: 'boolean' },
  } as const;
  const { values, positionals } = parseCommandArgs('import', argv, opts, true);
  if (values.help) return (void io.stdout.write(IMPORT_HELP), 0);
  if (positionals.length !== 1) throw new UsageError('give exactly one skill folder, .zip or .skill file', 'import');
  const profile = oneOf('profile', values.profile, ['forge', 'agentskills'] as const, 'forge');
  const source = resolve(io.cwd, positionals[0]!);
  const imported = (await isDir(source)) ? await importSkill({ dir: source }) : await importSkill({ zip: new Uint8Array(await readFile(source)) });
  const trust = await importTrust(io, imported, values.agent === undefined ? null : resolve(io.cwd, values.agent));
  if (trust === null) return 1;
  const prepared = prepareImport(imported, { ...(values.name !== undefined ? { name: values.name } : {}), profile });
  const { validation, proposals } = prepared;
  if (values.json) {
    // The import route's reply, binaries listed without their bytes.
    const provenance = readProvenance(imported);
    const reply = { ...importReply(prepared), trust, ...(provenance ? { provenance } : {}) };
    const wire = importReplyToWire({
      ...reply,
      draft: { ...reply.draft, binaries: prepared.skill.binaries.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 })) },
    });
    io.stdout.write(`${JSON.stringify(wire, null, 2)}\n`);
  } else {
    writeLine(
      io.stdout,
      `${positionals[0]}: skill "${prepared.name}" — ${plural(Object.keys(prepared.skill.scripts).length, 'script')}, ${plural(Object.keys(prepared.skill.files).length, 'text file')}, ${plural(prepared.skill.binaries.length, 'binary file')}`,
    );
    writeLine(io.stdout, `  trust: ${trust.status} (${trust.level}) — ${trust.detail}`);
    const p = readProvenance(imported);
    if (p)
      writeLine(
        io.stdout,
        `  provenance: version ${p.versionId}, saved ${p.created} by ${p.builder}, risk ${p.riskScore} (${p.riskLevel})${p.evalSummary ? `, ${p.evalSummary}` : ''}`,
      );
    for (const d of [...validation.errors, ...validation.warnings]) writeLine(io.stdout, `  ${formatDiagnostic(d)}`);
    if (proposals) {
      writeLine(io.stdout, '  no metadata.forge: requirements read from the scripts (proposals, not applied):');
      writeLine(io.stdout, `    bins: ${proposals.bins.join(', ') || '(none)'}`);
      writeLine(io.stdout, `    egress_domains: ${proposals.egressDomains.join(', ') || '(none)'}`);
      writeLine(io.stdout, `    env: ${proposals.env.join(', ') || '(none)'}`);
    }
  }
  if (!validation.valid) {
    writeLine(io.stderr, `${PROGRAM} import: ${plural(validation.errors.length, 'error')}; fix them in the source and import again`);
    return 1;
  }
  const accept = acceptedKinds(values.accept, proposals);
  if (values.agent === undefined) return 0;
  if (proposals && !accept) writeLine(io.stdout, '  the proposals were not applied; declare them with --accept all (or bins,egress,env)');
  const agentDir = resolve(io.cwd, values.agent);
  const existing = (await locateSkill(agentDir, prepared.name)) ? await readCustomSkill(agentDir, prepared.name) : null;
  if (existing) {
    const skillMd = accept ? acceptRequirements(prepared.skill.skillMd, accept) : prepared.skill.skillMd;
    const diff = diffAgainst(existing, skillMd, prepared.skill, new Map(prepared.skill.binaries.map((b) => [b.path, b.sha256])));
    if (diff === '')
      return (writeLine(io.stdout, `skill "${prepared.name}" is already up to date in ${values.agent}: the import is identical; nothing was written`), 0);
    io.stdout.write(diff);
  }
  if (existing && !values.replace) return conflict(io, prepared.name);
  try {
    const saved = await saveImport(agentDir, prepared, { ...(accept ? { accept } : {}), replace: existing !== null });
    writeLine(io.stdout, `saved ${saved.path}`);
    return 0;
  } catch (err) {
    if (SkillConflictError.isInstance(err))
      return existing ? conflict(io, prepared.name) : (writeLine(io.stderr, `${PROGRAM} import: ${err.message}; nothing was written.`), 1);
    throw err;
  }
}

/** The package's trust against ~/.forge/trusted-keys; null (after saying why on stderr) when the agent's trust policy refuses it. */
async function importTrust(io: CliIo, skill: Skill, agentDir: string | null): Promise<SkillTrust | null> {
  const policy = agentDir === null ? null : await readAgentTrustPolicy(agentDir);
  try {
    return await checkSkillTrust(skill, [policy], { homeDir: io.homeDir ?? homedir() });
  } catch (err) {
    if (!TrustPolicyError.isInstance(err)) throw err;
    writeLine(io.stderr, `${PROGRAM} import: ${err.message}; nothing was written.`);
    return null;
  }
}

function conflict(io: CliIo, name: string): number {
  writeLine(
    io.stderr,
    `${PROGRAM} import: the agent already has a skill "${name}"; nothing was written. Review the differences above and run again with --replace to replace it, or import it under another name with --name.`,
  );
  return 1;
}

async function runExport(argv: string[], io: CliIo): Promise<number> {
  // --provenance, once needed to add it, is still accepted: it is the default now.
  const opts = {
    output: { type: 'string', short: 'o' },
    format: { type: 'string' },
    provenance: { type: 'boolean' },
    'no-provenance': { type: 'boolean' },
  } as const;
  const { values, positionals } = parseCommandArgs('export', argv, opts, true);
  if (values.help) return (void io.stdout.write(EXPORT_HELP), 0);
  if (positionals.length !== 1) throw new UsageError('give exactly one skill folder', 'export');
  if (!values.output) throw new UsageError('give the archive to write with -o <file>', 'export');
  const out = resolve(io.cwd, values.output);
  const format = oneOf('format', values.format, ['zip', 'skill'] as const, out.endsWith('.skill') ? 'skill' : 'zip');
  const dir = resolve(io.cwd, positionals[0]!);
  if (values.provenance && values['no-provenance']) throw new UsageError('give --no-provenance or --provenance, not both', 'export');
  const bytes = values['no-provenance']
    ? await exportSkill({ dir }, { format })
    : await exportSkill(await withProvenance(await importSkill({ dir }), await lastSavedTime(nodeFs, dir, true)), { format });
  // Written beside the target and renamed: a reader never sees half an archive.
  const tmp = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, bytes, { mode: 0o644, flag: 'wx' });
    await rename(tmp, out);
  } finally {
    await rm(tmp, { force: true });
  }
  writeLine(io.stdout, `wrote ${values.output} (${bytes.length} bytes)`);
  return 0;
}

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'import a skill folder, .zip or .skill (validated; --agent saves it)',
  help: IMPORT_HELP,
  run: runImport,
};
export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'export a skill folder as a deterministic .zip or .skill',
  help: EXPORT_HELP,
  run: runExport,
};
