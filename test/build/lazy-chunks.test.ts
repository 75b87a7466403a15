// The standalone elements bundle loads the "Check routing" dialog on first use
// from a file beside it (issue 16): the bundle imports it by a relative path,
// the chunk imports only from the bundle (no third file), and the ui server
// serves it. Needs `npm run build` first, as bundle-size.test.ts does.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DIST, readDist } from '../../bench/bundle-size.js';

const CHUNK = 'forge-skill-builder.routing-view.js';

describe('lazily loaded parts of the standalone bundle', () => {
  it('the routing dialog is a chunk beside the bundle, importing only from it', () => {
    const entry = readDist(join(DIST, 'forge-skill-builder.elements.js'));
    expect(entry).toContain(`import("./${CHUNK}")`);
    const chunk = readDist(join(DIST, CHUNK));
    const imports = [...chunk.matchAll(/from\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['./forge-skill-builder.elements.js']));
    // The ui server serves only forge-skill-builder.*.js files from dist/: the chunk's name must be one.
    expect(CHUNK).toMatch(/^forge-skill-builder\.[\w.-]+\.(js|map)$/);
  });
});
