import { bashScopes } from '../../semantic/scope-rules-bash.js';
import type { LanguageProfile } from '../profile.js';

/** Bash: functions called as commands; a script runs top to bottom. */
export const bash: LanguageProfile = {
  languages: ['bash'],
  scopes: (root) => bashScopes(root),
  // Top-level commands run as the script reads them: a function called there must be defined above.
  names: { definedInOrder: true },
  // A function takes any number of arguments ($1, $@): no call can be short of one.
  calls: null,
};
