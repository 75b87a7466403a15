// The error classes outside core (the CLI's UsageError, the server's
// PortInUseError, the skill reader's SkillReadError, the sandbox's
// ToolRunError, the element client's ApiError) are ForgeErrors: each one's
// isInstance recognises its errors from another copy of the modules (another
// bundle), and only its own; each has its code and names its field.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as core from '../../src/core/errors.js';
import * as client from '../../src/elements/api/client.js';
import * as args from '../../src/node/cli/args.js';
import * as sandbox from '../../src/node/sandbox/types.js';
import * as server from '../../src/node/server.js';
import * as disk from '../../src/node/skill-store/inside.js';

type Modules = { core: typeof core; client: typeof client; args: typeof args; sandbox: typeof sandbox; server: typeof server; disk: typeof disk };

async function otherCopies(): Promise<Modules> {
  vi.resetModules();
  const m: Modules = {
    core: await import('../../src/core/errors.js'),
    client: await import('../../src/elements/api/client.js'),
    args: await import('../../src/node/cli/args.js'),
    sandbox: await import('../../src/node/sandbox/types.js'),
    server: await import('../../src/node/server.js'),
    disk: await import('../../src/node/skill-store/inside.js'),
  };
  expect(m.core.ForgeError).not.toBe(core.ForgeError); // really second instances
  expect(m.args.UsageError).not.toBe(args.UsageError);
  return m;
}

function samples(m: Modules) {
  return {
    UsageError: new m.args.UsageError('--port must be a number', 'ui', 'port'),
    PortInUseError: new m.server.PortInUseError(4200, '127.0.0.1'),
    SkillReadError: new m.disk.SkillReadError('skills/x is a symlink pointing outside skills/', true),
    ToolRunError: new m.sandbox.ToolRunError('busy', 'tool', 'a run is in progress'),
    ApiError: new m.client.ApiError('bad base_url', 400, 'base_url'),
  };
}

const here = {
  UsageError: args.UsageError,
  PortInUseError: server.PortInUseError,
  SkillReadError: disk.SkillReadError,
  ToolRunError: sandbox.ToolRunError,
  ApiError: client.ApiError,
};

describe('node and element error classes', () => {
  it('recognise their errors from another copy of the modules, and nothing else', async () => {
    const made = samples(await otherCopies());
    for (const [name, err] of Object.entries(made)) {
      expect(err).not.toBeInstanceOf(core.ForgeError);
      expect([name, core.ForgeError.isInstance(err)]).toEqual([name, true]);
      for (const cls of Object.keys(here) as Array<keyof typeof here>) expect([name, cls, here[cls].isInstance(err)]).toEqual([name, cls, cls === name]);
      // nor does a core class take them for its own
      for (const cls of [core.LlmError, core.ConfigError, core.RequestError, core.NotFoundError])
        expect([name, cls.name, cls.isInstance(err)]).toEqual([name, cls.name, false]);
    }
  });

  it('each has its code, its name and its field', () => {
    const made = samples({ core, client, args, sandbox, server, disk });
    expect(Object.values(made).map((e) => [e.name, e.code, e.field])).toEqual([
      ['UsageError', 'usage', 'port'],
      ['PortInUseError', 'port_in_use', 'port'],
      ['SkillReadError', 'skill_read', undefined],
      ['ToolRunError', 'tool_run_refused', 'tool'],
      ['ApiError', 'api', 'base_url'],
    ]);
    expect([made.ApiError.status, made.SkillReadError.escape, made.UsageError.command]).toEqual([400, true, 'ui']);
  });

  it('the CLI flag helpers name the flag in field', () => {
    const port = (() => {
      try {
        args.parsePort('http', 4200);
      } catch (e) {
        return e;
      }
    })();
    expect(args.UsageError.isInstance(port) && port.field).toBe('port');
    expect(() => args.oneOf('format', 'xml', ['text', 'json'], 'text')).toThrow(expect.objectContaining({ code: 'usage', field: 'format' }));
  });
});

describe('startServer on a taken port', () => {
  let blocker: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  });

  it('rejects with a PortInUseError carrying the listener error as cause', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    const err = await server.startServer({ workspaceDir: '/nonexistent-workspace', port, host: '127.0.0.1' }).then(
      async (s) => {
        await s.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(server.PortInUseError.isInstance(err)).toBe(true);
    const e = err as server.PortInUseError;
    expect([e.code, e.port, e.host, (e.cause as NodeJS.ErrnoException).code]).toEqual(['port_in_use', port, '127.0.0.1', 'EADDRINUSE']);
  });
});
