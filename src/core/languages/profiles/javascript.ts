import type { LanguageProfile } from '../profile.js';
import { ecmascript } from './ecmascript.js';

/** JavaScript: ECMAScript with `;`-ended class fields. */
export const javascript: LanguageProfile = {
  ...ecmascript,
  languages: ['javascript'],
  // A call may pass fewer arguments (the rest are undefined) or more (ignored).
  calls: null,
  structure: {
    separators: { object: ',', class_body: ';' },
  },
};
