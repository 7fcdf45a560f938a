import type { Node } from 'web-tree-sitter';
import type { StructureNode } from '../structure/types.js';

/**
 * Small questions about tree-sitter nodes that the semantic planners share. Offsets are the
 * parser's, which are offsets into `SourceText.text` (UTF-16 code units).
 */

/** Node types of comments across the grammars. */
export const COMMENT_TYPES: ReadonlySet<string> = new Set(['comment', 'line_comment', 'block_comment', 'doc_comment', 'multiline_comment']);

/** A node's children that are not `null` (the typings allow holes). */
export function childrenOf(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

/** A node's named children, comments excluded. */
export function namedChildrenOf(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null && !COMMENT_TYPES.has(child.type));
}

/** A node's first named child of a type (grammars that give a part no field: Kotlin's and Zig's parameter lists). */
export function childOfType(node: Node, type: string): Node | null {
  return node.namedChildren.find((child) => child?.type === type) ?? null;
}

/**
 * The largest node under `root` that starts at `start` and ends by `end`: a list item's own node
 * (a parameter, not its list), where the item's tokens are not all one node's (Kotlin's `b: Int = 0`).
 */
export function nodeStartingAt(root: Node, start: number, end: number): Node {
  let node = root.descendantForIndex(start) ?? root;
  while (node.parent && node.parent.startIndex === start && node.parent.endIndex <= end) node = node.parent;
  return node;
}

/** The named children of a node in a field (`name` fields of a Python `from` import). */
export function fieldChildren(node: Node, field: string): Node[] {
  return node.childrenForFieldName(field).filter((child): child is Node => child !== null);
}

/**
 * The syntax node of a structure's declaration: the outermost node that starts where the
 * structure's header starts and ends within it (`function_definition`, not its `def` keyword;
 * the declaration inside `export` or a decorated definition).
 */
export function declarationNode(root: Node, structure: StructureNode, text: string): Node {
  let node = root.descendantForIndex(structure.headerStart, structure.headerStart) ?? root;
  // Some grammars' trees answer the empty range with a node around it (the old Swift grammar gives
  // the whole file at the first byte of a declaration); the first character finds the node there.
  if (node.startIndex !== structure.headerStart) node = root.descendantForIndex(structure.headerStart, structure.headerStart + 1) ?? node;
  // A node may end past the structure by the line break and indentation the grammar gave it (Scala's
  // `def f =` with its body on the next line): the structure ends at its last character.
  const within = (candidate: Node) => candidate.endIndex <= structure.end || /^\s*$/.test(text.slice(structure.end, candidate.endIndex));
  while (node.parent && node.parent.id !== root.id && !BODY_TYPES.test(node.parent.type) && node.parent.startIndex === structure.headerStart && within(node.parent)) node = node.parent;
  // The header may start inside a node that holds leading parts too (Java's `modifiers` holding
  // `@Override` and `public`, C#'s attributes): the declaration is the node around both, within
  // the structure, short of a wrapper (`export`, a decorated definition).
  if (node.endIndex < structure.end) {
    let outer: Node | null = node.parent;
    while (outer && outer.id !== root.id && !BODY_TYPES.test(outer.type) && !WRAPPERS.test(outer.type) && outer.startIndex >= structure.start && outer.endIndex <= structure.end) {
      if (outer.endIndex === structure.end || outer.endIndex === structure.end - 1) return outer;
      outer = outer.parent;
    }
  }
  return node;
}

const WRAPPERS = /^(decorated_definition|export_statement|ambient_declaration)$/;

/**
 * Bodies that can share a lone member's span (a Python class `block` holding one method starts and
 * ends where the method does): the climb to a declaration's node stops below them.
 */
const BODY_TYPES = /^(block|statement_block|body_statement|declaration_list|field_declaration_list|enum_variant_list|enum_body_declarations|object_type)$|_body$/;

/** The node a declaration is wrapped in (`decorated_definition`, `export_statement`), if any. */
export function wrapperOf(node: Node): Node | null {
  let wrapper: Node | null = null;
  for (let parent = node.parent; parent && /^(decorated_definition|export_statement|ambient_declaration)$/.test(parent.type); parent = parent.parent) wrapper = parent;
  return wrapper;
}

/** The text of a string literal without its quotes (and prefix), or the node's text. */
export function unquoted(node: Node): string {
  const text = node.text;
  const match = /^[rRbBuUfF]{0,2}("""|'''|"|'|`)([\s\S]*)\1$/.exec(text);
  return match ? match[2]! : text;
}
