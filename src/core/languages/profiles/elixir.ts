import type { LanguageProfile } from '../profile.js';

/**
 * Elixir (structure only): `def`, `defmodule`, `if` and the rest are calls with a `do` block, so the
 * generic rule finds their structures but no parts. The blocks after `do` are clauses of those
 * calls, named as the clauses of other languages: `else`, `rescue`/`catch`, `after`; `pattern ->`
 * arms are cases.
 */
export const elixir: LanguageProfile = {
  languages: ['elixir'],
  structure: {
    kinds: { else_block: 'else', rescue_block: 'catch', catch_block: 'catch', after_block: 'finally', stab_clause: 'case' },
  },
};
