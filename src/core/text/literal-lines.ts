import type { Node } from 'web-tree-sitter';
import type { TextRules } from '../languages/profile.js';

/**
 * The lines of a text (0-based) that start inside a literal: a multi-line string, raw string,
 * template or heredoc. Re-indentation leaves them as they are, since their leading whitespace is
 * part of the literal's value (a generated script, a SQL query, an expected output). Lines that
 * start inside code within a literal (`${…}`) are code. Found on the text's syntax tree, which the
 * editor shell parses; the rules (which node types are literals) come from the language profile.
 */
export function literalLines(root: Node, rules: TextRules): Set<number> {
  const lines = new Set<number>();
  for (const node of root.descendantsOfType([...rules.literals])) {
    if (!node || !node.isNamed || node.startPosition.row === node.endPosition.row) continue;
    if (rules.docstringsFollowCode && isDocstring(node)) continue;
    const code = node.descendantsOfType([...rules.code]).filter((child): child is Node => child !== null);
    // A line starts inside the literal when it begins after the literal's first line and before its end.
    const last = node.endPosition.column === 0 ? node.endPosition.row - 1 : node.endPosition.row;
    for (let row = node.startPosition.row + 1; row <= last; row++) {
      const inCode = code.some((child) => (child.startPosition.row < row || (child.startPosition.row === row && child.startPosition.column === 0)) && (child.endPosition.row > row || (child.endPosition.row === row && child.endPosition.column > 0)));
      if (!inCode) lines.add(row);
    }
  }
  return lines;
}

/** A string that is the first statement of a module, class or function body. */
function isDocstring(node: Node): boolean {
  const statement = node.parent;
  if (!statement || statement.type !== 'expression_statement' || statement.namedChildCount !== 1) return false;
  const body = statement.parent;
  if (!body) return false;
  const first = body.namedChildren.find((child) => child !== null && child.type !== 'comment');
  return first?.id === statement.id && (body.type === 'module' || body.type === 'block');
}
