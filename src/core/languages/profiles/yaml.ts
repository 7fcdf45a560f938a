import type { LanguageProfile } from '../profile.js';

/**
 * YAML: a mapping's `key: value` pairs and a sequence's `- item`s are the structures, nested as the
 * document nests them (`jobs` → `build` → `steps` → each step). The document, its nodes and the
 * mappings and sequences themselves only hold them.
 */
export const yaml: LanguageProfile = {
  languages: ['yaml'],
  structure: {
    bodies: ['document', 'block_node', 'block_mapping', 'block_sequence'],
    transparent: ['document', 'block_node', 'block_mapping', 'block_sequence'],
    kinds: { block_sequence_item: 'item' },
  },
  // Keys and items sit tight unless the file spaces them: a multi-line value is no reason for a blank line.
  layout: { blankLinesWithoutSiblings: () => 0 },
};
