// Which addresses the egress proxy never dials (issue 21): every spelling of
// loopback, private, link-local, CGNAT, metadata and reserved space, the
// IPv4-mapped and NAT64 forms judged by the IPv4 inside, public addresses
// left alone, and the builder's own listening address (a wildcard listener
// meaning every local address at its port).

import { describe, expect, it } from 'vitest';
import { canonicalIp, isForbiddenUpstream, privateAddressReason } from '../../../src/node/sandbox/egress-address.js';

describe('privateAddressReason', () => {
  it('names the range of every non-public address, in its IPv4, mapped and NAT64 spellings', () => {
    const cases: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.255.1.2', 'loopback'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['0.0.0.0', 'unspecified / this-network'],
      ['::', 'unspecified'],
      ['10.1.2.3', 'private network (RFC 1918)'],
      ['172.31.0.1', 'private network (RFC 1918)'],
      ['192.168.1.1', 'private network (RFC 1918)'],
      ['::ffff:192.168.1.1', 'private network (RFC 1918)'],
      ['64:ff9b::a00:1', 'private network (RFC 1918)'],
      ['fd12::1', 'private network (ULA fc00::/7)'],
      ['fc00::1', 'private network (ULA fc00::/7)'],
      ['100.64.0.1', 'carrier-grade NAT (100.64.0.0/10)'],
      ['169.254.1.1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['169.254.169.254', 'cloud metadata endpoint'],
      ['::ffff:169.254.169.254', 'cloud metadata endpoint'],
      ['fd00:ec2::254', 'cloud metadata endpoint'],
      ['100.100.100.200', 'cloud metadata endpoint'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ];
    for (const [ip, reason] of cases) expect([ip, privateAddressReason(ip)]).toEqual([ip, reason]);
  });

  it('leaves public addresses alone', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect([ip, privateAddressReason(ip)]).toEqual([ip, null]);
  });

  it('calls anything that is not an IP address not an IP address (never public)', () => {
    for (const s of ['localhost', '127.1', '2130706433', '0x7f000001', '', '1:2:3']) expect(privateAddressReason(s)).toBe('not an IP address');
  });

  it('canonicalises IPv6 and unwraps IPv4-mapped addresses', () => {
    expect(canonicalIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalIp('2001:DB8::0001')).toBe('2001:db8:0:0:0:0:0:1');
  });
});

describe('isForbiddenUpstream', () => {
  it("matches the builder's own address and port in any spelling, and only that port", () => {
    const own = [{ address: '127.0.0.1', port: 4200 }];
    expect(isForbiddenUpstream('127.0.0.1', 4200, own)).toBe(true);
    expect(isForbiddenUpstream('::ffff:127.0.0.1', 4200, own)).toBe(true);
    expect(isForbiddenUpstream('127.0.0.1', 4201, own)).toBe(false);
    expect(isForbiddenUpstream('127.0.0.2', 4200, own)).toBe(false);
    // 0.0.0.0 and :: as a destination mean this machine: they reach the 127.0.0.1 listener.
    for (const any of ['0.0.0.0', '::', '::ffff:0.0.0.0']) expect([any, isForbiddenUpstream(any, 4200, own)]).toEqual([any, true]);
  });

  it('treats a 0.0.0.0 or :: listener as every local address at its port', () => {
    for (const any of ['0.0.0.0', '::', '[::]']) {
      const own = [{ address: any, port: 4200 }];
      for (const ip of ['127.0.0.1', '127.9.9.9', '::1', '0.0.0.0', '::ffff:127.0.0.1'])
        expect([any, ip, isForbiddenUpstream(ip, 4200, own)]).toEqual([any, ip, true]);
      expect(isForbiddenUpstream('93.184.216.34', 4200, own)).toBe(false);
      expect(isForbiddenUpstream('127.0.0.1', 80, own)).toBe(false);
    }
  });
});
