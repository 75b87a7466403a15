// `try` on a real skill folder inside a real workspace (issue 15): the tool
// runs with --input or an Examples row, env values come from the agent's .env,
// the exit status says whether it worked, and bad command lines say the fix.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { toolSkill } from '../../helpers/tool-run.js';
import { testIo } from './support.js';

let root: string;
const skill = 'ws/agents/alpha/skills/tool-run-test';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-try-'));
  await mkdir(join(root, skill, 'scripts'), { recursive: true });
  await mkdir(join(root, 'ws/.forge'), { recursive: true });
  await writeFile(join(root, 'ws/.forge/.env'), 'GREETING=from-workspace\n');
  await writeFile(join(root, 'ws/agents/alpha/forge.yaml'), 'agent_id: alpha\n');
  await writeFile(join(root, 'ws/agents/alpha/.env'), 'GREETING=hello\n');
  await writeFile(join(root, skill, 'SKILL.md'), toolSkill({ env: { required: ['GREETING'] }, output: { type: 'object', required: ['said'] } }));
  await writeFile(
    join(root, skill, 'scripts/do-it.sh'),
    '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\ncase "$INPUT" in *fail*) echo "it failed" >&2; exit 4;; esac\n[ "$GREETING" = hello ] && echo "{\\"said\\": $INPUT}"\n',
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('try', () => {
  it('runs a tool with --input in the sandbox and prints its JSON output', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['try', skill, '--tool', 'do_it', '--input', '{"text": "x"}'], io)).toBe(0);
    expect(io.out()).toMatch(
      /^scripts\/do-it\.sh \(bash\): exit 0 after \d+ ms, in the bubblewrap sandbox\nenv: GREETING\n--- stdout\n\{\n {2}"said": \{\n {4}"text": "x"/,
    );
  });

  it('takes the input from an Examples row and prints --json in the API shape', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['try', skill, '--tool', 'do_it', '--example', '2', '--json', '--no-sandbox'], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ ok: true, exit_code: 0, json: { said: { text: 'b' } }, sandbox: 'none' });
  });

  it('exits 1 with stderr shown when the tool fails', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['try', skill, '--tool', 'do_it', '--input', '{"text": "fail"}'], io)).toBe(1);
    expect(io.out()).toMatch(/exit 4 after[\s\S]*--- stderr\nit failed\n[\s\S]*output: the script printed nothing/);
  });

  it('says what is wrong with the command line', async () => {
    for (const [args, message] of [
      [['try', skill, '--tool', 'do_it'], /exactly one of --input <json> or --example <n>/],
      [['try', skill, '--tool', 'do_it', '--example', '9'], /row number from 1 to 2/],
      [['try', skill, '--tool', 'do_it', '--input', '{x'], /--input is not valid JSON/],
      [['try', skill, '--input', '{}'], /--tool <name>/],
      [['try', 'nowhere', '--tool', 'do_it', '--input', '{}'], /nowhere: no such folder/],
    ] as const) {
      const io = testIo({ cwd: root });
      expect(await main([...args], io)).toBe(2);
      expect(io.err()).toMatch(message);
    }
  });
});
