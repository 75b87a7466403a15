// The ready-made integrations, run locally as CI would run them: action.yml's
// bash steps (parsed from the file, inputs passed through the env the steps
// declare, GITHUB_OUTPUT and GITHUB_BASE_REF as GitHub sets them, bash with
// GitHub's flags) in a temporary repository with an origin and a pull-request
// branch; and the pre-commit hook's entry over the staged files it matches.
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLEAN_MD, makeSkillRepo, type SkillRepo } from './support.js';

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = `${TSX} ${join(ROOT, 'test/helpers/cli-from-source.ts')}`;

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default: string }>;
  runs: { using: string; steps: Step[] };
}

const defaults = (action: Action): Record<string, string> & { 'sarif-file': string } =>
  Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default])) as Record<string, string> & { 'sarif-file': string };

async function loadAction(): Promise<Action> {
  return parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Action;
}

/** `${{ inputs.x }}` and `${{ github.event.before }}` as GitHub would expand them in a step's env. */
function expand(value: string, inputs: Record<string, string>, before: string): string {
  return value.replace(/\$\{\{\s*(inputs\.([\w-]+)|github\.event\.before)\s*\}\}/g, (_, _all, name: string | undefined) =>
    name ? (inputs[name] ?? '') : before,
  );
}

async function runStep(
  step: Step,
  repo: Pick<SkillRepo, 'root'>,
  inputs: Record<string, string>,
  extra: Record<string, string>,
): Promise<{ code: number; out: string; outputs: string }> {
  const output = join(repo.root, '..', `gh-output-${Math.random().toString(36).slice(2)}`);
  await writeFile(output, '');
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v, inputs, '')]));
  try {
    const r = await exec('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
      cwd: repo.root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_OUTPUT: output, ...extra, ...env },
    });
    return { code: 0, out: r.stdout + r.stderr, outputs: await readFile(output, 'utf8') };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr, outputs: await readFile(output, 'utf8') };
  }
}

/** A repository with an `origin` (a bare clone) and a branch `feature` that changes `file`. */
async function pullRequest(change: (repo: SkillRepo) => Promise<void>): Promise<SkillRepo> {
  const repo = await makeSkillRepo({ git: true });
  const origin = `${repo.root}-origin.git`;
  await exec('git', ['clone', '-q', '--bare', repo.root, origin]);
  repo.git('remote', 'add', 'origin', origin);
  repo.git('fetch', '-q', 'origin');
  repo.git('checkout', '-q', '-b', 'feature');
  await change(repo);
  repo.git('add', '.');
  repo.git('commit', '-q', '-m', 'change');
  return repo;
}

const SARIF_URIS = (text: string): string[] =>
  (
    JSON.parse(text) as { runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }> }> }
  ).runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri);

describe('action.yml', () => {
  it('is a composite action whose scripts take inputs only through env, and uploads the SARIF it writes', async () => {
    const action = await loadAction();
    expect(action.runs.using).toBe('composite');
    for (const step of action.runs.steps) if (step.run) expect(step.run).not.toContain('${{');
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('${{ inputs.sarif-file }}');
    expect(action.runs.steps.find((s) => s.id === 'check')?.env?.FSB_SARIF).toBe('${{ inputs.sarif-file }}');
  });

  it('checks only the skills the pull request changed, writes SARIF and fails on their errors', { timeout: 300_000 }, async () => {
    const action = await loadAction();
    const inputs: Record<string, string> = {
      ...defaults(action),
      paths: 'agent loose',
      command: CLI,
    };
    const [check, , fail] = action.runs.steps;

    const broken = await pullRequest((repo) => repo.write('agent/skills/broken-tool/references/notes.md', 'notes\n'));
    const r = await runStep(check!, broken, inputs, { GITHUB_BASE_REF: 'main' });
    expect(r.outputs).toBe('exit-code=1\n');
    expect(r.code).toBe(0);
    const uris = SARIF_URIS(await readFile(join(broken.root, inputs['sarif-file']!), 'utf8'));
    expect(uris.length).toBeGreaterThan(0);
    expect(uris.every((u) => u.startsWith('agent/skills/broken-tool/'))).toBe(true);
    const failed = await runStep(fail!, broken, inputs, {});
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('::error title=Forge skill check::');

    // The job summary lists every finding, those on lines the pull request did not change too.
    const summaryFile = join(broken.root, '..', `summary-${Math.random().toString(36).slice(2)}.md`);
    const summaryStep = action.runs.steps.find((x) => x.id === 'summary')!;
    expect((await runStep(summaryStep, broken, inputs, { GITHUB_STEP_SUMMARY: summaryFile })).code).toBe(0);
    const summary = await readFile(summaryFile, 'utf8');
    expect(summary).toContain('### Forge skill check');
    expect(summary).toContain('| error | agent/skills/broken-tool/SKILL.md:9 | links/file-missing | ');
    expect(summary.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| level')).length).toBe(uris.length);

    const clean = await pullRequest((repo) => repo.write('agent/skills/notes-reader/SKILL.md', CLEAN_MD.replace('two', 'three')));
    const ok = await runStep(check!, clean, inputs, { GITHUB_BASE_REF: 'main' });
    expect(ok.outputs).toBe('exit-code=0\n');
    expect(SARIF_URIS(await readFile(join(clean.root, inputs['sarif-file']!), 'utf8')).every((u) => u.startsWith('agent/skills/notes-reader/'))).toBe(true);

    const setup = await runStep(check!, clean, { ...inputs, 'changed-since': 'no-such-ref' }, {});
    expect(setup.outputs).toBe('exit-code=2\n');
    expect(setup.code).toBe(2);
  });
});

describe('action.yml without command or version', () => {
  it("installs and builds the action's own checkout once, then runs its CLI", { timeout: 300_000 }, async () => {
    const action = await loadAction();
    expect(action.inputs['version']!.default).toBe('');
    // The action's checkout, with an npm that records what it is asked and "builds" a dist/ whose CLI runs ours from src/.
    const actionPath = await realpath(await mkdtemp(join(tmpdir(), 'forge-action-path-')));
    const fakeBin = join(actionPath, '..', `${actionPath.split('/').pop()}-bin`);
    try {
      await mkdir(join(actionPath, 'bin'), { recursive: true });
      await cp(join(ROOT, 'bin/forge-skill-builder.js'), join(actionPath, 'bin/forge-skill-builder.js'));
      await mkdir(fakeBin);
      const cliModule = `import { spawnSync } from 'node:child_process';\nexport async function main(argv) {\n  return spawnSync(${JSON.stringify(TSX)}, [${JSON.stringify(join(ROOT, 'test/helpers/cli-from-source.ts'))}, ...argv], { stdio: 'inherit' }).status ?? 2;\n}\n`;
      await writeFile(join(actionPath, 'cli.mjs.txt'), cliModule);
      const npm = `#!/bin/sh\necho "$PWD: npm $*" >> "${actionPath}/npm.log"\nif [ "$1" = run ]; then mkdir -p dist/node && cp cli.mjs.txt dist/node/cli.js; fi\n`;
      await writeFile(join(fakeBin, 'npm'), npm);
      await chmod(join(fakeBin, 'npm'), 0o755);
      const repo = await makeSkillRepo();
      const inputs = { ...defaults(action), paths: 'agent/skills/notes-reader', 'changed-since': 'all' };
      const env = { GITHUB_ACTION_PATH: actionPath, PATH: `${fakeBin}:${process.env.PATH}` };
      const first = await runStep(action.runs.steps[0]!, repo, inputs, env);
      expect(first.outputs).toBe('exit-code=0\n');
      expect(await readFile(join(actionPath, 'npm.log'), 'utf8')).toBe(`${actionPath}: npm ci --no-audit --no-fund\n${actionPath}: npm run build\n`);
      expect(SARIF_URIS(await readFile(join(repo.root, inputs['sarif-file']!), 'utf8')).every((u) => u.startsWith('agent/skills/notes-reader/'))).toBe(true);
      const again = await runStep(action.runs.steps[0]!, repo, inputs, env);
      expect(again.outputs).toBe('exit-code=0\n');
      expect((await readFile(join(actionPath, 'npm.log'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
    } finally {
      await rm(actionPath, { recursive: true, force: true });
      await rm(fakeBin, { recursive: true, force: true });
    }
  });
});

describe('action.yml with routing, evals and a recording', () => {
  it('reruns the recorded routing check and evals with no key, and fails at the min-delta the args give', { timeout: 300_000 }, async () => {
    const action = await loadAction();
    const root = await realpath(await mkdtemp(join(tmpdir(), 'forge-action-evals-')));
    try {
      await cp(join(ROOT, 'test/fixtures/check-evals/repo'), root, { recursive: true });
      const inputs = {
        ...defaults(action),
        paths: 'agent',
        'changed-since': 'all',
        routing: 'true',
        evals: 'true',
        replay: '.forge/recordings',
        args: '--eval-runs 1',
        command: CLI,
      };
      const home = join(root, '.home');
      const ok = await runStep(action.runs.steps[0]!, { root }, inputs, { HOME: home });
      expect(ok.outputs).toBe('exit-code=0\n');
      const sarif = JSON.parse(await readFile(join(root, inputs['sarif-file']), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
      expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toContain('evals/evals-case-worse');
      const strict = await runStep(action.runs.steps[0]!, { root }, { ...inputs, args: '--eval-runs 1 --min-delta 0.5' }, { HOME: home });
      expect(strict.outputs).toBe('exit-code=1\n');
      const sarif2 = JSON.parse(await readFile(join(root, inputs['sarif-file']), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
      expect(sarif2.runs[0]!.results.map((r) => r.ruleId)).toContain('evals/evals-below-min-delta');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('.pre-commit-hooks.yaml', () => {
  it("runs its entry over the staged files its pattern matches, failing on a broken skill's script", { timeout: 300_000 }, async () => {
    const [hook] = parse(await readFile(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Array<{ id: string; entry: string; files: string; language: string }>;
    expect(hook!.id).toBe('forge-skill-check');
    const repo = await makeSkillRepo({ git: true });
    const bin = join(repo.root, '..', `bin-${Math.random().toString(36).slice(2)}`);
    await mkdir(bin);
    await writeFile(join(bin, 'forge-skill-builder'), `#!/bin/sh\nexec ${CLI} "$@"\n`);
    await chmod(join(bin, 'forge-skill-builder'), 0o755);
    const files = new RegExp(hook!.files);
    const runHook = async (): Promise<number> => {
      const staged = repo
        .git('diff', '--cached', '--name-only')
        .split('\n')
        .filter((f) => files.test(f));
      expect(staged.length).toBeGreaterThan(0);
      try {
        await exec('sh', ['-c', `${hook!.entry} "$@"`, 'hook', ...staged], { cwd: repo.root, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
        return 0;
      } catch (e) {
        return (e as { code: number }).code;
      }
    };
    await repo.write('agent/skills/notes-reader/SKILL.md', CLEAN_MD.replace('two', 'three'));
    repo.git('add', '.');
    expect(await runHook()).toBe(0);
    repo.git('commit', '-q', '-m', 'ok');
    await repo.write('agent/skills/broken-tool/scripts/report.sh', '#!/usr/bin/env bash\nthen echo again\n');
    repo.git('add', '.');
    expect(files.test('agent/skills/broken-tool/scripts/report.sh')).toBe(true);
    expect(await runHook()).toBe(1);
  });
});
