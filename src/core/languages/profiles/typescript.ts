import type { LanguageProfile } from '../profile.js';
import { ecmascript } from './ecmascript.js';

/** TypeScript and TSX: ECMAScript plus `: T` return types and `;`-ended class, interface and type-literal members. */
export const typescript: LanguageProfile = {
  ...ecmascript,
  languages: ['typescript', 'tsx'],
  structure: {
    separators: { object: ',', enum_body: ',', class_body: ';', interface_body: ';', object_type: ';' },
  },
  parts: { ...ecmascript.parts, returnTypeSeparator: ': ' },
};
