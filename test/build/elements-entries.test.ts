// The two element entries of the built package (issue 12): `./elements`
// registers the tags on import, `./elements/classes` only exports the classes.
// package.json's `sideEffects` must name exactly the modules that register
// (so bundlers keep them and may drop the rest), and nothing the classes entry
// imports may be one of them. Needs `npm run build` first.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../docs/session.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; default: string }>;
  sideEffects: string[];
};
const distSideEffects = pkg.sideEffects.filter((p) => p.startsWith('./dist/'));

/** Every module of dist/ a module imports statically, followed transitively (package imports are left out). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:^|[;\n])\s*(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?['"](\.[^'"]+)['"]/g)) queue.push(resolve(dirname(file), m[1]!));
  }
  return new Set([...seen].map((f) => `./${relative(ROOT, f)}`));
}

describe('element entries', () => {
  it('exports ./elements/classes beside ./elements, both built', () => {
    for (const name of ['./elements', './elements/classes']) {
      const entry = pkg.exports[name];
      expect(entry, `package.json exports ${name}`).toBeDefined();
      expect(existsSync(join(ROOT, entry!.default)), entry!.default).toBe(true);
      expect(existsSync(join(ROOT, entry!.types)), entry!.types).toBe(true);
    }
  });

  it('lists in sideEffects only modules that register a tag, and every one that does', () => {
    for (const file of distSideEffects) expect(existsSync(join(ROOT, file)), file).toBe(true);
    const registering = [...staticGraph(pkg.exports['./elements']!.default)].filter((f) =>
      /customElements\.define\(/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(registering.length, 'the registering module is found').toBeGreaterThan(0);
    for (const file of registering) expect(distSideEffects, `${file} registers a tag`).toContain(file);
  });

  it('imports no registering module from ./elements/classes', () => {
    const graph = staticGraph(pkg.exports['./elements/classes']!.default);
    expect(graph.size, 'the graph reaches the element classes').toBeGreaterThan(5);
    expect([...graph].filter((f) => distSideEffects.includes(f))).toEqual([]);
    expect([...graph].filter((f) => /customElements\.define\(/.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
