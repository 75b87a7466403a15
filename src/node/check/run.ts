// `runCheck`: the engine behind `forge-skill-builder check`. Finds the skills
// the paths name (only those changed since a git ref with `changedSince`),
// reads each as a Skill, runs its checks with the risk policy that applies
// (the one given, else its agent's, else Forge's default) and returns one
// CheckReport with paths relative to the repository root.
import * as nodeFs from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { defaultRiskPolicy } from '../../core/risk/policy.js';
import { Skill } from '../../core/skill/skill.js';
import type { ValidationProfile } from '../../core/skillmd/validate/context.js';
import type { FsLike } from '../fs/types.js';
import { readAgentRiskPolicy, readRiskPolicyFile } from '../risk/policy-file.js';
import { readSkillFolder } from '../skill-folder/read-folder.js';
import { ChangedSinceError, changedFiles, gitRoot, selectChanged } from './git.js';
import { buildReport } from './report.js';
import { signatureVerifier } from './signature.js';
import { posixRelative, runSkillChecks, type SignatureVerifier, type SkillCheckContext, type SkillTarget } from './skill-checks.js';
import { resolveTargets } from './targets.js';
import type { CheckOutcome, CheckReport, SkillCheck } from './types.js';

const fs = nodeFs as unknown as FsLike;

export interface RunCheckOptions {
  cwd: string;
  paths: readonly string[];
  profile?: ValidationProfile;
  failOn?: 'error' | 'warning';
  /** Only skills with a file changed since this git ref (committed, staged, unstaged or untracked). */
  changedSince?: string;
  /** A policy file that replaces every agent's policy. */
  policyFile?: string;
  /** Default true: check the scripts' syntax (and ShellCheck). */
  syntax?: boolean;
  /** The signature check; default: the agent's forge.yaml `security.trust_policy` against the trusted keys. */
  verifySignature?: SignatureVerifier;
  /** The trusted keys folder for the default signature check (default ~/.forge/trusted-keys). */
  keyringDir?: string;
  /** The routing check (`routingCheck`); skipped when absent. */
  routing?: (skill: Skill, target: SkillTarget, root: string) => Promise<CheckOutcome>;
  /** The eval check (`evalsCheck`); skipped when absent. */
  evals?: (skill: Skill, target: SkillTarget, root: string) => Promise<CheckOutcome>;
}

async function loadSkill(target: SkillTarget): Promise<Skill> {
  if (target.flat) return Skill.from({ skillMd: await readFile(target.path, 'utf8'), dirName: target.name });
  return (await readSkillFolder(fs, target.path)).with({ dirName: target.name });
}

type PolicyOf = (target: SkillTarget) => Promise<SkillCheckContext['policy']>;

function policyResolver(cwd: string, policyFile: string | undefined): PolicyOf {
  const cache = new Map<string, Promise<SkillCheckContext['policy']>>();
  if (policyFile !== undefined) {
    const fixed = readRiskPolicyFile(policyFile).then((policy) => ({ policy, source: policyFile }));
    return () => fixed;
  }
  return (target) => {
    if (!target.agentDir) return Promise.resolve({ policy: defaultRiskPolicy(), source: null });
    let p = cache.get(target.agentDir);
    if (!p) cache.set(target.agentDir, (p = readAgentRiskPolicy(target.agentDir)));
    return p;
  };
}

async function checkOne(target: SkillTarget, root: string, opts: RunCheckOptions, policy: SkillCheckContext['policy']): Promise<SkillCheck> {
  const path = posixRelative(root, target.path);
  let skill: Skill;
  try {
    skill = await loadSkill(target);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      skill: target.name,
      path,
      outcomes: [{ check: 'validate', status: 'failed', findings: [{ check: 'validate', code: 'skill-unreadable', level: 'error', message, file: path }] }],
    };
  }
  const ctx: SkillCheckContext = {
    root,
    profile: opts.profile ?? 'forge',
    policy,
    syntax: opts.syntax !== false,
    verifySignature: opts.verifySignature ?? signatureVerifier(root, opts.keyringDir ? { keyringDir: opts.keyringDir } : {}),
    ...(opts.routing ? { routing: opts.routing } : {}),
    ...(opts.evals ? { evals: opts.evals } : {}),
  };
  return { skill: target.name, path, outcomes: await runSkillChecks(skill, target, ctx) };
}

export async function runCheck(opts: RunCheckOptions): Promise<CheckReport> {
  const cwd = await realpath(opts.cwd);
  const repo = await gitRoot(cwd);
  const root = repo ? await realpath(repo) : cwd;
  let targets = await resolveTargets(cwd, opts.paths);
  if (opts.changedSince !== undefined) {
    if (!repo) throw new ChangedSinceError(`--changed-since needs a git work tree; ${cwd} is not in one`);
    targets = selectChanged(targets, await changedFiles(root, opts.changedSince));
  }
  const policyOf = policyResolver(cwd, opts.policyFile);
  const skills: SkillCheck[] = [];
  for (const target of targets) skills.push(await checkOne(target, root, opts, await policyOf(target)));
  return buildReport(root, opts.failOn ?? 'error', skills);
}
