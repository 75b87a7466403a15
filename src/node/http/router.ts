// Route matching: resolves a method and path against a route list (the one
// table lives in routes.ts) to the route and its percent-decoded parameters —
// or to "no such path" (404) / "wrong method" (405 with the allowed methods).
// HEAD is answered by the GET route of a path (RFC 9110 §9.3.2).

import { RequestError } from '../../core/errors.js';
import type { RouteHandler } from './context.js';
import { trimEndOf } from '../../core/trim-run.js';

export type HttpMethod = 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

export interface Route {
  method: HttpMethod;
  /** Path below basePath; `:name` matches one segment (percent-decoded). */
  path: string;
  handler: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string>; allow: HttpMethod[] }
  | { kind: 'method_not_allowed'; allow: HttpMethod[] }
  | { kind: 'not_found' };

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 ? trimEndOf(path, '/') : path;
  return trimmed.split('/').slice(1);
}

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = splitPath(pattern);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const seg = segments[i] as string;
    if (part.startsWith(':')) {
      if (seg === '') return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(seg);
      } catch {
        throw new RequestError(part.slice(1), `the ${part.slice(1)} in the path is not valid percent-encoding`);
      }
      params[part.slice(1)] = decoded;
    } else if (part !== seg) {
      return null;
    }
  }
  return params;
}

/** Finds the route for `method path`. A path that exists under another method is a 405 with `allow`. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const segments = splitPath(path);
  const allow: HttpMethod[] = [];
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  let found: { route: Route; params: Record<string, string> } | undefined;
  for (const route of routes) {
    const params = matchPattern(route.path, segments);
    if (params === null) continue;
    if (!allow.includes(route.method)) allow.push(route.method);
    if (route.method === 'GET' && !allow.includes('HEAD')) allow.push('HEAD');
    if (!found && route.method === wanted) found = { route, params };
  }
  if (found) return { kind: 'found', ...found, allow };
  if (allow.length > 0) return { kind: 'method_not_allowed', allow };
  return { kind: 'not_found' };
}
