import type { LanguageProfile } from '../profile.js';
import { ecmascript } from './ecmascript.js';

/** JavaScript: ECMAScript with `;`-ended class fields. */
export const javascript: LanguageProfile = {
  ...ecmascript,
  languages: ['javascript'],
  structure: {
    separators: { object: ',', class_body: ';' },
  },
};
