import type { LanguageProfile } from '../profile.js';

/** Java: constructors are their own kind; annotations added to `.decorators` get their `@`. */
export const java: LanguageProfile = {
  languages: ['java'],
  structure: {
    kinds: { constructor_declaration: 'constructor' },
  },
  // A record's components are its canonical constructor's parameters (`record P(int x, int y)`).
  parts: { decoratorPrefix: '@', primaryParametersOf: (declaration) => (declaration.type === 'record_declaration' ? declaration.childForFieldName('parameters') : null) },
  members: {
    // A functional interface (one abstract method, Object's aside) is implemented by lambdas too.
    lambdaTargets: (required) => required.filter((name) => !/^(?:equals|hashCode|toString)$/.test(name)).length === 1,
    // Called by name from outside the program: serialization's hooks (through reflection), the
    // entry point, and Object's methods every class overrides.
    implicit: (name) => /^(writeObject|readObject|readObjectNoData|writeReplace|readResolve|serialVersionUID|serialPersistentFields|main|toString|equals|hashCode|clone|finalize)$/.test(name),
  },
};
