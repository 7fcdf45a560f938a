import type { Node } from 'web-tree-sitter';
import type { ParseErrorInfo } from '../errors.js';
import type { LayoutRules, ResolvedProfile } from '../languages/profile.js';
import { nodesOverlapping } from '../languages/profiles/generic.js';
import { describeSyntaxError } from '../structure/syntax-errors.js';
import type { TextSpan } from '../structure/types.js';
import { changedRegions } from '../text/changed-regions.js';
import type { SourceText } from '../text/source-text.js';

/**
 * What a text's grammar parses without an error and its language rejects, as syntax errors with the
 * compiler's reason: blocks with no statement where one is needed (Python), functions with a result
 * that run off their end (Go, Java, Rust), imports, variables and labels never used (Go), a `try`
 * without its handler (Python, JavaScript), a second declaration of a name (Go, Java, Rust,
 * JavaScript), two parameters of one name (most languages). The edit check compares these apart, as
 * it compares syntax errors (`addedErrors`): an edit that leaves one more adds an error. Empty for a
 * language with no such rule. Only what overlaps one of the spans `within` (what an edit changed,
 * {@link changedSpans}) is looked at where a rule can tell (imports are the file's).
 */
export function languageErrors(profile: ResolvedProfile, source: SourceText, root: Node, within: readonly TextSpan[] = [{ start: 0, end: source.text.length }]): ParseErrorInfo[] {
  const { emptyBody } = profile.layout;
  const compiler = profile.compiler;
  return [
    ...(emptyBody ? emptyBlockErrors(emptyBody, source, root, within) : []),
    ...(compiler?.unterminatedBodies ? missingReturnErrors(compiler.unterminatedBodies(root, within), source) : []),
    ...[...(compiler?.unusedNames?.(root, within) ?? []), ...(compiler?.incompleteStatements?.(root, within) ?? []), ...(compiler?.duplicateDeclarations?.(root, within) ?? [])].map(({ node, reason }) => ({ ...describeSyntaxError(source, { kind: 'ERROR', start: node.startIndex, end: node.endIndex }), reason })),
  ];
}

/** A changed middle up to this many characters is looked at as one span (cutting it at the lines it shares costs more). */
const ONE_SPAN_UP_TO = 20_000;

/**
 * The spans of two versions of a text that differ (common start and end aside; edits spread over a
 * large file, each apart), each widened to the nearest code lines: what {@link languageErrors} need look
 * at in each, functions elsewhere being the same in both. `[]` when the two are the same.
 */
export function changedSpans(before: string, after: string, oneSpanUpTo = ONE_SPAN_UP_TO): Array<{ before: TextSpan; after: TextSpan }> {
  return changedRegions(before, after, oneSpanUpTo).map((region) => ({ before: widened(before, region.before.start, region.before.end), after: widened(after, region.after.start, region.after.end) }));
}

/**
 * A changed span with the nearest line holding code before and after it: a statement that ends just
 * above a deletion (`try:` whose `except:` went, `def f():` whose body is left a comment) or starts
 * just below it is what the change made. Blank lines and lines that start as a comment does in most
 * languages are passed over (a line taken for a comment that is not one only widens the span).
 */
function widened(text: string, start: number, end: number): TextSpan {
  // (`lastIndexOf` from -1 looks at offset 0: a text starting with a line break would give 1 for 0, and the loop below would not end.)
  const lineStartAt = (at: number) => (at <= 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1);
  const lineEndAt = (at: number) => (text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at));
  const blank = (lineStart: number) => NO_CODE.test(text.slice(lineStart, lineEndAt(lineStart)));
  let from = lineStartAt(start);
  do from = from === 0 ? 0 : lineStartAt(from - 1);
  while (from > 0 && blank(from));
  let to = lineEndAt(end);
  do to = to >= text.length ? text.length : lineEndAt(to + 1);
  while (to < text.length && blank(lineStartAt(to)));
  return { start: Math.min(from, start), end: Math.max(to, end) };
}

/** A line with no code on it: blank, or starting a comment (`#`, `//`, `/*`, `*`, `--`, `;`, `%`, `<!--`, `(*`). */
const NO_CODE = /^\s*(?:$|#|\/\/|\/\*|\*|--|;|%|<!--|\(\*)/;

/**
 * Whether {@link languageErrors} can find anything new after an edit that changed `changed` (the
 * text of its changed spans, before and after; `null`: a new file): the language has such rules,
 * and the edit touches what they look at.
 */
export function mayAddLanguageErrors(profile: ResolvedProfile, changed: readonly string[] | null): boolean {
  if (profile.layout.emptyBody !== null) return true;
  const touches = profile.compiler?.touches;
  return profile.compiler !== null && (changed === null || touches === undefined || changed.some((text) => touches.test(text)));
}

/**
 * The blocks of a text that hold no statement where the language needs one (Python: `def f():` with
 * nothing under it), as `MISSING` the profile's filler (`pass`) at the block.
 */
function emptyBlockErrors(emptyBody: NonNullable<LayoutRules['emptyBody']>, source: SourceText, root: Node, within: readonly TextSpan[]): ParseErrorInfo[] {
  const errors: ParseErrorInfo[] = [];
  for (const node of nodesOverlapping(root, within, [emptyBody.block])) {
    // (Most blocks start with a statement: one call tells them apart. Comments are no statements.)
    const first = node.firstNamedChild;
    if (first === null || (/comment/.test(first.type) && node.namedChildren.every((child) => child === null || /comment/.test(child.type)))) {
      const error = describeSyntaxError(source, { kind: 'MISSING', start: node.startIndex, end: node.startIndex, missing: emptyBody.text });
      // (A `match` left without a `case` wants a case, not the filler.)
      errors.push(node.parent?.type === 'match_statement' ? { ...error, reason: 'match without a case' } : error);
    }
  }
  return errors;
}

/**
 * The bodies of functions with a result that can run off their end, as `MISSING` `return` at the
 * body's last character (its `}`, where compilers report it). Compared by that line's text, an edit
 * of the function's header (a rename, a parameter) leaves a body the rules misjudge as it was.
 */
function missingReturnErrors(bodies: readonly Node[], source: SourceText): ParseErrorInfo[] {
  return bodies.map((body) => ({ ...describeSyntaxError(source, { kind: 'MISSING', start: body.endIndex - 1, end: body.endIndex, missing: 'return' }), reason: 'missing return' }));
}

/** Whether an error's reason is a second declaration of a name (what a rename's own `CONFLICT` says better). */
export function isRedeclaration(error: ParseErrorInfo): boolean {
  return error.reason !== undefined && (REDECLARED.test(error.reason) || REPEATED_PARAMETER.test(error.reason));
}

const REDECLARED = /redeclared|defined multiple times|already (?:been )?(?:defined|declared)/;
/** Two parameters of one name, as each compiler says it. */
const REPEATED_PARAMETER = /^duplicated? (?:argument|parameter)|^Duplicate (?:identifier|parameter name)|bound more than once in this parameter list|^(?:variable|record component) \S+ is already defined|^redefinition of parameter/;

/** How to correct an edit that leaves the errors {@link languageErrors} finds, from their reasons: one clause per kind found. */
export function languageErrorAdvice(errors: readonly ParseErrorInfo[]): string {
  const reasons = errors.flatMap((error) => (error.reason ? [error.reason] : []));
  const advice = [
    [/not used/, 'remove in the same edit what it leaves unused'],
    [/missing return/, 'keep a function with a result ending in a return'],
    [REPEATED_PARAMETER, 'give each parameter of a function its own name'],
    [REDECLARED, 'change the declaration that exists (replace it) rather than adding a second one'],
    [/^try /, 'keep a handler (except/catch) or a finally'],
    [/^match without/, 'keep at least one case'],
    [/init expr/, "give each constant a value: a group's first spec and a spec with a type need their own, one per name; a spec without values repeats the last one's"],
  ] as const;
  // (Each reason gets the first advice that fits it: a repeated parameter is no declaration to replace.)
  const fitting = new Set(reasons.map((reason) => advice.find(([pattern]) => pattern.test(reason))?.[1]));
  return advice.flatMap(([, text]) => (fitting.has(text) ? [text] : [])).join('; ');
}
