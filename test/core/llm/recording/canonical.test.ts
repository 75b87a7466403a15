// The request hash: stable under JSON key order and query order, blind to the
// origin, headers and credentials in the query, sensitive to the body.
import { describe, expect, it } from 'vitest';
import { canonicalRequest, hashRequest } from '../../../../src/core/llm/recording/canonical.js';

const hashOf = (method: string, url: string, body: string | null): Promise<string> => hashRequest(canonicalRequest(method, url, body));

describe('request hash', () => {
  it('ignores JSON key order at every depth, query order, the origin and credential parameters', async () => {
    const a = await hashOf('post', 'https://api.example/v1/x?alt=sse&key=SECRET1', '{"b":1,"a":{"d":[{"y":1,"x":2}],"c":2}}');
    const b = await hashOf('POST', 'http://127.0.0.1:9/v1/x?key=OTHER&alt=sse', '{"a":{"c":2,"d":[{"x":2,"y":1}]},"b":1}');
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalRequest('POST', 'https://h/v1/x?key=SECRET1&alt=sse', null).path).toBe('/v1/x?alt=sse');
    expect(canonicalRequest('GET', 'https://h/p?API_KEY=a&access-token=b&b=2&a=1', null).path).toBe('/p?a=1&b=2');
  });

  it('changes with the body, the path, the method and array order', async () => {
    const base = await hashOf('POST', 'https://h/v1/x', '{"a":[1,2]}');
    expect(await hashOf('POST', 'https://h/v1/x', '{"a":[2,1]}')).not.toBe(base);
    expect(await hashOf('POST', 'https://h/v1/y', '{"a":[1,2]}')).not.toBe(base);
    expect(await hashOf('PUT', 'https://h/v1/x', '{"a":[1,2]}')).not.toBe(base);
  });

  it('hashes a body that is not JSON as its text', async () => {
    expect(canonicalRequest('POST', 'https://h/', 'not json').body).toBe('not json');
    expect(await hashOf('POST', 'https://h/', 'not json')).not.toBe(await hashOf('POST', 'https://h/', 'not json!'));
  });
});
