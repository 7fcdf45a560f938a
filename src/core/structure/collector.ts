/*
 * Structure candidates from a parse tree: the children of bodies and the clauses found, each made a
 * structure (leading comments, decorators and modifiers attached, named, kinded), then nested by extent.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { columnOfOffset, endBeforeLineBreaks, endsLine, lineOfOffset, startsLine, type SourceText } from '../text/source-text.js';
import {
  type CompiledStructureRules,
  TYPE_BARE,
  TYPE_BODY,
  TYPE_CLAUSE,
  TYPE_ATTACHED,
  TYPE_COMMENT,
  TYPE_DECLARATOR,
  TYPE_EXPRESSION_STATEMENT,
  TYPE_GROUPING,
  TYPE_LEADING,
  TYPE_MODIFIERS,
  TYPE_NAME_LIKE,
  TYPE_NAMED,
  TYPE_SKIPPED,
  TYPE_STRING,
  TYPE_TRAILING,
  typeSlot,
  holdsStructures,
} from './compile.js';
import { clipName, kindOfType, MEMBER_CONTAINERS } from './kinds.js';
import { isSoundSubtree } from './syntax-errors.js';
import type { StructureNode, TextSpan } from './types.js';


/**
 * A structure made from a node as soon as the node is met (so no node object outlives its visit),
 * with what nesting it needs: its kind is settled by its parent's (function → method).
 */
export interface Candidate {
  readonly structure: Mutable<StructureNode>;
  /** Where the node itself starts, and where it ends with a `;` the body holds for it (or a trailing node). */
  readonly nodeStart: number;
  nodeEnd: number;
  /** The declaration's type (after wrappers), and whether it is a bare identifier. */
  readonly headerType: string;
  readonly bare: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Attachment {
  comment: boolean;
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

/**
 * Sorts the candidates and nests them under `root` by their extended ranges (`root` may be a
 * structure whose node holds them all: what nests directly in it is checked against its header).
 * Returns how many nested deeper than `root`.
 */
export function nestCandidates(candidates: Candidate[], root: StructureNode): number {
  // Ordered and nested by the extended range, so what sits in a structure's decorators (which may
  // be siblings of its node, as in TypeScript class bodies) nests inside it and is then dropped.
  const ordered = candidates.sort((a, b) => a.structure.start - b.structure.start || b.nodeEnd - a.nodeEnd);
  // The open structures: `root`, then candidates (two arrays, not an object per candidate).
  const candidateStack: Candidate[] = [];
  const structureStack: StructureNode[] = [root];
  let deeper = 0;
  for (const candidate of ordered) {
    while (candidateStack.length > 0) {
      const top = candidateStack[candidateStack.length - 1]!;
      if (top.structure.start <= candidate.structure.start && candidate.nodeEnd <= top.nodeEnd) break;
      candidateStack.pop();
      structureStack.pop();
    }
    const parent = structureStack[structureStack.length - 1]!;
    // Inside a structure's decorators or doc comment (an object literal in `@Component({…})`):
    // part of its header, not one of its members.
    if (candidate.nodeStart < parent.headerStart) continue;
    const { structure } = candidate;
    if (structure.kind === 'function' && MEMBER_CONTAINERS.has(parent.kind)) structure.kind = 'method';
    // A bare member of an enum body (`A` in `enum E { A, B = 2 }`) has an identifier's type.
    if (candidate.bare && parent.kind === 'enum' && structure.kind === candidate.headerType) structure.kind = 'enum_member';
    parent.children.push(structure);
    if (parent !== root) deeper++;
    candidateStack.push(candidate);
    structureStack.push(structure);
  }
  return deeper;
}

/** Body and clause types: what `descendantsOfType(compiled.searchTypes)` finds. */
export const SEARCHED = TYPE_BODY | TYPE_CLAUSE;

/** Hears of a candidate made with the node it was made from, and whether that node's body was walked with it. */
export type Made = (candidate: Candidate, node: Node, bodyWalked: boolean) => void;

/** The node a candidate was made from, and whether its body was walked when it was made. */
export interface MadeNode {
  readonly node: Node;
  readonly walked: boolean;
}

/** Gathers structure candidates and comments from bodies (and clauses) of one tree. */
export interface Collector {
  /** In the order met (ties in the nesting order keep it). */
  readonly candidates: Candidate[];
  readonly comments: TextSpan[];
  /**
   * Every named child of a body: a candidate, an attachment of the next one, or neither.
   * `made` hears of each candidate with the node it was made from.
   */
  addBody(body: Node, made?: Made): void;
  /** A node made a structure by another collector: found again, it is not made again. */
  markMade(node: Node): void;
  /** A node `descendantsOfType` found: a clause is a candidate, a body's children are (`made` as for {@link Collector.addBody}). */
  addFound(node: Node, made?: Made): void;
  dispose(): void;
}

export function createCollector(tree: Tree, source: SourceText, compiled: CompiledStructureRules): Collector {
  const text = source.text;
  const { typeFlags, typeNames, excludedFieldIds } = compiled;
  const candidates: Candidate[] = [];
  // Clauses already made structures as the children of a body, not to be made again when found.
  const clausesInBodies = new Set<number>();
  const comments: TextSpan[] = [];
  const errorSlot = typeNames.length - 1;
  const plain = plainTypesOf(compiled);

  /**
   * A node that a grammar ends after the line break and indentation of the next line (Scala's
   * `case_clause`) ends at its last character: its lines are its own, not the next clause's.
   */
  const withoutSpill = (end: number, start: number): number => {
    let last = end;
    while (last > start && isWhitespace(text.charCodeAt(last - 1))) last--;
    return last < end && text.slice(last, end).includes('\n') ? last : end;
  };

  // One cursor steps through every body's children: per child a type id and, for the few kept,
  // offsets or a node. Cheaper than `namedChildren`, which makes a node object of every child.
  const cursor = tree.walk();
  // How deep the cursor is in ERRORs among a body's children, and whether it enters the one it is
  // on: state of the one walk at a time (defined once, not per body: a closure per body cost).
  let errorDepth = 0;
  let enterError = false;
  const step = (): boolean => {
    if (enterError) {
      enterError = false;
      if (cursor.gotoFirstChild()) {
        errorDepth++;
        return true;
      }
    }
    while (!cursor.gotoNextSibling()) {
      if (errorDepth === 0) return false;
      cursor.gotoParent();
      errorDepth--;
    }
    return true;
  };
  const addBodyChildren = (body: Node, bodyTypeId: number, made?: Made) => {
    const bodySlot = typeSlot(compiled, bodyTypeId);
    const separator = compiled.rules.separators[typeNames[bodySlot]!];
    // A clause that is also a body (`case 1: …`): its `value` and similar fields are not structures.
    const clause = (typeFlags[bodySlot]! & TYPE_CLAUSE) !== 0;
    // Comments and decorators waiting for the structure they are attached to.
    let pending = leadingComments(body);
    // The structure made from the previous child, which a trailing node extends.
    let previous: Candidate | null = null;
    // An ERROR among the children is walked as part of the body (the grammar wraps complete
    // declarations around a stray token in it, as C does around an `#if` it cannot close); in it,
    // as in a body that is itself an ERROR, only sound subtrees on lines of their own are structures.
    const bodyIsError = typeSlot(compiled, bodyTypeId) === errorSlot;
    errorDepth = 0;
    enterError = false;
    cursor.reset(body);
    for (let more = cursor.gotoFirstChild(); more; more = step()) {
      const typeId = cursor.nodeTypeId;
      const slot = typeSlot(compiled, typeId);
      if (slot === errorSlot) {
        enterError = true;
        continue;
      }
      const flags = typeFlags[slot]!;
      if ((flags & TYPE_NAMED) === 0) continue;
      if ((flags & TYPE_TRAILING) !== 0 && previous) {
        extendTo(previous, cursor.endIndex, source);
        continue;
      }
      const before = candidates.length;
      if (clause && excludedFieldIds[cursor.currentFieldId] === 1) {
        pending = [];
        continue;
      }
      if ((flags & TYPE_COMMENT) !== 0) {
        const start = cursor.startIndex;
        const end = cursor.endIndex;
        comments.push({ start, end });
        // A `#!` line belongs to the file, not to the first structure (nothing may go before it).
        if (start === 0 && text.startsWith('#!')) pending = [];
        else if (startsLine(source, start)) pending = [...pending, attachment(true, start, end)];
        else pending = [];
        continue;
      }
      if ((flags & TYPE_ATTACHED) !== 0) {
        pending = [...pending, attachment(false, cursor.startIndex, cursor.endIndex)];
        continue;
      }
      if ((flags & TYPE_SKIPPED) !== 0) {
        pending = [];
        continue;
      }
      // A plain structure (see plainTypesOf) outside errors, starting with a word character in a
      // grammar without modifiers, and that no `made` hears of, is made without a node object.
      let node: Node | null = null;
      let start: number;
      if (made === undefined && errorDepth === 0 && !bodyIsError && !compiled.hasModifiers && isPlain(plain, slot, compiled)) {
        start = cursor.startIndex;
        if (!startsWithWord(text.charCodeAt(start))) node = cursor.currentNode;
      } else {
        node = cursor.currentNode;
        start = node.startIndex;
      }
      const end = cursor.endIndex;
      // Zero-width named nodes are MISSING tokens the parser made up.
      if (start !== end && ((errorDepth === 0 && !bodyIsError) || soundWholeLines(node!, start, end))) {
        const attached = pending.length > 0 ? attachedStart(pending, lineOfOffset(source, start)) : NOTHING_ATTACHED;
        // A member's ending `;` that the grammar gives to the body (`x = 1;` in a class) is the member's.
        const terminator = separator === ';' ? /^[ \t]*;/.exec(text.slice(end, end + 40)) : null;
        const trimmed = terminator ? end : withoutSpill(end, start);
        const spilled = terminator ? [] : commentsSpilledInto(node, start, trimmed);
        const nodeEnd = terminator ? end + terminator[0].length : spilled.length > 0 ? withoutSpill(spilled[0]!.start, start) : trimmed;
        candidates.push(makeCandidate(node, typeId, attached.start ?? start, attached.decorated ?? start, start, nodeEnd, separator, source, compiled));
        if ((flags & TYPE_CLAUSE) !== 0) clausesInBodies.add(node ? node.id : cursor.nodeId);
        pending = spilled;
        previous = candidates[candidates.length - 1]!;
        made?.(previous, node!, false);
        continue;
      }
      pending = [];
      previous = candidates.length > before ? candidates[candidates.length - 1]! : null;
    }
  };

  /**
   * Comments on their own lines between a header and its body that the grammar keeps outside the
   * body (Ruby's `class A` and Python's `def f():` hold them, not the body): they lead its first
   * structure, as they would lead any other. Without this, deleting a method made the next one's
   * doc comment fall out of it, and a method put back went between that comment and its method.
   */
  const leadingComments = (body: Node): Attachment[] => {
    const before: Node[] = [];
    for (let sibling = body.previousNamedSibling; sibling && (typeFlags[typeSlot(compiled, sibling.typeId)]! & TYPE_COMMENT) !== 0; sibling = sibling.previousNamedSibling) before.unshift(sibling);
    let pending: Attachment[] = [];
    for (const comment of before) {
      const start = comment.startIndex;
      if (!startsLine(source, start)) continue;
      const end = comment.endIndex;
      comments.push({ start, end });
      // A `#!` line belongs to the file, not to the first structure (nothing may go before it).
      pending = start === 0 && text.startsWith('#!') ? [] : [...pending, attachment(true, start, end)];
    }
    return pending;
  };

  /**
   * Comments at the end of a node that stand on lines of their own at its own column or left of it:
   * the grammar ended the node after them (Scala's `def f =` with its body on the next line takes the
   * next method's doc comment into that body), but they lead whatever follows. Only looked for when
   * the node's last line starts as a comment does (`end`: where the node ends, its spill left out;
   * `node`: `null` for the cursor's).
   */
  const commentsSpilledInto = (node: Node | null, start: number, end: number): Attachment[] => {
    const lastLine = text.lastIndexOf('\n', end - 1);
    if (lastLine < start || !startsAsComment(text, lastLine + 1, Math.min(end, lastLine + 81))) return [];
    // Down the last children to the node whose children end in comments.
    let container: Node | null = node ?? cursor.currentNode;
    while (container && container.lastChild && (typeFlags[typeSlot(compiled, container.lastChild.typeId)]! & TYPE_COMMENT) === 0) container = container.lastChild;
    const trailing: Node[] = [];
    for (let child = container?.lastChild ?? null; child && (typeFlags[typeSlot(compiled, child.typeId)]! & TYPE_COMMENT) !== 0; child = child.previousSibling) trailing.unshift(child);
    const column = columnOfOffset(source, start);
    // The run of them, to the end, that starts lines at the node's column or left of it.
    let first = trailing.length;
    while (first > 0) {
      const commentStart = trailing[first - 1]!.startIndex;
      if (!startsLine(source, commentStart) || columnOfOffset(source, commentStart) > column) break;
      first--;
    }
    return trailing.slice(first).map((comment) => {
      const spilled = attachment(true, comment.startIndex, comment.endIndex);
      comments.push({ start: spilled.start, end: spilled.end });
      return spilled;
    });
  };

  /**
   * In an ERROR, what the grammar parsed whole on lines of its own (a function, a declaration), as
   * opposed to a fragment beside the stray tokens (`protected` before a member it could not place).
   */
  const soundWholeLines = (node: Node, start: number, end: number): boolean => startsLine(source, start) && endsLine(text, end) && isSoundSubtree(node);

  const attachment = (comment: boolean, start: number, end: number): Attachment => ({
    comment,
    start,
    end,
    startLine: lineOfOffset(source, start),
    endLine: lineOfOffset(source, Math.max(start, end - 1)),
  });

  const addFound = (node: Node, made?: Made) => {
    const typeId = node.typeId;
    const slot = typeSlot(compiled, typeId);
    const flags = typeFlags[slot]!;
    if ((flags & TYPE_CLAUSE) !== 0 && !clausesInBodies.has(node.id)) {
      const start = node.startIndex;
      candidates.push(makeCandidate(node, typeId, start, start, start, withoutSpill(node.endIndex, start), undefined, source, compiled));
      // (Its body, if it is one, is walked right here: `true` tells its own level not to walk it again.)
      made?.(candidates[candidates.length - 1]!, node, (flags & TYPE_BODY) !== 0);
    }
    if (holdsStructures(node, flags) && !withinExcluded(node, typeNames[slot]!)) addBodyChildren(node, typeId, made);
  };
  const withinExcluded = (node: Node, type: string): boolean => {
    const excluded = compiled.bodiesNotWithin.get(type);
    if (!excluded) return false;
    // Up to the nearest body: what lies beyond it cannot change whether this one is a body.
    for (let parent = node.parent; parent; parent = parent.parent) {
      const slot = typeSlot(compiled, parent.typeId);
      if (excluded.has(typeNames[slot]!)) return true;
      if (holdsStructures(parent, typeFlags[slot]!)) return false;
    }
    return false;
  };

  return {
    candidates,
    comments,
    addBody: (body, made) => addBodyChildren(body, body.typeId, made),
    markMade: (node) => clausesInBodies.add(node.id),
    addFound,
    dispose: () => cursor.delete(),
  };
}

/**
 * Whether `text` from `from` to `to` starts, after spaces and tabs, as a comment does: `//`, `/*`,
 * `*`, `#`, `--` or `(*`. (What `/^[ \t]*(?:\/\/|\/\*|\*|#|--|\(\*)/` tells of that slice, read in
 * place: it is asked of every structure.)
 */
function startsAsComment(text: string, from: number, to: number): boolean {
  let at = from;
  while (at < to && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++;
  if (at >= to) return false;
  const code = text.charCodeAt(at);
  if (code === 42 || code === 35) return true; // * #
  if (at + 1 >= to) return false;
  const next = text.charCodeAt(at + 1);
  return (code === 47 && (next === 47 || next === 42)) || (code === 45 && next === 45) || (code === 40 && next === 42); // // /* -- (*
}

/** What `/\s/` matches, by UTF-16 code unit. */
function isWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 5760 || (code >= 8192 && code <= 8202) || code === 8232 || code === 8233 || code === 8239 || code === 8287 || code === 12288 || code === 65279;
}

const NOTHING_ATTACHED: { start?: number; decorated?: number } = Object.freeze({});

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

/**
 * `node` may be `null` for a node of a {@link plainTypesOf plain} type whose own text starts where
 * it starts (no modifiers in the grammar, a word character first): nothing is read of it then.
 */
function makeCandidate(
  node: Node | null,
  typeId: number,
  start: number,
  decoratedStart: number,
  nodeStart: number,
  nodeEnd: number,
  separator: ',' | ';' | undefined,
  source: SourceText,
  compiled: CompiledStructureRules,
): Candidate {
  const text = source.text;
  const starts = [start, decoratedStart, nodeStart, node ? ownStart(node, text, compiled) : nodeStart];
  let header = node;
  let headerTypeId = typeId;
  for (let depth = 0; depth < 8 && header; depth++) {
    if (depth > 0) starts.push(ownStart(header, text, compiled));
    const inner = unwrap(header, compiled.typeNames[typeSlot(compiled, headerTypeId)]!, compiled);
    if (!inner) break;
    header = inner;
    headerTypeId = inner.typeId;
  }
  const headerStart = starts[starts.length - 1]!;
  const end = endBeforeLineBreaks(text, start, nodeEnd);
  const headerSlot = typeSlot(compiled, headerTypeId);
  // An expression statement's kind and name both come from its first named child: fetched once.
  const first = header && (compiled.typeFlags[headerSlot]! & TYPE_EXPRESSION_STATEMENT) !== 0 ? header.firstNamedChild : undefined;
  // (Its type id too: the kind, then the name, read it.)
  const firstTypeId = first ? first.typeId : -1;
  let kind = kindOf(headerSlot, first, firstTypeId, compiled);
  const byText = compiled.rules.kindsByText[compiled.typeNames[headerSlot]!];
  if (byText) {
    const head = text.slice(headerStart, headerStart + 200);
    kind = byText.find(([pattern]) => pattern.test(head))?.[1] ?? kind;
  }
  // A structure that is a bare identifier (`A` in `enum E { A }`, `parse` in `{ parse }`) is its own name.
  const bare = (compiled.typeFlags[headerSlot]! & TYPE_BARE) !== 0;
  // A group (`const ( A = 1; B )`) declares what its specs name, not a name of its own.
  const group = header !== null && (compiled.typeFlags[headerSlot]! & TYPE_GROUPING) !== 0 && holdsStructures(header, compiled.typeFlags[headerSlot]!);
  const startLine = lineOfOffset(source, start);
  const structure: Mutable<StructureNode> = {
    kind,
    type: compiled.typeNames[typeSlot(compiled, typeId)]!,
    // (The kinds nesting may give instead, `method` and `enum_member`, are named alike.)
    name: bare ? nameText(header!, text) : UNNAMED_KINDS.has(kind) || group ? null : nameOf(header!, first, firstTypeId, compiled, text),
    start,
    end,
    headerStart,
    matchStarts: sortedUnique(starts),
    lineRange: [startLine, lineFrom(source, Math.max(start, end - 1), startLine)],
    children: [],
  };
  if (separator) structure.separator = separator;
  return { structure, nodeStart, nodeEnd, headerType: compiled.typeNames[headerSlot]!, bare };
}

/** Extends a structure over a trailing node ending at `end` (its final line break left out). */
function extendTo(candidate: Candidate, end: number, source: SourceText): void {
  const { structure } = candidate;
  const last = endBeforeLineBreaks(source.text, structure.start, end);
  if (last <= structure.end) return;
  structure.end = last;
  structure.lineRange = [structure.lineRange[0], lineFrom(source, last - 1, structure.lineRange[0])];
  candidate.nodeEnd = Math.max(candidate.nodeEnd, end);
}

/** The distinct offsets, ascending (sorted in place: a handful, where `Array.prototype.sort` would allocate its work arrays). */
function sortedUnique(offsets: number[]): number[] {
  let kept = 0;
  for (const offset of offsets) {
    let at = kept;
    while (at > 0 && offsets[at - 1]! > offset) at--;
    if (at > 0 && offsets[at - 1] === offset) continue;
    for (let i = kept; i > at; i--) offsets[i] = offsets[i - 1]!;
    offsets[at] = offset;
    kept++;
  }
  offsets.length = kept;
  return offsets;
}

/** The declaration a wrapper (`export`, a decorated definition) holds, if `node` is one. */
function unwrap(node: Node, type: string, compiled: CompiledStructureRules): Node | null {
  const fieldIds = compiled.wrapperFieldIds.get(type);
  if (fieldIds === undefined) return null;
  if (fieldIds.length === 0) {
    for (const child of node.namedChildren) if (child && (compiled.typeFlags[typeSlot(compiled, child.typeId)]! & TYPE_LEADING) === 0) return child;
    return null;
  }
  for (const id of fieldIds) {
    const inner = id === -1 ? null : node.childForFieldId(id);
    if (inner) return inner;
  }
  return null;
}

/** `[A-Za-z0-9_$]`: no decorator, annotation, attribute or comment starts with one. */
function startsWithWord(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** Where a header's own text starts: after its leading nodes, which only a grammar with modifiers or a header not starting with a word character can have. */
function ownStart(header: Node, text: string, compiled: CompiledStructureRules): number {
  const headerNodeStart = header.startIndex;
  return compiled.hasModifiers || !startsWithWord(text.charCodeAt(headerNodeStart)) ? startAfterLeading(header, compiled) : headerNodeStart;
}

function flagsOf(node: Node, compiled: CompiledStructureRules): number {
  return compiled.typeFlags[typeSlot(compiled, node.typeId)]!;
}

/** Where a node's own text starts once its leading decorators, annotations and comments are skipped. */
function startAfterLeading(node: Node, compiled: CompiledStructureRules): number {
  const leading = TYPE_NAMED | TYPE_LEADING;
  const modifiers = TYPE_NAMED | TYPE_MODIFIERS;
  const first = node.firstChild;
  if (!first) return node.startIndex;
  const firstFlags = flagsOf(first, compiled);
  if ((firstFlags & leading) !== leading && (firstFlags & modifiers) !== modifiers) return node.startIndex;
  for (const child of node.children) {
    if (!child) continue;
    const flags = flagsOf(child, compiled);
    if ((flags & leading) === leading) continue;
    if ((flags & modifiers) === modifiers) {
      for (const modifier of child.children) {
        if (modifier && (flagsOf(modifier, compiled) & leading) !== leading) return modifier.startIndex;
      }
      continue;
    }
    return child.startIndex;
  }
  return node.startIndex;
}

/** The kind of a header of this type; `first` is an expression statement's first named child (of type `firstTypeId`). */
function kindOf(slot: number, first: Node | null | undefined, firstTypeId: number, compiled: CompiledStructureRules): string {
  if (first !== undefined) {
    if (!first) return 'statement';
    const innerSlot = typeSlot(compiled, firstTypeId);
    if ((compiled.typeFlags[innerSlot]! & TYPE_STRING) !== 0) return 'docstring';
    return cachedKind(compiled.typeNames[innerSlot]!, compiled) ?? 'expression';
  }
  const type = compiled.typeNames[slot]!;
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

/**
 * Per type slot of some compiled rules: 1 where a structure of the type needs nothing read of its
 * node but its extent (no wrapper, expression statement or bare identifier, a kind not told by
 * text and without a name), 2 where it needs more, 0 not known yet. Such a structure (a `return`,
 * an `if`) is made from the cursor's offsets without a node object.
 */
const plainTypes = new WeakMap<CompiledStructureRules, Uint8Array>();

function plainTypesOf(compiled: CompiledStructureRules): Uint8Array {
  let plain = plainTypes.get(compiled);
  if (!plain) {
    plain = new Uint8Array(compiled.typeNames.length);
    plainTypes.set(compiled, plain);
  }
  return plain;
}

function isPlain(plain: Uint8Array, slot: number, compiled: CompiledStructureRules): boolean {
  if (plain[slot] === 0) {
    const type = compiled.typeNames[slot]!;
    const flags = compiled.typeFlags[slot]!;
    const simple =
      !compiled.wrapperFieldIds.has(type) &&
      (flags & (TYPE_EXPRESSION_STATEMENT | TYPE_BARE)) === 0 &&
      !compiled.rules.kindsByText[type] &&
      UNNAMED_KINDS.has(kindOf(slot, undefined, -1, compiled));
    plain[slot] = simple ? 1 : 2;
  }
  return plain[slot] === 1;
}

/** Kinds that have no declared name, so no name lookup is spent on them. */
const UNNAMED_KINDS: ReadonlySet<string> = new Set([
  'if', 'else', 'elif', 'catch', 'finally', 'case', 'loop', 'try', 'switch', 'with', 'statement', 'docstring',
  'expression', 'preprocessor', 'export',
]);

/** The declared name of a declaration node, searching the usual fields a level or two down. */
function nameOf(node: Node, nodeFirst: Node | null | undefined, nodeFirstTypeId: number, compiled: CompiledStructureRules, text: string): string | null {
  const fieldIds = compiled.nameFieldIds;
  let current: Node | null = node;
  // The type id of `current` where already read (a declarator's), else -1: each read is a WASM call.
  let currentTypeId = -1;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current !== node && isNameLike(current, currentTypeId, compiled)) return nameText(current, text);
    let next: Node | null = null;
    let nextTypeId = -1;
    for (const id of fieldIds) {
      next = current.childForFieldId(id);
      if (next) break;
    }
    if (!next) {
      // Declarations wrapping declarators without a field: `const a = 1`, `var a int`, `x = 1`.
      const first: Node | null = current === node && nodeFirst !== undefined ? nodeFirst : current.firstNamedChild;
      if (first) {
        const firstTypeId = first === nodeFirst ? nodeFirstTypeId : first.typeId;
        if ((compiled.typeFlags[typeSlot(compiled, firstTypeId)]! & TYPE_DECLARATOR) !== 0) {
          next = first;
          nextTypeId = firstTypeId;
        }
      }
    }
    current = next;
    currentTypeId = nextTypeId;
  }
  return current && isNameLike(current, currentTypeId, compiled) ? nameText(current, text) : null;
}

/** {@link lineOfOffset} of an offset known to be on `line` or after it: a gallop from there, as most structures span few lines. */
function lineFrom(source: SourceText, offset: number, line: number): number {
  const starts = source.lineStarts;
  let lo = line - 1;
  let step = 1;
  while (lo + step < starts.length && starts[lo + step]! <= offset) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, starts.length) - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** A node's text, as a name: `text` is the tree's own text, so a slice of it is `node.text`. */
function nameText(node: Node, text: string): string {
  const start = node.startIndex;
  const end = node.endIndex;
  // Only the first line makes the name (clipName): a node of many lines is not sliced whole.
  let lineEnd = start;
  while (lineEnd < end && text.charCodeAt(lineEnd) !== 10) lineEnd++;
  const name = clipName(text.slice(start, lineEnd));
  // JSON keys and quoted names read better without their quotes.
  return /^(["'`]).*\1$/.test(name) && name.length >= 2 ? name.slice(1, -1) : name;
}

/** `typeId`: the node's, or -1 if not read yet. */
function isNameLike(node: Node, typeId: number, compiled: CompiledStructureRules): boolean {
  return (compiled.typeFlags[typeSlot(compiled, typeId >= 0 ? typeId : node.typeId)]! & TYPE_NAME_LIKE) !== 0 || node.childCount === 0;
}
