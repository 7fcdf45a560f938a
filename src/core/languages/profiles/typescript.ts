import type { LanguageProfile } from '../profile.js';
import { ecmascript } from './ecmascript.js';
import { awaitRules } from './generic.js';

/** TypeScript and TSX: ECMAScript plus `: T` return types and `;`-ended class, interface and type-literal members. */
export const typescript: LanguageProfile = {
  ...ecmascript,
  languages: ['typescript', 'tsx'],
  structure: {
    separators: { object: ',', enum_body: ',', class_body: ';', interface_body: ';', object_type: ';' },
    // `f(opts: { a: number })`: the members of a parameter's object type are not the function's.
    bodiesNotWithin: { object_type: ['formal_parameters'] },
  },
  parts: { ...ecmascript.parts, returnTypeSeparator: ': ' },
  // `await f()`, or a promise handed on (`Promise.all([f()])`, `f().then(…)`, `void f()`).
  calls: { awaiting: awaitRules(/^(?:all|allSettled|race|any)$/, true, false) },
};
