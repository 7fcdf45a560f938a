import type { Node, Tree } from 'web-tree-sitter';
import type { ParseErrorInfo } from '../errors.js';
import { columnOfOffset, lineOfOffset, lineText, type SourceText } from '../text/source-text.js';
import type { StructureNode, StructureTree, SyntaxErrorNode } from './types.js';

/** A syntax error as reported to callers: line, column and the line's text. */
export function describeSyntaxError(source: SourceText, error: SyntaxErrorNode): ParseErrorInfo {
  const line = lineOfOffset(source, error.start);
  const info: ParseErrorInfo = {
    line,
    column: columnOfOffset(source, error.start),
    kind: error.kind,
    line_text: lineText(source, line),
  };
  if (error.missing !== undefined) info.missing = error.missing;
  return info;
}

function touches(error: SyntaxErrorNode, node: StructureNode): boolean {
  return error.start <= node.end && error.end >= node.start && !(error.end === node.start && error.start < node.start);
}

/**
 * The syntax errors that make a located structure unsafe to use (docs/safety.md): those inside it, and
 * those sitting directly in one of its ancestors below the file (outside every child structure),
 * where they may have swallowed or split the structure's siblings, unless they lie in that
 * ancestor's header before the `{` that opens its body (Swift's `struct B<T: ~Copyable> {`): no
 * sibling can be there. Errors anywhere else in the file do not block: grammars reject some valid
 * code, and that must not make a file uneditable. A read is blocked only by errors inside the
 * structure it reads.
 */
export function blockingSyntaxErrors(tree: StructureTree, path: readonly StructureNode[], purpose: 'edit' | 'read' = 'edit'): SyntaxErrorNode[] {
  if (path.length <= 1 || tree.syntaxErrors.length === 0) return [];
  const target = path[path.length - 1]!;
  return tree.syntaxErrors.filter((error) => {
    // A read only needs the structure's own text to be sound: errors beside it in a parent (C after
    // a macro the grammar does not know) leave that text exact.
    if (purpose === 'read') return touches(error, target);
    if (touches(error, target)) return true;
    for (let depth = 1; depth < path.length - 1; depth++) {
      const ancestor = path[depth]!;
      if (!touches(error, ancestor)) return false;
      if (!ancestor.children.some((child) => touches(error, child))) return !inHeader(tree.source.text, error, ancestor);
    }
    return false;
  });
}

/**
 * Whether an error lies in a structure's header: after its decorators, with no brace before it, and
 * before the `{` ending the line that opens its body (the first brace after it).
 */
function inHeader(text: string, error: SyntaxErrorNode, structure: StructureNode): boolean {
  const first = structure.children[0];
  if (!first || error.start < structure.headerStart || error.end > first.start || /[{}]/.test(text.slice(structure.headerStart, error.start))) return false;
  return /^[^{};]*\{[ \t]*(?:\/\/[^\n]*)?\r?\n/.test(text.slice(error.end, first.start));
}

/**
 * Every ERROR and MISSING node, descending only into subtrees that hold one. An ERROR node counts
 * as the text it could not place, not as its whole extent: the grammar wraps what it could parse
 * around a stray token in the same ERROR (C's `#if 0` without `#endif` makes the file's root an
 * ERROR holding every function), and a complete, error-free subtree in it is sound. So an ERROR
 * yields one span per run of its children that are tokens or leaves; the sound subtrees between
 * runs are not errors, and its broken subtrees are looked into like any other.
 */
export function collectSyntaxErrors(tree: Tree): SyntaxErrorNode[] {
  const errors: SyntaxErrorNode[] = [];
  if (!tree.rootNode.hasError) return errors;
  const stack: Node[] = [tree.rootNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isMissing) {
      errors.push({ kind: 'MISSING', start: node.startIndex, end: node.endIndex, missing: node.type });
      continue;
    }
    if (node.isError) {
      errors.push(...unplacedRuns(node, stack));
      continue;
    }
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child && (child.hasError || child.isMissing)) stack.push(child);
    }
  }
  return errors.sort((a, b) => a.start - b.start);
}

/**
 * The spans of an ERROR node that no subtree the grammar built covers: runs of its tokens and
 * leaves (comments between two of them stay in their run). Its broken subtrees go on `stack`, to
 * be looked into.
 */
function unplacedRuns(node: Node, stack: Node[]): SyntaxErrorNode[] {
  const runs: SyntaxErrorNode[] = [];
  let run: { start: number; end: number } | null = null;
  let lookedInto = false;
  const close = () => {
    if (run) runs.push({ kind: 'ERROR', ...run });
    run = null;
  };
  for (const child of node.children) {
    // A comment neither ends a run nor extends it.
    if (!child || (child.isExtra && !child.hasError)) continue;
    if (isSoundSubtree(child)) close();
    else if (child.isError || child.isMissing || (child.hasError && child.isNamed && child.childCount > 0)) {
      close();
      stack.push(child);
      lookedInto = true;
    } else if (run) run.end = child.endIndex;
    else run = { start: child.startIndex, end: child.endIndex };
  }
  close();
  // An ERROR made only of sound subtrees still marks where the parser gave up.
  return runs.length > 0 || lookedInto ? runs : [{ kind: 'ERROR', start: node.startIndex, end: node.endIndex }];
}

/** In an ERROR, a part the grammar parsed whole: a named node with children and no error or missing token inside. */
export function isSoundSubtree(node: Node): boolean {
  return node.isNamed && !node.hasError && !node.isMissing && node.childCount > 0;
}
