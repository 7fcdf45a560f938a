import type { LanguageProfile } from '../profile.js';
import { ecmascript } from './ecmascript.js';
import { awaitRules } from './generic.js';

/** JavaScript: ECMAScript with `;`-ended class fields. */
export const javascript: LanguageProfile = {
  ...ecmascript,
  languages: ['javascript'],
  // A call may pass fewer arguments (the rest are undefined) or more (ignored): only where its
  // arguments land, and whether it awaits an async function, are checked.
  calls: { moreFail: false, fewerFail: false, awaiting: awaitRules(/^(?:all|allSettled|race|any)$/, true, false) },
  structure: {
    separators: { object: ',', class_body: ';' },
  },
};
