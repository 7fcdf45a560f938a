import type { LineRange } from '../errors.js';
import type { SourceText } from '../text/source-text.js';

/**
 * One structure: a class, a method, an `if`, a Markdown section, a list item… The same shape for
 * every language. Offsets are UTF-16 code-unit offsets into {@link SourceText.text} (what
 * `String.prototype.slice` takes); `end` is exclusive.
 */
export interface StructureNode {
  /**
   * What it is, from a small vocabulary where one fits (`class`, `function`, `method`, `if`,
   * `section`, `list_item`, …), else the grammar's node type.
   */
  readonly kind: string;
  /** The grammar's node type (`function_definition`) or Markdown node type (`heading`). */
  readonly type: string;
  /** The declared name, where there is one. */
  readonly name: string | null;
  /** Where the structure starts, including its attached doc comment, decorators and annotations. */
  readonly start: number;
  /** Where it ends (exclusive). */
  readonly end: number;
  /** Where the declaration itself starts: after decorators, doc comments and wrappers like `export`. */
  readonly headerStart: number;
  /**
   * The offsets its match texts start at, outermost first: `start`, then each wrapper, then
   * `headerStart`. A target line names the structure when one of these texts starts with it.
   */
  readonly matchStarts: readonly number[];
  /** Line range, 1-based and inclusive. */
  readonly lineRange: LineRange;
  /** Structures whose nearest enclosing structure this is, in source order. */
  readonly children: StructureNode[];
  /**
   * What separates it from its siblings when its body is a separated list: `,` (object literal
   * entries, enum members) or `;` (class and interface members in TypeScript/JavaScript, whose
   * ending `;` is then part of the structure). Absent for statements and everything else.
   */
  readonly separator?: ',' | ';';
}

/** A syntax error node found by the parser. */
export interface SyntaxErrorNode {
  /** `ERROR`: unparseable text; `MISSING`: a token the parser assumed. */
  readonly kind: 'ERROR' | 'MISSING';
  /** Start offset. */
  readonly start: number;
  /** End offset (exclusive); equals `start` for a missing token. */
  readonly end: number;
  /** For `MISSING`: the missing token. */
  readonly missing?: string;
}

/** A span of source text: `start` inclusive, `end` exclusive, offsets into {@link SourceText.text}. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** The structures of one file. */
export interface StructureTree {
  /** The file's text. */
  readonly source: SourceText;
  /** The language id it was parsed as. */
  readonly language: string;
  /** The file itself (kind `file`, target `""`); its children are the top-level structures. */
  readonly root: StructureNode;
  /** Syntax errors, in source order. */
  readonly syntaxErrors: readonly SyntaxErrorNode[];
  /**
   * Every comment that sits directly in a body (attached to a structure or not), in source order.
   * Comments are not structures; readers use these to tell comment lines from other lines.
   */
  readonly comments: readonly TextSpan[];
}
