import type { Node } from 'web-tree-sitter';
import { profileOf } from '../languages/profiles/index.js';
import type { ScopeModel } from './scopes.js';

/** The scope model of a file, with its language profile's rules. */
export function scopesOf(root: Node, language: string): ScopeModel {
  return profileOf(language).scopes(root, language);
}
