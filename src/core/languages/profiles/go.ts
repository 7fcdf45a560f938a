import type { LanguageProfile } from '../profile.js';

/**
 * Go: interface method specs are members; a result type follows the parameters after a space.
 * tree-sitter-go 0.25 puts the statements of a block and of a case in a `statement_list`: the
 * statements are the structures, the list is not.
 */
export const go: LanguageProfile = {
  languages: ['go'],
  structure: {
    bodies: ['interface_type', 'method_spec_list', 'statement_list'],
    transparent: ['enum_body_declarations', 'statement_list'],
  },
  parts: { returnTypeSeparator: ' ' },
};
