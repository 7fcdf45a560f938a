import type { LanguageProfile } from '../profile.js';

/** Java: constructors are their own kind; annotations added to `.decorators` get their `@`. */
export const java: LanguageProfile = {
  languages: ['java'],
  structure: {
    kinds: { constructor_declaration: 'constructor' },
  },
  parts: { decoratorPrefix: '@' },
};
