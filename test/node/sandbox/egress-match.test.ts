// The egress allow-list of a tool run: Forge's DomainMatcher rules (exact,
// `*.x` for sub-domains only, case-insensitive), plus ours: loopback names and
// IP literals only when declared as written, hidden IP spellings never.

import { describe, expect, it } from 'vitest';
import { createEgressPolicy, isObfuscatedIp } from '../../../src/node/sandbox/egress-match.js';

describe('createEgressPolicy', () => {
  const p = createEgressPolicy(['api.example.com', '*.github.com', 'LOCALHOST', '10.0.0.5', ' ']);

  it('matches exact names case-insensitively, with or without a trailing dot', () => {
    expect(p.allows('api.example.com')).toBe(true);
    expect(p.allows('API.Example.COM.')).toBe(true);
    expect(p.allows('example.com')).toBe(false);
    expect(p.allows('evil-api.example.com')).toBe(false);
  });

  it('matches *.x as Forge does: any sub-domain, not the apex', () => {
    expect(p.allows('api.github.com')).toBe(true);
    expect(p.allows('a.b.github.com')).toBe(true);
    expect(p.allows('github.com')).toBe(false);
    expect(p.allows('evilgithub.com')).toBe(false);
  });

  it('allows loopback and IP literals only when declared as written', () => {
    expect(p.allows('localhost')).toBe(true);
    expect(p.allows('10.0.0.5')).toBe(true);
    expect(p.allows('127.0.0.1')).toBe(false);
    expect(p.allows('[::1]')).toBe(false);
    expect(createEgressPolicy(['*.0.0.1']).allows('127.0.0.1')).toBe(false);
  });

  it('refuses IP spellings that hide an address', () => {
    for (const h of ['0177.0.0.1', '2130706433', '0x7f.0.0.1', '127.000.0.1']) expect(isObfuscatedIp(h)).toBe(true);
    for (const h of ['127.0.0.1', '10.0.0.5', 'api.example.com', '1password.com']) expect(isObfuscatedIp(h)).toBe(false);
    expect(createEgressPolicy(['0177.0.0.1']).allows('0177.0.0.1')).toBe(false);
  });

  it('allows nothing when nothing is declared', () => {
    expect(createEgressPolicy([]).allows('api.example.com')).toBe(false);
  });
});
