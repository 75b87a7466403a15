// ESLint flat config, run over the whole repository by test/check/lint.test.ts
// (so `npm run check` and `npm test` both enforce it). Two parts:
// - ESLint's and typescript-eslint's recommended rules (syntax-only: the
//   type-aware set would type-check the project a second time on top of tsc);
// - the ReDoS check over every regular expression in src/ (every parser runs
//   in linear time). eslint-plugin-regexp analyses each regex literal and each
//   `new RegExp(…)` whose pattern it can work out statically;
//   `regexpPatternsAreStatic` flags every `new RegExp(…)` it cannot, so none
//   escapes the check unseen. An exception is an
//   `eslint-disable-next-line <rule> -- <why it is safe>` comment at the regex;
//   a disable without a `--` justification is an error (test/check/redos.test.ts).
// Formatting is prettier's (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import tsParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import { regexpPatternsAreStatic } from './scripts/eslint-static-regexp.js';

/** The rules that keep every regex linear, shared with test/check/redos.test.ts. */
export const redosRules = {
  'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
  'regexp/no-super-linear-move': 'error',
  'regexp/no-misleading-capturing-group': ['error', { reportBacktrackingEnds: true }],
  'local/static-regexp': 'error',
};

/** What Node scripts and configs written in plain JavaScript may use without importing it. */
const nodeGlobals = {
  process: 'readonly',
  console: 'readonly',
  URL: 'readonly',
  Buffer: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
};

export default [
  // Build output, reports and the fixtures (inputs kept byte for byte, some deliberately broken).
  { ignores: ['dist/**', 'coverage/**', 'test-results/**', 'test/fixtures/**', '**/node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a value kept on purpose: a rest sibling's omitted key
      // (`const { forge: _drop, ...rest }`), a counting loop's variable, a required parameter.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // `interface WindowEventMap extends ForgeEventMap {}` is how a global event map is merged.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly' } },
  },
  {
    // Off in tests and benches: they feed malformed values through typed APIs and reach into
    // untyped answers on purpose (`{ name: 42 } as any`, `(body as any).skills`).
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tsParser, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { regexp, local: { rules: { 'static-regexp': regexpPatternsAreStatic } } },
    rules: redosRules,
  },
];
