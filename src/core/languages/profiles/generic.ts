import { GENERIC_STRUCTURE_RULES } from '../../structure/rules.js';
import { genericScopes } from '../../semantic/scope-rules-generic.js';
import type { ResolvedProfile } from '../profile.js';

/**
 * What every language gets unless its profile says otherwise: the generic structure rules (any
 * named node directly in a body is a structure), the part vocabulary shared by the grammars
 * (`parameters`, `body`, `return_type` fields), the generic scoping rule, no module system,
 * blank lines copied from the neighbours, and the generic line categories of `readFile`.
 */
export const GENERIC_PROFILE: ResolvedProfile = {
  languages: [],
  structure: GENERIC_STRUCTURE_RULES,
  parts: { returnTypeSeparator: ': ', decoratorPrefix: null, createdBases: null, parametersOf: null, emptyParameters: null },
  names: { identifier: /^[\p{L}_$][\p{L}\p{N}_$]*$/u, keywords: new Set(), receivers: [] },
  scopes: genericScopes,
  modules: null,
  layout: {
    blankLinesWithoutSiblings: (_kind, multiline) => (multiline ? 1 : 0),
    commentsAttach: true,
    topLevelDefinitions: null,
  },
  reading: {
    category: () => null,
    isContainer: (node) => CONTAINER_KINDS.has(node.kind),
  },
};

/** Kinds whose members range reads and skeletons show one by one (the structure is opened). */
const CONTAINER_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'object', 'module', 'preprocessor']);
