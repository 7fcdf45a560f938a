import type { Node, Tree } from 'web-tree-sitter';
import { makeError, type ErrorOf, type ParseErrorInfo } from '../errors.js';
import { columnOfOffset, lineOfOffset, lineText, type SourceText } from '../text/source-text.js';
import type { StructureNode, StructureTree, SyntaxErrorNode, TextSpan } from './types.js';

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

/** `PARSER_FAILED` for syntax errors inside what an operation would have to trust the boundaries of. */
export function syntaxErrorsInsideFailure(path: string, tree: StructureTree, errors: readonly SyntaxErrorNode[], what = 'the structure the target names'): ErrorOf<'PARSER_FAILED'> {
  const parseErrors = [...errors].sort((a, b) => a.start - b.start).map((error) => describeSyntaxError(tree.source, error));
  const first = parseErrors[0]!;
  return makeError(
    'PARSER_FAILED',
    `${path} has ${parseErrors.length} syntax error${parseErrors.length === 1 ? '' : 's'} inside ${what} (first at line ${first.line}, column ${first.column}: ${JSON.stringify(first.line_text.trim())}), so its boundaries cannot be trusted. Fix the syntax first (file_edit works without a parser), then retry.`,
    { path, parse_errors: parseErrors },
  );
}

function touches(error: SyntaxErrorNode, node: TextSpan): boolean {
  return error.start <= node.end && error.end >= node.start && !(error.end === node.start && error.start < node.start);
}

/**
 * What a located structure is used for: `read` its text, `edit` it whole (replace, delete, insert
 * beside it, move it, apply chunks inside it), or edit one of its `part`s (parameters, body), which
 * the grammar's nodes delimit and errors inside it may have misplaced.
 */
export type SyntaxPurpose = 'read' | 'edit' | 'part';

/**
 * The syntax errors that make a located structure unsafe to use (docs/safety.md): those inside it, and
 * those sitting directly in one of its ancestors below the file (outside every child structure),
 * where they may have swallowed or split the structure's siblings, unless they lie in that
 * ancestor's header before the `{` that opens its body (Swift's `struct B<T: ~Copyable> {`): no
 * sibling can be there. Errors anywhere else in the file do not block: grammars reject some valid
 * code, and that must not make a file uneditable. A read is blocked only by errors inside the
 * structure it reads. Errors inside the structure do not block a read or a whole-structure edit
 * when its extent holds ({@link extentHolds}); they always block an edit of its parts.
 */
export function blockingSyntaxErrors(tree: StructureTree, path: readonly StructureNode[], purpose: SyntaxPurpose = 'edit'): SyntaxErrorNode[] {
  if (path.length <= 1 || tree.syntaxErrors.length === 0) return [];
  const target = path[path.length - 1]!;
  const inside = errorsInside(tree, target);
  // The structure's own extent is exact despite the errors inside it: what takes it whole may go ahead.
  const whole = purpose !== 'part' && inside.length > 0 && extentHolds(tree.source.text, { start: target.headerStart, end: target.end }, inside);
  // A read only needs that extent: errors beside it in a parent (C after a macro the grammar does
  // not know) leave it exact.
  if (purpose === 'read') return whole ? [] : inside;
  return tree.syntaxErrors.filter((error) => {
    if (touches(error, target)) return !whole;
    for (let depth = 1; depth < path.length - 1; depth++) {
      const ancestor = path[depth]!;
      if (!touches(error, ancestor)) return false;
      if (!ancestor.children.some((child) => touches(error, child))) return !inHeader(tree.source.text, error, ancestor);
    }
    return false;
  });
}

/** The syntax errors inside a structure or span (or touching its ends). */
export function errorsInside(tree: StructureTree, span: TextSpan): SyntaxErrorNode[] {
  return tree.syntaxErrors.filter((error) => touches(error, span));
}

/**
 * Whether the extent of a structure (from its header on) or a part of one is exact despite syntax
 * errors inside it, so that it may be read or replaced whole: it ends with a `}` (a `;` after it
 * at most), every ERROR inside lies within it and holds as many of each opening bracket as of the
 * closing one, and no token is missing but a `;`. The grammar matched every bracket outside the
 * errors, so the `}` it ends with is its own: a macro it does not know (`_GLIBCXX_NOEXCEPT`, C's
 * `BAD_CAST`) or syntax newer than it (Swift's `~Copyable`, a result builder attribute) leaves the
 * structure where it is. Structures without a closing brace (an indented body, a declaration
 * ending in `;`, an `#if` block) are never taken on this evidence.
 */
export function extentHolds(text: string, span: TextSpan, errors: readonly SyntaxErrorNode[]): boolean {
  if (!/\}[ \t]*;?$/.test(text.slice(span.start, span.end))) return false;
  return errors.every((error) =>
    error.kind === 'MISSING' ? error.missing === ';' : error.start >= span.start && error.end <= span.end && bracketsBalance(text, error.start, error.end),
  );
}

/**
 * The errors inside a structure that stop an edit of one of its parts: those within the region
 * the edit reads or writes (`null`: the whole structure), unless it replaces that region whole
 * and its extent holds (a body with a macro inside it, set anew). Errors elsewhere in the
 * structure (a macro in the body, when a parameter is added) leave the region where it is.
 */
export function partBlockingErrors(tree: StructureTree, structure: StructureNode, region: TextSpan | null, replacedWhole: boolean): SyntaxErrorNode[] {
  const inside = errorsInside(tree, structure);
  if (inside.length === 0) return [];
  const within = region === null ? inside : inside.filter((error) => touches(error, region));
  if (within.length === 0) return [];
  return replacedWhole && extentHolds(tree.source.text, region ?? { start: structure.headerStart, end: structure.end }, within) ? [] : within;
}

const BRACKETS: ReadonlyArray<readonly [number, number]> = [
  [0x7b, 0x7d], // { }
  [0x28, 0x29], // ( )
  [0x5b, 0x5d], // [ ]
];

/** Whether `text[start, end)` holds as many of each opening bracket as of its closing one. */
function bracketsBalance(text: string, start: number, end: number): boolean {
  return BRACKETS.every(([open, close]) => {
    let depth = 0;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === open) depth++;
      else if (code === close) depth--;
    }
    return depth === 0;
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
