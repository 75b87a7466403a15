// The scripted Skill Designer of the browser end-to-end test: what the local
// OpenAI wire-format server answers. The first turn asks one question (no
// skill); once the operator has answered, it drafts a skill as a JSON envelope
// with a `spec` (the server compiles it into SKILL.md) and one script. The
// skill declares a one_of env group and an egress domain, so the save result
// has something to show and ask for.
import type { RecordedRequest } from '../helpers/provider-servers/index.js';

export const QUESTION =
  "Happy to build that. **Which repository** should the digest cover? I'll run it every day at 08:00 in your time zone unless you want another time.";

export const ANSWER = 'acme/api — 08:00 is fine.';

export const DRAFT_MESSAGE = [
  "Here's **github-issue-digest**. It schedules itself daily at 08:00 with the built-in `schedule_set`, and its tool `github_new_issues` calls the GitHub REST API with `curl` and `jq`:",
  '',
  '- needs `GH_TOKEN` or `GITHUB_TOKEN` (either works)',
  '- network access limited to `api.github.com`',
  '',
  'Want the digest posted somewhere too, e.g. a Slack channel?',
].join('\n');

export const SKILL_NAME = 'github-issue-digest';
export const SCRIPT_NAME = 'github-new-issues.sh';

export const SCRIPT = `#!/usr/bin/env bash
# Tool github_new_issues: open issues of a repository since a point in time.
set -euo pipefail

INPUT="\${1:-}"
REPO="$(printf '%s' "$INPUT" | jq -r '.repo // empty')"
SINCE="$(printf '%s' "$INPUT" | jq -r '.since // empty')"
TOKEN="\${GH_TOKEN:-\${GITHUB_TOKEN:-}}"

if [[ ! "$REPO" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]]; then
  jq -n --arg repo "$REPO" '{error: "repo must look like owner/name", repo: $repo}'
  exit 0
fi
if [[ -z "$SINCE" ]]; then
  SINCE="$(date -u -d '24 hours ago' +%Y-%m-%dT%H:%M:%SZ)"
fi

curl -fsS -H "Accept: application/vnd.github+json" -H "Authorization: Bearer $TOKEN" \\
  "https://api.github.com/repos/$REPO/issues?state=open&since=$SINCE&per_page=50" |
  jq --arg since "$SINCE" '{since: $since, issues: [.[] | select(.pull_request | not) |
    {number, title, author: .user.login, labels: [.labels[].name], url: .html_url}]}'
`;

const SPEC = {
  name: SKILL_NAME,
  description:
    'When the user asks what is new in a GitHub repository\'s issues ("any new issues in acme/api?", "summarise yesterday\'s issues", "morning issue digest"), list the issues opened since the last digest and summarise them.',
  category: 'developer-tools',
  tags: ['github', 'issues', 'digest'],
  metadata: {
    forge: {
      requires: { bins: ['curl', 'jq'], env: { one_of: ['GH_TOKEN', 'GITHUB_TOKEN'] } },
      egress_domains: ['api.github.com'],
    },
  },
  title: 'GitHub Issue Digest',
  summary: 'Summarises the issues opened in a GitHub repository since the previous digest, every morning at 08:00.',
  instructions: [
    "1. On the first run, call the built-in `schedule_set` to run this skill every day at 08:00 in the operator's time zone.",
    '2. Call `github_new_issues` with the repository and the time of the previous digest.',
    '3. Group the issues by label and write a short digest: one line per issue with its number, title and author.',
  ].join('\n'),
  tools: [
    {
      name: 'github_new_issues',
      description: 'Lists the open issues created or updated in a repository since a point in time (pull requests are left out).',
      input: [
        { name: 'repo', type: 'string', required: true, description: 'Repository as owner/name, e.g. "acme/api".' },
        { name: 'since', type: 'string', required: false, description: 'ISO 8601 time; default: 24 hours ago.' },
      ],
      output: {
        since: '2025-06-02T08:00:00Z',
        issues: [{ number: 812, title: 'Login fails with SSO', author: 'mona', labels: ['bug'], url: 'https://github.com/acme/api/issues/812' }],
      },
      examples: [
        { request: 'Any new issues in acme/api?', input: { repo: 'acme/api' } },
        { request: 'Summarise the issues opened in acme/web since Monday', input: { repo: 'acme/web', since: '2025-06-02T00:00:00Z' } },
        { request: 'Morning digest for octo/cli', input: { repo: 'octo/cli' } },
        { request: 'What did people report against acme/api overnight?', input: { repo: 'acme/api' } },
        { request: 'List new bugs in acme/mobile from the last day', input: { repo: 'acme/mobile' } },
      ],
      heuristics: [
        'The request names a GitHub repository (owner/name) and asks about new or recent issues.',
        'Words like digest, new issues, reported, overnight.',
      ],
    },
  ],
  safety: ['Read-only: never create, close, label or comment on issues.'],
};

/** The reply for one provider request: a question until the operator has answered one, then the draft. */
export function designerReply(req: RecordedRequest): string {
  const messages: Array<{ role: string; content: string }> = req.body?.messages ?? [];
  const answered = messages.some((m) => m.role === 'assistant');
  if (!answered) return JSON.stringify({ message: QUESTION, skill: null });
  return JSON.stringify({ message: DRAFT_MESSAGE, skill: { spec: SPEC, scripts: { [SCRIPT_NAME]: SCRIPT } } });
}
