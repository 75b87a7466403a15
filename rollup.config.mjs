// Build: ESM modules for each package entry (dependencies stay external) plus
// the standalone elements bundle (lit and friends inlined, minified) that a plain
// <script type="module"> can load. Type declarations come from tsc
// (tsconfig.build.json) and the Custom Elements Manifest from the analyzer; see
// the `build` script in package.json.
import { readFileSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const deps = Object.keys(pkg.dependencies ?? {});
const isExternal = (id) => id.startsWith('node:') || deps.some((d) => id === d || id.startsWith(`${d}/`));

const ts = () => esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', sourceMap: true });

// The elements' styles are css`` literals in src/elements/*.styles.ts, which no
// minifier touches: collapse their whitespace for the standalone bundle.
const minifyElementStyles = () => ({
  name: 'minify-element-styles',
  transform(code, id) {
    if (!/src[\\/]elements[\\/].*\.styles\.ts$/.test(id)) return null;
    const out = code.replace(
      /css`([^`]*)`/g,
      (_, body) =>
        'css`' +
        body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .trim() +
        '`',
    );
    return { code: out, map: null };
  },
});

/** Packages of the standalone bundle's lazy part that go into a named chunk; the rest of @codemirror and @lezer is `codemirror`. */
const CHUNK_OF = {
  yaml: 'yaml',
  '@codemirror/lang-python': 'cm-python',
  '@lezer/python': 'cm-python',
  '@codemirror/lang-javascript': 'cm-javascript',
  '@lezer/javascript': 'cm-javascript',
  '@codemirror/legacy-modes': 'cm-shell',
  'style-mod': 'codemirror',
  'w3c-keyname': 'codemirror',
  crelt: 'codemirror',
};

function manualChunks(id) {
  const pkg = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1]?.replace('\\', '/');
  if (!pkg) return undefined;
  return CHUNK_OF[pkg] ?? (pkg.startsWith('@codemirror/') || pkg.startsWith('@lezer/') ? 'codemirror' : undefined);
}

export default [
  {
    input: {
      'core/index': 'src/core/index.ts',
      'core/entries/designer': 'src/core/entries/designer.ts',
      'core/entries/llm': 'src/core/entries/llm.ts',
      'core/entries/routing': 'src/core/entries/routing.ts',
      'core/entries/evals': 'src/core/entries/evals.ts',
      'core/entries/trust': 'src/core/entries/trust.ts',
      'core/entries/observe': 'src/core/entries/observe.ts',
      'core/entries/artifacts': 'src/core/entries/artifacts.ts',
      'node/index': 'src/node/index.ts',
      'node/cli': 'src/node/cli.ts',
      'elements/index': 'src/elements/index.ts',
      'elements/classes': 'src/elements/classes.ts',
      'testing/index': 'src/testing/index.ts',
    },
    external: isExternal,
    plugins: [nodeResolve({ extensions: ['.ts', '.js'] }), ts()],
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: true,
      preserveModules: true,
      preserveModulesRoot: 'src',
      entryFileNames: '[name].js',
    },
  },
  {
    input: 'src/elements/index.ts',
    plugins: [minifyElementStyles(), nodeResolve({ browser: true, extensions: ['.ts', '.js'] }), ts(), terser({ format: { comments: false } })],
    // Views loaded with import() when first needed (the Run a tool panel, the routing check, As the agent
    // sees it — which carries the YAML reader the runtime view needs) become
    // forge-skill-builder.<name>.js beside the bundle, which loads them relative
    // to itself; they do not count against the bundle's first-load budget.
    // The bundle may export what its lazy views import from it (else rollup adds a facade file).
    preserveEntrySignatures: 'allow-extension',
    // The YAML parser (never in the bundle itself) is one chunk the views that need it share: "As the agent sees it"
    // and accepting an import's requirement proposals. CodeMirror (the code editor, with Markdown and YAML) is one
    // chunk; each script language it loads when a file needs it is another.
    output: {
      dir: 'dist',
      entryFileNames: 'forge-skill-builder.elements.js',
      chunkFileNames: 'forge-skill-builder.[name].js',
      manualChunks,
      format: 'es',
      sourcemap: true,
    },
  },
];
