import type { LanguageProfile } from '../profile.js';

/**
 * Zig: a container (`const S = struct { … }`, `union`, `enum`, `opaque`) holds fields and
 * functions; they are the structures of the declaration that names it.
 */
export const zig: LanguageProfile = {
  languages: ['zig'],
  structure: {
    bodies: ['struct_declaration', 'union_declaration', 'enum_declaration', 'opaque_declaration'],
  },
};
