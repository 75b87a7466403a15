// A local ESLint rule for eslint.config.js: every `new RegExp(…)` / `RegExp(…)`
// in src/ must have a pattern ESLint can work out statically (string literals,
// consts, templates and String.raw over them), because only such patterns reach
// eslint-plugin-regexp's ReDoS rules. A pattern built at run time (e.g. from an
// escaped name) needs an `eslint-disable-next-line local/static-regexp -- <why
// it stays linear>` comment at the call.
import { getStaticValue } from '@eslint-community/eslint-utils';

/** @type {import('eslint').Rule.RuleModule} */
export const regexpPatternsAreStatic = {
  meta: {
    type: 'problem',
    docs: { description: 'RegExp patterns must be static so the ReDoS rules can check them' },
    schema: [],
    messages: {
      dynamic:
        'The ReDoS check cannot see this RegExp pattern (it is built at run time). Build it from constants, or justify it: // eslint-disable-next-line local/static-regexp -- <why it stays linear>',
    },
  },
  create(context) {
    const check = (node) => {
      if (node.callee.type !== 'Identifier' || node.callee.name !== 'RegExp') return;
      const pattern = node.arguments[0];
      if (!pattern || pattern.type === 'Literal') return;
      const scope = context.sourceCode.getScope(node);
      if (getStaticValue(pattern, scope) === null) context.report({ node: pattern, messageId: 'dynamic' });
    };
    return { NewExpression: check, CallExpression: check };
  },
};
