import type { LanguageProfile } from '../profile.js';

/** C#: the generic rules, and calls that may pass a parameter by its name (`F(1, b: 2)`). */
export const csharp: LanguageProfile = {
  languages: ['csharp'],
  calls: { namedArguments: true },
};
