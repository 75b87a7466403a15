// The three worked examples of the Skill Designer prompt, each a finished
// envelope with a SkillSpec: a built-in-only skill (no tool section), a
// binary-backed read-only kubectl skill (a complete tool section with no
// script, run through cli_execute; denied_tools, safety constraints) and a
// script-backed skill (a .sh tool reading $1 and printing JSON). A test
// compiles each spec and validates the result, so the prompt never teaches a
// skill that our own validator would reject or warn about.

export interface PromptExample {
  title: string;
  /** What the operator asked for, in a sentence. */
  situation: string;
  envelope: {
    message: string;
    skill: { spec: Record<string, unknown>; scripts: Record<string, string> };
  };
}

const GITHUB_REPO_STATS_SH = `#!/usr/bin/env bash
# Tool github_repo_stats: public statistics of one GitHub repository.
set -euo pipefail

INPUT="\${1:-}"
REPO="$(printf '%s' "$INPUT" | jq -r '.repo // empty')"

if [[ ! "$REPO" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]]; then
  jq -n --arg repo "$REPO" '{error: "repo must look like owner/name", repo: $repo}'
  exit 0
fi

URL="https://api.github.com/repos/$REPO"
if [[ -n "\${GITHUB_TOKEN:-}" ]]; then
  RESPONSE="$(curl -fsS -H "Accept: application/vnd.github+json" -H "Authorization: Bearer $GITHUB_TOKEN" "$URL")"
else
  RESPONSE="$(curl -fsS -H "Accept: application/vnd.github+json" "$URL")"
fi

printf '%s' "$RESPONSE" | jq '{
  repo: .full_name,
  description: .description,
  stars: .stargazers_count,
  forks: .forks_count,
  open_issues: .open_issues_count,
  default_branch: .default_branch,
  last_push: .pushed_at
}'
`;

export const PROMPT_EXAMPLES: readonly PromptExample[] = [
  {
    title: 'a skill that only uses a built-in tool',
    situation: 'The operator wants the agent to answer "what time is it" in German, with the time in Brisbane.',
    envelope: {
      message:
        'Here is the skill. It calls the built-in `datetime_now` for Australia/Brisbane and answers in German, so it needs no custom tool, script or credentials.',
      skill: {
        spec: {
          name: 'german-brisbane-time',
          description:
            'When the user asks for the time ("what time is it", "current time", "wie spät ist es", "clock"), reply in German with the current time in Brisbane, Australia.',
          category: 'utilities',
          tags: ['time', 'german'],
          title: 'German Brisbane Time',
          summary: 'Answers questions about the current time in German, using the time in Brisbane.',
          instructions:
            '1. Call the built-in tool `datetime_now` with the time zone `Australia/Brisbane`.\n2. Reply in German with the time from the result, for example "Es ist 14:05 Uhr in Brisbane."\n3. Never guess the time: always use the tool result.',
          notes: ['Brisbane does not observe daylight saving time, so it is always UTC+10.'],
        },
        scripts: {},
      },
    },
  },
  {
    title: 'a binary-backed, read-only skill',
    situation: 'The operator wants help finding out why pods in their Kubernetes cluster are unhealthy, without the agent changing anything.',
    envelope: {
      message:
        'Here is a read-only triage skill. Its tool `k8s_pod_triage` has no script: the agent runs kubectl (already in the base image) through `cli_execute` with your existing KUBECONFIG, uses only get/describe/logs/events, and never changes the cluster.',
      skill: {
        spec: {
          name: 'k8s-pod-triage',
          description:
            'When the user asks why a pod or deployment is unhealthy ("why is my pod crashing", "pods stuck in Pending", "CrashLoopBackOff", "check the payments deployment"), inspect it read-only with kubectl and report the most likely cause.',
          category: 'sre',
          tags: ['kubernetes', 'triage'],
          metadata: {
            forge: {
              requires: { bins: ['kubectl'], env: { optional: ['KUBECONFIG', 'K8S_API_DOMAIN'] } },
              egress_domains: ['$K8S_API_DOMAIN'],
              denied_tools: ['http_request', 'web_fetch'],
              timeout_hint: '120s',
            },
          },
          title: 'Kubernetes Pod Triage',
          summary: 'Diagnoses unhealthy pods and deployments with read-only kubectl commands.',
          instructions: 'Run every cluster command with `cli_execute` and `kubectl`; never reach the cluster through http_request or web_fetch.',
          tools: [
            {
              name: 'k8s_pod_triage',
              description: 'Finds why pods of a namespace, deployment or single pod are unhealthy, using read-only kubectl commands.',
              input: [
                { name: 'namespace', type: 'string', required: true, description: 'Namespace to inspect; "default" when the user names none.' },
                { name: 'deployment', type: 'string', required: false, description: 'Limit the triage to the pods of this deployment.' },
                { name: 'pod', type: 'string', required: false, description: 'Inspect this one pod only.' },
                {
                  name: 'log_lines',
                  type: 'integer',
                  required: false,
                  description: 'Lines of previous-container logs to read per crashing pod (default 100).',
                },
              ],
              output: {
                type: 'object',
                properties: {
                  namespace: { type: 'string' },
                  unhealthy: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        pod: { type: 'string' },
                        phase: { type: 'string' },
                        reason: { type: 'string', description: 'e.g. CrashLoopBackOff, ImagePullBackOff, OOMKilled, Unschedulable' },
                        restarts: { type: 'integer' },
                        evidence: { type: 'array', items: { type: 'string' } },
                      },
                    },
                  },
                  likely_cause: { type: 'string' },
                  suggested_commands: { type: 'array', items: { type: 'string' }, description: 'Commands for the operator to run; the skill never runs them.' },
                },
              },
              examples: [
                { request: 'Why is my pod crashing in the payments namespace?', input: { namespace: 'payments' } },
                { request: 'Pods of the checkout deployment are stuck in Pending', input: { namespace: 'default', deployment: 'checkout' } },
                { request: 'Check api-7d9f8-x2k in staging, it keeps restarting', input: { namespace: 'staging', pod: 'api-7d9f8-x2k' } },
                { request: 'Something is in CrashLoopBackOff in monitoring, show me more logs', input: { namespace: 'monitoring', log_lines: 300 } },
                { request: 'Is anything unhealthy in the cluster right now?', input: {} },
              ],
              heuristics: [
                'The user names a pod, deployment or namespace and says it is crashing, restarting, pending or not ready.',
                'The request quotes a Kubernetes status such as CrashLoopBackOff, ImagePullBackOff, OOMKilled or Evicted.',
                'The user asks what is wrong with, or why they cannot reach, a workload running in Kubernetes.',
              ],
              process: [
                'List the pods: `kubectl get pods -n <namespace> -o wide` (with `-l app=<deployment>` or the single pod when given).',
                'For each pod that is not Running and ready, run `kubectl describe pod <pod> -n <namespace>` and read its Events and container states.',
                'For a crashing container, run `kubectl logs <pod> -n <namespace> --previous --tail=<log_lines>`.',
                'Read recent events: `kubectl get events -n <namespace> --sort-by=.lastTimestamp`.',
                'Answer with the output object: the unhealthy pods, the most likely cause with its evidence, and the commands the operator could run to fix it.',
              ],
            },
          ],
          safety: [
            'Run only read-only kubectl commands: get, describe, logs, top and events.',
            'Never run delete, apply, edit, patch, scale, rollout restart, exec, cordon or drain.',
            'When a fix needs a change, give the operator the command to run instead of running it.',
          ],
        },
        scripts: {},
      },
    },
  },
  {
    title: 'a script-backed skill with a custom tool',
    situation: 'The operator wants the agent to report public statistics of GitHub repositories, with an optional token for higher rate limits.',
    envelope: {
      message:
        'Here is the skill. Its tool `github_repo_stats` runs scripts/github-repo-stats.sh, which calls the GitHub REST API with curl and jq. GITHUB_TOKEN is optional; without it the public rate limit applies.',
      skill: {
        spec: {
          name: 'github-repo-stats',
          description:
            'When the user asks about a GitHub repository\'s popularity or activity ("how many stars does vercel/next.js have", "is this repo still maintained", "compare forks of two repos"), fetch its public statistics.',
          category: 'developer-tools',
          tags: ['github', 'statistics'],
          metadata: {
            forge: {
              requires: { bins: ['curl', 'jq'], env: { optional: ['GITHUB_TOKEN'] } },
              egress_domains: ['api.github.com'],
              timeout_hint: '30s',
            },
          },
          title: 'GitHub Repository Statistics',
          summary: 'Looks up stars, forks, open issues and the last push of a GitHub repository.',
          tools: [
            {
              name: 'github_repo_stats',
              description: 'Returns public statistics of one GitHub repository.',
              input: [{ name: 'repo', type: 'string', required: true, description: 'The repository as owner/name, e.g. "vercel/next.js".' }],
              output: {
                type: 'object',
                properties: {
                  repo: { type: 'string' },
                  description: { type: ['string', 'null'] },
                  stars: { type: 'integer' },
                  forks: { type: 'integer' },
                  open_issues: { type: 'integer' },
                  default_branch: { type: 'string' },
                  last_push: { type: 'string', description: 'ISO 8601 time of the last push' },
                },
              },
              examples: [
                { request: 'How many stars does vercel/next.js have?', input: { repo: 'vercel/next.js' } },
                { request: 'Is torvalds/linux still active?', input: { repo: 'torvalds/linux' } },
                { request: 'How many open issues does microsoft/vscode have?', input: { repo: 'microsoft/vscode' } },
                { request: 'Show me the stats of facebook/react', input: { repo: 'facebook/react' } },
                { request: 'When was the last push to rust-lang/rust?', input: { repo: 'rust-lang/rust' } },
              ],
              heuristics: [
                'The request names a repository as owner/name or a github.com/owner/name URL.',
                'The user asks about stars, forks, open issues, activity or the default branch.',
                'Comparing repositories: call the tool once per repository.',
              ],
            },
          ],
          notes: ['Without GITHUB_TOKEN, GitHub allows 60 unauthenticated requests per hour.'],
        },
        scripts: { 'github-repo-stats.sh': GITHUB_REPO_STATS_SH },
      },
    },
  },
];
