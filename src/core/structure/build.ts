/*
 * A parse tree to its structure tree: bodies and clauses found by one walk inside WASM, each
 * candidate made a structure (leading comments, decorators and modifiers attached, named, kinded),
 * then nested by extent.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { lineOfOffset, type SourceText } from '../text/source-text.js';
import type { CompiledStructureRules } from './compile.js';
import { clipName, kindOfType, MEMBER_CONTAINERS } from './kinds.js';
import { collectSyntaxErrors } from './syntax-errors.js';
import type { StructureNode, StructureTree, TextSpan } from './types.js';

interface Candidate {
  node: Node;
  type: string;
  /** Start including attached comments and decorators. */
  start: number;
  /** Start of the attachments that are not comments (first decorator), else the node's start. */
  decoratedStart: number;
  nodeStart: number;
  nodeEnd: number;
  /** What separates it from its siblings (from the body it sits in). */
  separator: ',' | ';' | undefined;
}

interface Attachment {
  comment: boolean;
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

/** Builds the {@link StructureTree} of a parsed file. */
export function buildTreeSitterStructure(
  tree: Tree,
  source: SourceText,
  languageId: string,
  compiled: CompiledStructureRules,
): StructureTree {
  const collector = createCollector(tree, source, compiled);
  try {
    collector.addBody(tree.rootNode, tree.rootNode.type);
    const found = compiled.searchTypes.length > 0 ? tree.rootNode.descendantsOfType(compiled.searchTypes as string[]) : [];
    for (const node of found) {
      if (node && node.id !== tree.rootNode.id) collector.addFound(node, node.type);
    }
  } finally {
    collector.dispose();
  }
  const root = makeRoot(source);
  nestCandidates([...collector.candidates.values()], root, source, compiled);
  const comments = collector.comments.sort((a, b) => a.start - b.start);
  return { source, language: languageId, root, syntaxErrors: collectSyntaxErrors(tree), comments };
}

/** Sorts the candidates and nests them under `root` by their extended ranges, making structures. */
export function nestCandidates(candidates: Candidate[], root: StructureNode, source: SourceText, compiled: CompiledStructureRules): void {
  // Ordered and nested by the extended range, so what sits in a structure's decorators (which may
  // be siblings of its node, as in TypeScript class bodies) nests inside it and is then dropped.
  const ordered = candidates.sort((a, b) => a.start - b.start || b.nodeEnd - a.nodeEnd);
  const stack: Array<{ candidate: Candidate | null; structure: StructureNode }> = [{ candidate: null, structure: root }];
  for (const candidate of ordered) {
    while (stack.length > 1) {
      const top = stack[stack.length - 1]!.candidate!;
      if (top.start <= candidate.start && candidate.nodeEnd <= top.nodeEnd) break;
      stack.pop();
    }
    const parent = stack[stack.length - 1]!.structure;
    // Inside a structure's decorators or doc comment (an object literal in `@Component({…})`):
    // part of its header, not one of its members.
    if (candidate.nodeStart < parent.headerStart) continue;
    const structure = makeStructure(candidate, parent.kind, source, compiled);
    parent.children.push(structure);
    stack.push({ candidate, structure });
  }
}

/** Gathers structure candidates and comments from bodies (and clauses) of one tree. */
interface Collector {
  readonly candidates: Map<number, Candidate>;
  readonly comments: TextSpan[];
  /** Every named child of a body: a candidate, an attachment of the next one, or neither. */
  addBody(body: Node, bodyType: string): void;
  /** A node `descendantsOfType` found: a clause is a candidate, a body's children are. */
  addFound(node: Node, type: string): void;
  dispose(): void;
}

export function createCollector(tree: Tree, source: SourceText, compiled: CompiledStructureRules): Collector {
  const text = source.text;
  const candidates = new Map<number, Candidate>();
  const comments: TextSpan[] = [];

  const isOwnLine = (start: number) => {
    const lineStart = source.lineStarts[lineOfOffset(source, start) - 1]!;
    for (let i = lineStart; i < start; i++) {
      const code = text.charCodeAt(i);
      if (code !== 32 && code !== 9) return false;
    }
    return true;
  };
  /** Sorts one body child into attachment, structure or neither; `pending` carries attachments forward. */
  const visitChild = (node: Node, type: string, start: number, end: number, pending: Attachment[], separator: ',' | ';' | undefined): Attachment[] => {
    if (compiled.comments.has(type)) {
      comments.push({ start, end });
      // A `#!` line belongs to the file, not to the first structure (nothing may go before it).
      if (start === 0 && text.startsWith('#!')) return [];
      if (isOwnLine(start)) return [...pending, attachment(true, start, end)];
      return [];
    }
    if (compiled.attached.has(type)) return [...pending, attachment(false, start, end)];
    // Zero-width named nodes are MISSING tokens the parser made up.
    if (type === 'ERROR' || start === end || compiled.ignored.has(type) || compiled.transparent.has(type)) return [];
    const attached = pending.length > 0 ? attachedStart(pending, lineOfOffset(source, start)) : {};
    // A member's ending `;` that the grammar gives to the body (`x = 1;` in a class) is the member's.
    const terminator = separator === ';' ? /^[ \t]*;/.exec(text.slice(end, end + 40)) : null;
    candidates.set(node.id, {
      node,
      type,
      start: attached.start ?? start,
      decoratedStart: attached.decorated ?? start,
      nodeStart: start,
      nodeEnd: terminator ? end + terminator[0].length : withoutSpill(end, start),
      separator,
    });
    return [];
  };
  /**
   * A node that a grammar ends after the line break and indentation of the next line (Scala's
   * `case_clause`) ends at its last character: its lines are its own, not the next clause's.
   */
  const withoutSpill = (end: number, start: number): number => {
    let last = end;
    while (last > start && /\s/.test(text[last - 1]!)) last--;
    return last < end && text.slice(last, end).includes('\n') ? last : end;
  };

  const cursor = tree.walk();
  const addBodyChildren = (body: Node, bodyType: string) => {
    const separator = compiled.rules.separators[bodyType];
    let pending = leadingComments(body, separator);
    if (!compiled.clauses.has(bodyType)) {
      // One call fetches every named child; cheaper than stepping a cursor through all children.
      for (const child of body.namedChildren) {
        if (child) pending = visitChild(child, child.type, child.startIndex, child.endIndex, pending, separator);
      }
      return;
    }
    // A clause that is also a body (`case 1: …`): its `value` and similar fields are not structures.
    cursor.reset(body);
    if (!cursor.gotoFirstChild()) return;
    do {
      if (!cursor.nodeIsNamed) continue;
      const field = cursor.currentFieldName;
      if (field && compiled.excludedFields.has(field)) {
        pending = [];
        continue;
      }
      const child = cursor.currentNode;
      pending = visitChild(child, child.type, child.startIndex, child.endIndex, pending, separator);
    } while (cursor.gotoNextSibling());
  };

  /**
   * Comments on their own lines between a header and its body that the grammar keeps outside the
   * body (Ruby's `class A` and Python's `def f():` hold them, not the body): they lead its first
   * structure, as they would lead any other. Without this, deleting a method made the next one's
   * doc comment fall out of it, and a method put back went between that comment and its method.
   */
  const leadingComments = (body: Node, separator: ',' | ';' | undefined): Attachment[] => {
    const before: Node[] = [];
    for (let sibling = body.previousNamedSibling; sibling && compiled.comments.has(sibling.type); sibling = sibling.previousNamedSibling) before.unshift(sibling);
    let pending: Attachment[] = [];
    for (const comment of before) if (isOwnLine(comment.startIndex)) pending = visitChild(comment, comment.type, comment.startIndex, comment.endIndex, pending, separator);
    return pending;
  };

  const attachment = (comment: boolean, start: number, end: number): Attachment => ({
    comment,
    start,
    end,
    startLine: lineOfOffset(source, start),
    endLine: lineOfOffset(source, Math.max(start, end - 1)),
  });

  const addFound = (node: Node, type: string) => {
    if (compiled.clauses.has(type) && !candidates.has(node.id)) {
      const start = node.startIndex;
      const end = withoutSpill(node.endIndex, start);
      candidates.set(node.id, { node, type, start, decoratedStart: start, nodeStart: start, nodeEnd: end, separator: undefined });
    }
    if (compiled.bodies.has(type) && !withinExcluded(node, type)) addBodyChildren(node, type);
  };
  const withinExcluded = (node: Node, type: string): boolean => {
    const excluded = compiled.bodiesNotWithin.get(type);
    if (!excluded) return false;
    // Up to the nearest body: what lies beyond it cannot change whether this one is a body.
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (excluded.has(parent.type)) return true;
      if (compiled.bodies.has(parent.type)) return false;
    }
    return false;
  };

  return { candidates, comments, addBody: addBodyChildren, addFound, dispose: () => cursor.delete() };
}

/** Attachments directly above a structure: decorators always, comments only without a blank line between. */
function attachedStart(pending: readonly Attachment[], firstLine: number): { start?: number; decorated?: number } {
  let expectedLine = firstLine;
  let start: number | undefined;
  let decorated: number | undefined;
  for (let i = pending.length - 1; i >= 0; i--) {
    const item = pending[i]!;
    if (item.comment) {
      if (item.endLine < expectedLine - 1) break;
    } else decorated = item.start;
    start = item.start;
    expectedLine = item.startLine;
  }
  const result: { start?: number; decorated?: number } = {};
  if (start !== undefined) result.start = start;
  if (decorated !== undefined) result.decorated = decorated;
  return result;
}

/** The node of the file itself (kind `file`, target `""`), without children yet. */
export function makeRoot(source: SourceText): StructureNode {
  const lastLine = Math.max(1, source.text.endsWith('\n') ? source.lineStarts.length - 1 : source.lineStarts.length);
  return {
    kind: 'file',
    type: 'file',
    name: null,
    start: 0,
    end: source.text.length,
    headerStart: 0,
    matchStarts: [0],
    lineRange: [1, lastLine],
    children: [],
  };
}

function makeStructure(candidate: Candidate, parentKind: string, source: SourceText, compiled: CompiledStructureRules): StructureNode {
  const { node } = candidate;
  const starts = [candidate.start, candidate.decoratedStart, candidate.nodeStart];
  let header = node;
  let headerType = candidate.type;
  for (let depth = 0; depth < 8; depth++) {
    const headerNodeStart = header.startIndex;
    starts.push(compiled.hasModifiers || !startsWithWord(source.text.charCodeAt(headerNodeStart)) ? startAfterLeading(header, compiled) : headerNodeStart);
    const inner = unwrap(header, headerType, compiled);
    if (!inner) break;
    header = inner;
    headerType = inner.type;
  }
  const headerStart = starts[starts.length - 1]!;
  const matchStarts = [...new Set(starts)].sort((a, b) => a - b);
  let end = candidate.nodeEnd;
  while (end > candidate.start && source.text.charCodeAt(end - 1) === 10) end--;
  let kind = kindOf(header, headerType, compiled);
  const byText = compiled.rules.kindsByText[headerType];
  if (byText) {
    const head = source.text.slice(headerStart, headerStart + 200);
    kind = byText.find(([pattern]) => pattern.test(head))?.[1] ?? kind;
  }
  if (kind === 'function' && MEMBER_CONTAINERS.has(parentKind)) kind = 'method';
  // A bare member of an enum body (`A` in `enum E { A, B = 2 }`) has an identifier's type.
  // A structure that is a bare identifier (`A` in `enum E { A }`, `parse` in `{ parse }`) is its own name.
  const bare = /identifier$/.test(headerType);
  if (bare && parentKind === 'enum' && kind === headerType) kind = 'enum_member';
  return {
    kind,
    type: candidate.type,
    name: bare ? nameText(header) : UNNAMED_KINDS.has(kind) ? null : nameOf(header, compiled.nameFieldIds),
    start: candidate.start,
    end,
    headerStart,
    matchStarts,
    lineRange: [lineOfOffset(source, candidate.start), lineOfOffset(source, Math.max(candidate.start, end - 1))],
    children: [],
    ...(candidate.separator ? { separator: candidate.separator } : {}),
  };
}

/** The declaration a wrapper (`export`, a decorated definition) holds, if `node` is one. */
function unwrap(node: Node, type: string, compiled: CompiledStructureRules): Node | null {
  const fields = compiled.rules.wrappers[type];
  if (fields === undefined) return null;
  if (fields.length === 0) {
    for (const child of node.namedChildren) if (child && !compiled.leading.has(child.type)) return child;
    return null;
  }
  for (const field of fields) {
    const inner = node.childForFieldName(field);
    if (inner) return inner;
  }
  return null;
}

/** `[A-Za-z0-9_$]`: no decorator, annotation, attribute or comment starts with one. */
function startsWithWord(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** Where a node's own text starts once its leading decorators, annotations and comments are skipped. */
function startAfterLeading(node: Node, compiled: CompiledStructureRules): number {
  const first = node.firstChild;
  if (!first || !(first.isNamed && (compiled.leading.has(first.type) || compiled.modifiers.has(first.type)))) {
    return node.startIndex;
  }
  for (const child of node.children) {
    if (!child) continue;
    if (child.isNamed && compiled.leading.has(child.type)) continue;
    if (child.isNamed && compiled.modifiers.has(child.type)) {
      for (const modifier of child.children) {
        if (modifier && !(modifier.isNamed && compiled.leading.has(modifier.type))) return modifier.startIndex;
      }
      continue;
    }
    return child.startIndex;
  }
  return node.startIndex;
}

function kindOf(node: Node, type: string, compiled: CompiledStructureRules): string {
  if (type === 'expression_statement') {
    const inner = node.firstNamedChild;
    if (!inner) return 'statement';
    if (inner.type === 'string') return 'docstring';
    return cachedKind(inner.type, compiled) ?? 'expression';
  }
  return cachedKind(type, compiled) ?? type;
}

function cachedKind(type: string, compiled: CompiledStructureRules): string | null {
  let kind = compiled.kindCache.get(type);
  if (kind === undefined) {
    kind = kindOfType(type, compiled.rules.kinds);
    compiled.kindCache.set(type, kind);
  }
  return kind;
}

/** Kinds that have no declared name, so no name lookup is spent on them. */
const UNNAMED_KINDS: ReadonlySet<string> = new Set([
  'if', 'else', 'elif', 'catch', 'finally', 'case', 'loop', 'try', 'switch', 'with', 'statement', 'docstring',
  'expression', 'preprocessor', 'export',
]);

/** The declared name of a declaration node, searching the usual fields a level or two down. */
function nameOf(node: Node, fieldIds: readonly number[]): string | null {
  let current: Node | null = node;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current !== node && isNameLike(current)) return nameText(current);
    let next: Node | null = null;
    for (const id of fieldIds) {
      next = current.childForFieldId(id);
      if (next) break;
    }
    if (!next) {
      // Declarations wrapping declarators without a field: `const a = 1`, `var a int`, `x = 1`.
      const first: Node | null = current.firstNamedChild;
      if (first && /declarator|_spec$|^assignment(_expression)?$|^call(_expression)?$|^variable_declaration$/.test(first.type)) next = first;
    }
    current = next;
  }
  return current && isNameLike(current) ? nameText(current) : null;
}

function nameText(node: Node): string {
  const text = clipName(node.text);
  // JSON keys and quoted names read better without their quotes.
  return /^(["'`]).*\1$/.test(text) && text.length >= 2 ? text.slice(1, -1) : text;
}

function isNameLike(node: Node): boolean {
  return /identifier$|^name$|^constant$|^word$|^dotted_name$|^scoped_identifier$|^member_expression$|^attribute$|^string$|^property_name$|^tag_name$|^bare_key$|^quoted_key$|^dotted_key$/.test(node.type) || node.childCount === 0;
}
