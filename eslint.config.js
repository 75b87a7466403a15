// ESLint flat config. For now it runs one thing: the ReDoS check over every
// regular expression in src/ (issue 21: every parser runs in linear time).
// eslint-plugin-regexp analyses each regex literal and each `new RegExp(…)`
// whose pattern it can work out statically; `regexpPatternsAreStatic` below
// flags every `new RegExp(…)` it cannot, so none escapes the check unseen.
// An exception is an `eslint-disable-next-line <rule> -- <why it is safe>`
// comment at the regex; a disable without a `--` justification is an error
// (test/check/redos.test.ts). Other lint rules can be added here later.
import tsParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';
import { regexpPatternsAreStatic } from './scripts/eslint-static-regexp.js';

/** The rules that keep every regex linear, shared with test/check/redos.test.ts. */
export const redosRules = {
  'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
  'regexp/no-super-linear-move': 'error',
  'regexp/no-misleading-capturing-group': ['error', { reportBacktrackingEnds: true }],
  'local/static-regexp': 'error',
};

export default [
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tsParser, ecmaVersion: 2022, sourceType: 'module' },
    // Off: src/ also holds disable comments for rules not enabled here yet (no-control-regex).
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { regexp, local: { rules: { 'static-regexp': regexpPatternsAreStatic } } },
    rules: redosRules,
  },
];
