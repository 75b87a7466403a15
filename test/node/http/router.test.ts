import { describe, expect, it } from 'vitest';
import { matchRoute, type Route } from '../../../src/node/http/router.js';

const h = async () => ({ kind: 'json' as const, status: 200, body: null });
const routes: Route[] = [
  { method: 'GET', path: '/agents', handler: h },
  { method: 'GET', path: '/agents/:id/skill-builder/skills/:name', handler: h },
  { method: 'POST', path: '/agents/:id/skill-builder/chat', handler: h },
  { method: 'GET', path: '/settings/skill-builder', handler: h },
  { method: 'PUT', path: '/settings/skill-builder', handler: h },
];

describe('matchRoute', () => {
  it('finds a route and percent-decodes its parameters', () => {
    const m = matchRoute(routes, 'GET', '/agents/my%20agent/skill-builder/skills/weather');
    expect(m.kind).toBe('found');
    if (m.kind === 'found') expect(m.params).toEqual({ id: 'my agent', name: 'weather' });
  });

  it('answers a known path with the wrong method as method_not_allowed listing every allowed method', () => {
    expect(matchRoute(routes, 'DELETE', '/settings/skill-builder')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'HEAD', 'PUT'] });
    expect(matchRoute(routes, 'GET', '/agents/a/skill-builder/chat')).toEqual({ kind: 'method_not_allowed', allow: ['POST'] });
  });

  it('reports an unknown path as not_found', () => {
    expect(matchRoute(routes, 'GET', '/agents/a/skill-builder').kind).toBe('not_found');
    expect(matchRoute(routes, 'GET', '/nope').kind).toBe('not_found');
  });

  it('does not let an empty segment stand for a parameter', () => {
    expect(matchRoute(routes, 'GET', '/agents//skill-builder/skills/x').kind).toBe('not_found');
  });

  it('tolerates one trailing slash', () => {
    expect(matchRoute(routes, 'GET', '/agents/').kind).toBe('found');
  });

  it('refuses malformed percent-encoding with a 400 naming the parameter', () => {
    expect(() => matchRoute(routes, 'GET', '/agents/%E0%A4%A/skill-builder/skills/x')).toThrow(/id in the path/);
  });
});
