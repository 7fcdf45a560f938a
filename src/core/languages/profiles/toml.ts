import type { LanguageProfile } from '../profile.js';

/**
 * TOML: a table's header key (`[package]`, `[a.b]`) is part of the table's header, not a structure
 * of its own (deleting it left `[]`); the table's key/value pairs are its structures.
 */
export const toml: LanguageProfile = {
  languages: ['toml'],
  structure: {
    ignored: ['bare_key', 'quoted_key', 'dotted_key'],
  },
};
