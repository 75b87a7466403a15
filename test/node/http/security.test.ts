import { describe, expect, it } from 'vitest';
import { assertAllowedOrigins, checkHost, checkOrigin, corsHeaders, parseHostHeader, preflightHeaders } from '../../../src/node/http/security.js';

describe('checkHost', () => {
  it('accepts the loopback names with any port', () => {
    for (const h of ['localhost:4200', 'LOCALHOST', '127.0.0.1:1', '[::1]:4200', 'localhost.']) {
      expect(checkHost(h, { allowedHosts: [] }), h).toBeNull();
    }
  });

  it('refuses a rebound DNS name, naming the host and the fix', () => {
    // SPEC §8: accept only requests whose Host is the address the server serves.
    const problem = checkHost('evil.example:4200', { allowedHosts: [] });
    expect(problem).toMatch(/evil\.example:4200/);
    expect(problem).toMatch(/allowedHosts|--allow-host/);
  });

  it('refuses look-alikes of loopback names', () => {
    for (const h of ['localhost.evil.example', '127.0.0.1.nip.io', 'localhost@evil', 'a localhost', '']) {
      expect(checkHost(h, { allowedHosts: [] }), h).not.toBeNull();
    }
    expect(checkHost(undefined, { allowedHosts: [] })).not.toBeNull();
  });

  it('accepts configured names, and anything when turned off', () => {
    expect(checkHost('skills.example.com', { allowedHosts: ['Skills.Example.com'] })).toBeNull();
    expect(checkHost('[fe80::1]:80', { allowedHosts: ['fe80::1'] })).toBeNull();
    expect(checkHost('whatever', { allowedHosts: 'any' })).toBeNull();
  });

  it('parses IPv6 hosts with ports', () => {
    expect(parseHostHeader('[::1]:8080')).toEqual({ hostname: '[::1]', port: '8080' });
  });
});

describe('checkOrigin', () => {
  it('lets safe methods and requests without Origin through', () => {
    expect(checkOrigin('GET', 'https://evil.example', 'localhost:4200', 'http:', [])).toBeNull();
    expect(checkOrigin('POST', undefined, 'localhost:4200', 'http:', [])).toBeNull();
  });

  it('accepts the same origin and listed origins for mutating requests', () => {
    expect(checkOrigin('POST', 'http://localhost:4200', 'localhost:4200', 'http:', [])).toBeNull();
    expect(checkOrigin('PUT', 'https://app.example', 'localhost:4200', 'http:', ['https://app.example'])).toBeNull();
  });

  it('refuses another origin, another port, another scheme and the opaque "null" origin', () => {
    expect(checkOrigin('POST', 'https://evil.example', 'localhost:4200', 'http:', [])).toMatch(/evil\.example/);
    expect(checkOrigin('POST', 'http://localhost:4201', 'localhost:4200', 'http:', [])).not.toBeNull();
    expect(checkOrigin('POST', 'https://localhost:4200', 'localhost:4200', 'http:', [])).not.toBeNull();
    expect(checkOrigin('PUT', 'null', 'localhost:4200', 'http:', ['null'])).not.toBeNull();
  });
});

describe('CORS headers', () => {
  it('echo an allowed origin, never a wildcard', () => {
    expect(corsHeaders('https://app.example', ['https://app.example'])).toEqual({ 'access-control-allow-origin': 'https://app.example', vary: 'Origin' });
    expect(corsHeaders('https://evil.example', ['https://app.example'])).toEqual({});
    expect(preflightHeaders('https://app.example', ['https://app.example'], ['POST'])['access-control-allow-methods']).toBe('POST');
  });

  it('refuse a wildcard in the configuration', () => {
    expect(() => assertAllowedOrigins(['*'])).toThrow(/wildcard/);
    expect(() => assertAllowedOrigins(['https://*.example.com'])).toThrow(/wildcard/);
    expect(() => assertAllowedOrigins(['not a url'])).toThrow(/not an origin/);
  });
});
