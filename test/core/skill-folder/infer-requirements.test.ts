// inferRequirements (issue 17): proposals for a skill without metadata.forge,
// read from its scripts — interpreters, known commands, URL hosts, env vars.
import { describe, expect, it } from 'vitest';
import { inferRequirements } from '../../../src/core/skill-folder/infer-requirements.js';

describe('inferRequirements', () => {
  it('reads bins, egress and env from shell, Python and Node scripts', () => {
    const r = inferRequirements({
      'fetch.sh':
        '#!/bin/bash\nset -euo pipefail\nOUT="$(mktemp)"\nfor F in a b; do echo "$F"; done\n# curl https://commented.example.org\ncurl -s "https://api.github.com/repos/$REPO" -H "Authorization: token ${GITHUB_TOKEN}" | jq .name > "$OUT"\n',
      'pdf.py': 'import os\nkey = os.environ["PDF_KEY"]\nurl = "https://pdf.acme.io/v1"\nos.getenv("PDF_REGION")\n',
      'ping.mjs': 'const t = process.env.PING_TOKEN;\nawait fetch("https://ping.acme.io/x");\n',
      'local.sh': 'curl http://localhost:8080/health\n',
    });
    expect(r).toEqual({
      bins: ['curl', 'jq', 'node', 'python3'],
      egressDomains: ['api.github.com', 'pdf.acme.io', 'ping.acme.io'],
      env: ['GITHUB_TOKEN', 'PDF_KEY', 'PDF_REGION', 'PING_TOKEN', 'REPO'],
    });
  });

  it('proposes nothing for a script that needs nothing', () => {
    expect(inferRequirements({ 'hello.sh': '#!/usr/bin/env bash\necho "hi $1"\n' })).toEqual({ bins: [], egressDomains: [], env: [] });
  });
});
