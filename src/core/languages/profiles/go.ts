import type { LanguageProfile } from '../profile.js';

/** Go: interface method specs are members; a result type follows the parameters after a space. */
export const go: LanguageProfile = {
  languages: ['go'],
  structure: {
    bodies: ['interface_type', 'method_spec_list'],
  },
  parts: { returnTypeSeparator: ' ' },
};
