import type { LanguageProfile } from '../profile.js';

/** `local x = require "m"`, `local x = require("m").y`. */
const REQUIRE = /^local\s[^=]*=\s*require[\s('"]/;

/** Lua: `local x = require …` is an import. */
export const lua: LanguageProfile = {
  languages: ['lua'],
  // Top-level code runs as the file loads: a function called there must be defined above it.
  names: { definedInOrder: true },
  // A call may pass fewer arguments (the rest are nil) or more (dropped): only where its arguments land is checked.
  calls: { moreFail: false, fewerFail: false },
  // An import for listings and for the blank lines around it (a module's requires stand together).
  structure: { kindsByText: { variable_declaration: [[REQUIRE, 'import']] } },
  reading: {
    category: (_node, header) => (REQUIRE.test(header) ? 'import' : null),
  },
};
