// The save's DNS check of declared egress names, with injected resolvers (the
// machine has no DNS for public names): a name answering with a loopback or
// private address is risky, a public one is not, an unresolvable or hanging
// one is decided within the budget as not risky, answers are cached.
import { describe, expect, it } from 'vitest';
import { resolveNames, riskyResolvedEgress, type HostResolver } from '../../../src/node/workspace/resolve-egress.js';

const ANSWERS: Record<string, string[]> = {
  'localtest.me': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'api.github.com': ['140.82.112.5', '2606:50c0:8000::154'],
  'rebind.attacker.example.net': ['127.0.0.1'],
  'split.example.org': ['140.82.112.6', '10.1.2.3'],
  'mapped.example.org': ['::ffff:169.254.169.254'],
};

function recording(answers: Record<string, string[]> = ANSWERS): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const r = Object.assign(
    async (name: string) => {
      calls.push(name);
      const a = answers[name];
      if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return a;
    },
    { calls },
  );
  return r;
}

describe('riskyResolvedEgress', () => {
  it('flags names that resolve to loopback, private or metadata addresses, naming the name and the address', async () => {
    const resolveHost = recording();
    const lineOf = (i: number) => 10 + i;
    const found = await riskyResolvedEgress(
      ['api.github.com', 'rebind.attacker.example.net', 'split.example.org', 'mapped.example.org', 'nowhere.example.com'],
      { resolveHost, lineOf },
    );
    expect(found).toEqual([
      { line: 11, message: '"rebind.attacker.example.net" resolves to 127.0.0.1, this machine (loopback); a skill should not reach it — remove the entry' },
      { line: 12, message: '"split.example.org" resolves to 10.1.2.3, a private network address; a skill should not reach it — remove the entry' },
      { line: 13, message: expect.stringContaining('"mapped.example.org" resolves to ::ffff:169.254.169.254, a cloud metadata endpoint') },
    ]);
    expect(resolveHost.calls.sort()).toEqual([
      'api.github.com',
      'mapped.example.org',
      'nowhere.example.com',
      'rebind.attacker.example.net',
      'split.example.org',
    ]);
  });

  it('does not resolve what the name already decides: localtest.me, 127.0.0.1.nip.io, wildcards, IPs, variables, malformed entries', async () => {
    const resolveHost = recording();
    expect(
      await riskyResolvedEgress(['localtest.me', '127.0.0.1.nip.io', '*.example.com', '10.0.0.1', '$HOST', 'api.github.com:443'], { resolveHost }),
    ).toEqual([]);
    expect(resolveHost.calls).toEqual([]);
  });

  it('a resolver that never answers is decided within the budget: the name counts as not risky', async () => {
    const calls: string[] = [];
    const hanging: HostResolver = (name) => {
      calls.push(name);
      return new Promise(() => undefined);
    };
    // The default budget (1.5 s) applies; the save goes on without an answer.
    expect(await riskyResolvedEgress(['slow.example.com'], { resolveHost: hanging })).toEqual([]);
    expect(calls).toEqual(['slow.example.com']);
  });

  it('answers that arrive within the budget count even when another name hangs', async () => {
    const mixed: HostResolver = (name) => (name === 'rebind.attacker.example.net' ? Promise.resolve(['127.0.0.1']) : new Promise(() => undefined));
    const decided = await riskyResolvedEgress(['slow.example.com', 'rebind.attacker.example.net'], { resolveHost: mixed });
    expect(decided.map((f) => f.message.slice(0, f.message.indexOf(' resolves')))).toEqual(['"rebind.attacker.example.net"']);
  });
});

describe('resolveNames cache', () => {
  it('asks the resolver once per name within the TTL, failures included, and again after it', async () => {
    const resolveHost = recording();
    let t = 1_000;
    const now = () => t;
    expect(await resolveNames(['api.github.com', 'nowhere.example.com'], { resolveHost, now })).toEqual(
      new Map<string, readonly string[] | null>([
        ['api.github.com', ANSWERS['api.github.com']!],
        ['nowhere.example.com', []],
      ]),
    );
    await resolveNames(['api.github.com', 'nowhere.example.com'], { resolveHost, now });
    expect(resolveHost.calls).toEqual(['api.github.com', 'nowhere.example.com']);
    t += 60_001;
    await resolveNames(['api.github.com'], { resolveHost, now });
    expect(resolveHost.calls).toEqual(['api.github.com', 'nowhere.example.com', 'api.github.com']);
  });

  it('a lookup that outlives the budget fills the cache for the next save', async () => {
    let answer: (a: string[]) => void = () => undefined;
    let calls = 0;
    const late: HostResolver = () => {
      calls += 1;
      return new Promise((r) => (answer = r));
    };
    expect((await resolveNames(['late.example.com'], { resolveHost: late, timeoutMs: 1 })).get('late.example.com')).toBeNull();
    answer(['10.9.8.7']);
    await new Promise((r) => setImmediate(r));
    expect(await riskyResolvedEgress(['late.example.com'], { resolveHost: late })).toEqual([
      expect.objectContaining({ message: expect.stringContaining('resolves to 10.9.8.7') }),
    ]);
    expect(calls).toBe(1);
  });
});
