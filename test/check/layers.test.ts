// The dependency rules of .dependency-cruiser.cjs (no import cycle, the layer
// order of each area's folders, core isomorphic, the elements' package budget)
// hold on src/, and they catch what they are meant to: each violation planted
// in a temp project is reported under its rule's name.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './source-files.js';

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The rule name and edge of every violation when cruising `src` of `root` with the project's rules. */
async function violations(root: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));
  const tsConfig = join(root, 'tsconfig.json');
  const cwd = process.cwd();
  process.chdir(root); // rule paths are relative to the folder cruised from
  try {
    const result = await cruise(['src'], { ...options, baseDir: root, tsConfig: { fileName: tsConfig } }, {}, { tsConfig: extractTSConfig(tsConfig) });
    const output = result.output as unknown as { summary: { violations: Violation[] } };
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('src/ breaks none: no cycle, every folder in its layer', async () => {
    expect(await violations(repoRoot)).toEqual([]);
  }, 120_000);

  describe('report each planted violation by its rule', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const plant = (files: Record<string, string>): void => {
      for (const [path, src] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), src);
      }
    };
    plant({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
      // a cycle between two modules of one folder
      'src/core/risk/x.ts': "import { y } from './y.js';\nexport const x = y;\n",
      'src/core/risk/y.ts': "import type { x } from './x.js';\nexport const y = 1;\nexport type X = typeof x;\n",
      // a folder-level cycle with no module cycle: envelope/a → draft-stream/b, draft-stream/c → envelope/d
      'src/core/envelope/a.ts': "import { b } from '../draft-stream/b.js';\nexport const a = b;\n",
      'src/core/draft-stream/b.ts': 'export const b = 1;\n',
      'src/core/draft-stream/c.ts': "import { d } from '../envelope/d.js';\nexport const c = d;\n",
      'src/core/envelope/d.ts': 'export const d = 1;\n',
      // a lower layer importing a higher one, and a root file importing its own layer
      'src/core/skillmd/parse.ts': "import { b } from '../draft-stream/b.js';\nexport const p = b;\n",
      'src/core/catalog.ts': "import { x } from './risk/x.js';\nexport const c = x;\n",
      // a folder in no layer; core using Node; elements reaching for zod and into node
      'src/core/newthing/n.ts': "import { readFileSync } from 'node:fs';\nimport { d } from '../envelope/d.js';\nexport const n = [readFileSync, d];\n",
      'src/elements/api/e.ts': "import { z } from 'zod';\nimport { f } from '../../node/fs/f.js';\nexport const e = [z, f];\n",
      'src/node/fs/f.ts': 'export const f = 1;\n',
    });
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');

    it('names the rule and the import', async () => {
      const found = await violations(root);
      expect(found).toEqual(
        expect.arrayContaining([
          'no-circular: src/core/risk/x.ts -> src/core/risk/y.ts',
          'layer-core-envelope: src/core/envelope/a.ts -> src/core/draft-stream/b.ts',
          'layer-core-skillmd: src/core/skillmd/parse.ts -> src/core/draft-stream/b.ts',
          'layer-core-catalog: src/core/catalog.ts -> src/core/risk/x.ts',
          'layer-unlisted: src/core/newthing/n.ts -> src/core/envelope/d.ts',
          'core-isomorphic: src/core/newthing/n.ts -> fs',
          'elements-no-node: src/elements/api/e.ts -> src/node/fs/f.ts',
          expect.stringMatching(/^elements-no-heavy-packages: src\/elements\/api\/e\.ts -> node_modules\/zod\//),
          expect.stringMatching(/^elements-never-reach-zod-tldts: src\/elements\/api\/e\.ts -> node_modules\/zod\//),
        ]),
      );
      // the other direction of each planted pair is allowed
      expect(found.filter((v) => v.includes('src/core/draft-stream/c.ts'))).toEqual([]);
    }, 120_000);
  });
});
