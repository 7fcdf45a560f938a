import type { LanguageProfile } from '../profile.js';

/** Java: constructors are their own kind; annotations added to `.decorators` get their `@`. */
export const java: LanguageProfile = {
  languages: ['java'],
  structure: {
    kinds: { constructor_declaration: 'constructor' },
  },
  parts: { decoratorPrefix: '@' },
  members: {
    // Called by name from outside the program: serialization's hooks (through reflection), the
    // entry point, and Object's methods every class overrides.
    implicit: (name) => /^(writeObject|readObject|readObjectNoData|writeReplace|readResolve|serialVersionUID|serialPersistentFields|main|toString|equals|hashCode|clone|finalize)$/.test(name),
  },
};
