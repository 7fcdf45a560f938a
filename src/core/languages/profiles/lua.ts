import type { LanguageProfile } from '../profile.js';

/** Lua: `local x = require …` is an import. */
export const lua: LanguageProfile = {
  languages: ['lua'],
  reading: {
    category: (_node, header) => (/^local\s[^=]*=\s*require[\s('"]/.test(header) ? 'import' : null),
  },
};
