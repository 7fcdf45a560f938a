import type { LanguageProfile } from '../profile.js';

/** Ruby: `require` and `require_relative` are imports; `def name` without parentheses gets them when a parameter is added. */
export const ruby: LanguageProfile = {
  languages: ['ruby'],
  parts: { createdParameters: { functionTypes: ['method', 'singleton_method'], open: '(', close: ')' } },
  reading: {
    category: (_node, header) => (/^(?:require|require_relative)[\s(]/.test(header) ? 'import' : null),
  },
};
