import type { LanguageProfile } from '../profile.js';

/** Ruby: `require` and `require_relative` are imports. */
export const ruby: LanguageProfile = {
  languages: ['ruby'],
  reading: {
    category: (_node, header) => (/^(?:require|require_relative)[\s(]/.test(header) ? 'import' : null),
  },
};
