/*
 * A structure tree built along what is read: the top level at once, the structures directly inside
 * a structure when its children are first read, the rest in one walk when much is read.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { LineRange } from '../errors.js';
import type { SourceText } from '../text/source-text.js';
import { type Candidate, type Collector, createCollector, type Made, type MadeNode, makeRoot, nestCandidates, SEARCHED } from './collector.js';
import { type CompiledStructureRules, typeSlot } from './compile.js';
import { collectSyntaxErrors } from './syntax-errors.js';
import type { StructureNode, StructureTree, TextSpan } from './types.js';


/**
 * The top level now, and the structures directly inside each structure when its `children` are
 * first read: found in its own node as the whole build finds them in the file (the bodies and
 * clauses inside it, but those inside one of them), so the tree read is the one
 * {@link buildTreeSitterStructure} builds whole. Where a level cannot promise that (two of its
 * structures nest, as a clause that is also a body and its first statement, whose doc comment can
 * start above the clause, or one ends before its node, so what is inside could end past it), everything
 * inside the structure is built at once, as the whole build would; at the top level the file is
 * then built whole (`null`), as it is when a top-level node that is no structure holds a body.
 */
export function buildLazily(tree: Tree, source: SourceText, languageId: string, compiled: CompiledStructureRules, reparse?: Reparse): StructureTree | null {
  /** The syntax tree the unbuilt structures are built from; `null` once detached from it ({@link detachStructureTree}). */
  let syntax: Tree | null = tree;
  const { typeFlags } = compiled;
  const types = compiled.searchTypes as string[];
  const comments: TextSpan[] = [];
  /** Structures whose children are not built yet, with their nodes. */
  const unbuilt = new Map<LazyStructure, MadeNode>();
  /** Once detached: where the node of each structure not built yet was, to find it in a parse of the same text. */
  const detached = new Map<LazyStructure, NodeAt>();
  let levelsBuilt = 0;

  /**
   * The candidates `collect` makes, nested one flat level under `parent` (`children`, its array),
   * each a {@link LazyStructure} in turn; `false` where they are not one flat level.
   */
  const level = (parent: StructureNode, children: StructureNode[], collect: (collector: Collector, made: Made) => void): boolean => {
    const collector = createCollector(syntax!, source, compiled);
    const nodes = new Map<StructureNode, MadeNode>();
    try {
      collect(collector, (candidate, node, walked) => nodes.set(candidate.structure, { node, walked }));
    } finally {
      collector.dispose();
    }
    for (const candidate of collector.candidates) {
      const made = nodes.get(candidate.structure);
      if (made && source.text.slice(candidate.nodeEnd, made.node.endIndex).trim() !== '') return false;
    }
    if (nestCandidates(collector.candidates, parent) > 0) return false;
    for (let i = 0; i < children.length; i++) {
      const made = nodes.get(children[i]!)!;
      const lazy = new LazyStructure(children[i]!, expand);
      unbuilt.set(lazy, made);
      children[i] = lazy;
    }
    comments.push(...collector.comments);
    return true;
  };

  /** Everything inside a structure at once, as the whole build nests it. */
  const everything = (structure: StructureNode, made: MadeNode) => buildInside([[structure, made]], made.node);

  /** The structures directly inside a structure, each built lazily in turn; `false` where they are not one flat level. */
  const directly = (structure: StructureNode, children: StructureNode[], { node, walked }: MadeNode): boolean =>
    level(structure, children, (collector, made) => {
      collector.markMade(node);
      // The bodies and clauses in the node, in the order `descendantsOfType` gives them, but those
      // inside a structure made on the way (they are its to build): a cursor walk that steps over
      // each such structure's node, so a level costs its own nodes, not the whole subtree.
      const madeIds = new Set<number>();
      const record: Made = (candidate, madeNode, bodyWalked) => {
        made(candidate, madeNode, bodyWalked);
        madeIds.add(madeNode.id);
      };
      const walker = node.walk();
      try {
        let depth = 0;
        for (;;) {
          let descend = true;
          if (depth > 0 && madeIds.has(walker.nodeId)) descend = false;
          else if ((typeFlags[typeSlot(compiled, walker.nodeTypeId)]! & SEARCHED) !== 0 && !(depth === 0 && walked)) {
            // (A clause that is a body had that body walked where it was made.)
            collector.addFound(walker.currentNode, record);
            // A clause made just now is a structure of this level: what is inside it is its own.
            if (depth > 0 && madeIds.has(walker.nodeId)) descend = false;
          }
          if (descend && walker.gotoFirstChild()) {
            depth++;
            continue;
          }
          while (depth > 0 && !walker.gotoNextSibling()) {
            walker.gotoParent();
            depth--;
          }
          if (depth === 0) break;
        }
      } finally {
        walker.delete();
      }
    });

  /**
   * Builds what is inside each of `entries` (structures none of which holds another) at once, as
   * the whole build makes it: one walk from `from` (a node holding them all), each body or clause
   * given to the structure whose node holds it.
   */
  const buildInside = (entries: ReadonlyArray<readonly [StructureNode, MadeNode]>, from: Node) => {
    const pending = [...entries].sort(([, a], [, b]) => a.node.startIndex - b.node.startIndex);
    const starts = pending.map(([, made]) => made.node.startIndex);
    const holder = (offset: number): number => {
      let low = 0;
      let high = starts.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (starts[middle]! <= offset) low = middle + 1;
        else high = middle;
      }
      return low - 1;
    };
    // A clause that is a body had that body walked where it was made.
    const walkedIds = new Set<number>();
    const collector = createCollector(syntax!, source, compiled);
    const rootId = syntax!.rootNode.id;
    try {
      for (const [, made] of pending) {
        collector.markMade(made.node);
        if (made.walked) walkedIds.add(made.node.id);
      }
      for (const found of from.descendantsOfType(types)) {
        if (!found || walkedIds.has(found.id)) continue;
        const at = holder(found.startIndex);
        if (at < 0 || found.id === rootId) continue;
        const { node } = pending[at]![1];
        if (found.endIndex > node.endIndex) continue;
        // A node of the same extent may wrap the structure's node (a block starts and ends with its one statement).
        if (found.startIndex === node.startIndex && found.endIndex === node.endIndex && found.id !== node.id && wraps(found, node)) continue;
        collector.addFound(found);
      }
    } finally {
      collector.dispose();
    }
    const groups = pending.map((): Candidate[] => []);
    for (const candidate of collector.candidates) groups[holder(candidate.nodeStart)]!.push(candidate);
    groups.forEach((group, at) => nestCandidates(group, pending[at]![0]));
    comments.push(...collector.comments);
  };

  /** Builds what is inside every structure not built yet (what a listing or a whole-file rule reads), in one walk of the file. */
  const completeAll = () => {
    if (detached.size > 0) {
      completeDetached();
      return;
    }
    if (unbuilt.size === 0) return;
    const pending = [...unbuilt];
    unbuilt.clear();
    buildInside(pending, syntax!.rootNode);
  };

  /**
   * Lets the syntax tree go without building what was not read (`false`: it must be completed
   * first, as without `reparse`). Where the node of each unbuilt structure is gets noted, so that
   * a read of one later builds them all from a parse of the same text: the tree was parsed fresh
   * and without errors, so that parse is the same tree.
   */
  const detach = (): boolean => {
    if (unbuilt.size === 0) return true;
    if (!reparse) return false;
    for (const [structure, { node, walked }] of unbuilt) detached.set(structure, { start: node.startIndex, end: node.endIndex, typeId: node.typeId, walked });
    unbuilt.clear();
    syntax = null;
    return true;
  };

  /** Builds every structure not built yet of a detached tree, from a fresh parse deleted afterwards. */
  const completeDetached = () => {
    const fresh = reparse!();
    try {
      if (fresh.rootNode.hasError) throw new Error(`a parse of the same ${languageId} text has syntax errors the first one did not have`);
      const pending = [...detached].map(([structure, at]): [LazyStructure, MadeNode] => [structure, { node: nodeAt(fresh.rootNode, at, languageId), walked: at.walked }]);
      detached.clear();
      syntax = fresh;
      buildInside(pending, fresh.rootNode);
    } finally {
      syntax = null;
      fresh.delete();
    }
  };

  /** The children of `structure` (its `children` array, empty), read for the first time. */
  function expand(structure: LazyStructure, children: StructureNode[]): void {
    if (detached.has(structure)) {
      completeAll();
      return;
    }
    const made = unbuilt.get(structure);
    if (!made) return;
    // A read goes down one path; past a few levels something reads the whole tree: built at once.
    if (++levelsBuilt > LAZY_LEVELS) {
      completeAll();
      return;
    }
    unbuilt.delete(structure);
    if (!directly(structure, children, made)) {
      children.length = 0;
      everything(structure, made);
    }
  }

  const root = makeRoot(source);
  const madeIds = new Set<number>();
  const topLevel = level(root, root.children, (collector, made) =>
    collector.addBody(tree.rootNode, (candidate, node, walked) => {
      madeIds.add(node.id);
      made(candidate, node, walked);
    }),
  );
  if (!topLevel) return null;
  for (const child of tree.rootNode.namedChildren) {
    if (child && !madeIds.has(child.id) && child.descendantsOfType(types).length > 0) return null;
  }
  let sorted = false;
  const built: StructureTree = {
    source,
    language: languageId,
    root,
    syntaxErrors: collectSyntaxErrors(tree),
    get comments(): readonly TextSpan[] {
      completeAll();
      if (!sorted) {
        comments.sort((a, b) => a.start - b.start);
        sorted = true;
      }
      return comments;
    },
  };
  // Not enumerable: a copy or a serialization of the tree sees what a whole build has.
  Object.defineProperty(built, DETACH, { value: detach });
  return built;
}

/** Parses the text a lazily built tree was built from again, as a new tree (the builder deletes it once it has read it). */
export type Reparse = () => Tree;

/** Where a node was: its extent and type (and whether its body was walked where it was made). */
interface NodeAt {
  readonly start: number;
  readonly end: number;
  readonly typeId: number;
  readonly walked: boolean;
}

/** The node of the same extent and type in another parse of the same text. */
function nodeAt(root: Node, at: NodeAt, languageId: string): Node {
  // The deepest node spanning the extent, then up through the nodes of that same extent.
  for (let node: Node | null = root.descendantForIndex(at.start, at.end); node && node.startIndex === at.start && node.endIndex === at.end; node = node.parent) {
    if (node.typeId === at.typeId) return node;
  }
  throw new Error(`a parse of the same ${languageId} text has no node where a structure's node was (${at.start}-${at.end})`);
}

const DETACH = Symbol('detach');

/**
 * Lets a structure tree go of the syntax tree it was built from, which may then be deleted:
 * `true` for a tree built whole or complete, and for a lazily built one that can parse its text
 * again when something reads a structure not built yet; `false` when it must be completed first
 * ({@link completeStructureTree}).
 */
export function detachStructureTree(structure: StructureTree): boolean {
  const detach = (structure as { [DETACH]?: () => boolean })[DETACH];
  return detach ? detach() : true;
}

/** Whether `outer` is an ancestor of `inner` (of the same extent: only their parents are looked at). */
function wraps(outer: Node, inner: Node): boolean {
  for (let parent = inner.parent; parent && parent.startIndex === inner.startIndex && parent.endIndex === inner.endIndex; parent = parent.parent) {
    if (parent.id === outer.id) return true;
  }
  return false;
}

/** Levels a lazily built tree builds one at a time before it builds the rest at once. */
const LAZY_LEVELS = 8;

/**
 * A structure of a lazily built tree: its fields as made, its `children` built on first read (by
 * `expand`, into the array it is given). One class, so that every such structure has one shape;
 * `children` is an own property, so spreads and serializations see it as they see a built one's.
 */
class LazyStructure implements StructureNode {
  readonly kind: string;
  readonly type: string;
  readonly name: string | null;
  readonly start: number;
  readonly end: number;
  readonly headerStart: number;
  readonly matchStarts: readonly number[];
  readonly lineRange: LineRange;
  declare readonly separator?: ',' | ';';
  declare readonly children: StructureNode[];

  constructor(made: StructureNode, expand: (structure: LazyStructure, children: StructureNode[]) => void) {
    this.kind = made.kind;
    this.type = made.type;
    this.name = made.name;
    this.start = made.start;
    this.end = made.end;
    this.headerStart = made.headerStart;
    this.matchStarts = made.matchStarts;
    this.lineRange = made.lineRange;
    let children: StructureNode[] | null = null;
    Object.defineProperty(this, 'children', {
      enumerable: true,
      get: (): StructureNode[] => {
        if (children) return children;
        children = [];
        expand(this, children);
        return children;
      },
    });
    if (made.separator) Object.defineProperty(this, 'separator', { value: made.separator, enumerable: true });
  }
}
