import type { CollapsedSegment, FileSkeleton, LineRange, RangeRead, ReadFileResult, ReadSegment, SkeletonEntry, SkeletonSymbol, SymbolStub, TargetRead } from 'structedit';

/**
 * `file_read`'s text (docs/file-read.md): a header naming the file, then the content of the mode
 * answering: the whole file, the skeleton, a range with symbols as stubs, or the structures a
 * target names.
 */

/**
 * The text of a `readFile` result, as the `file_read` tool answers it (without its warnings, which
 * the tool appends): `## file_read: <path>`, a line saying it was read as plain text when it was,
 * then the mode's content. Every fact in it is also in the result as data.
 *
 * @example
 * ```ts
 * const result = await editor.readFile({ path: 'shop.py', startLine: 1, endLine: 12 });
 * if (result.isOk()) console.log(fileReadText(result.value));
 * ```
 */
export function fileReadText(result: ReadFileResult): string {
  const plain = result.plain_text_reason === undefined ? '' : `\n\n(read as plain text: ${result.plain_text_reason})`;
  const header = `## file_read: ${result.path}${plain}\n\n`;
  switch (result.mode) {
    case 'file':
      return `${header}**Whole file** (${result.total_lines} lines)\n\n${result.content}`;
    case 'skeleton':
      return header + skeletonText(result.total_lines, result.skeleton);
    case 'range':
      return header + rangeText(result);
    case 'target':
      return header + targetText(result);
  }
}

/** `line 5` or `lines 5-8`. */
function describeLines(range: LineRange): string {
  return range[0] === range[1] ? `line ${range[0]}` : `lines ${range[0]}-${range[1]}`;
}

function rangeText(result: RangeRead): string {
  const shown = result.line_range_inclusive;
  const asked = result.requested_range;
  if (shown === null || asked === null) return '**Range:** (empty file)';
  const widened = shown[0] !== asked[0] || shown[1] !== asked[1] ? ` (asked for ${asked[0]}-${asked[1]}; widened to whole blocks)` : '';
  return `**Range:** ${describeLines(shown)} of ${result.total_lines}${widened}\n\n${segmentsText(result.segments)}`;
}

function targetText(result: TargetRead): string {
  const { matches } = result;
  const parts = matches.map((match, index) => {
    const title = match.target === '' ? `the whole file (${describeLines(match.line_range_inclusive)})` : `${match.label} (${match.kind}, ${describeLines(match.line_range_inclusive)})`;
    const stubbed = match.segments.some((segment) => segment.type === 'stub') ? '; nested definitions as stubs, recursive: true shows them in full' : '';
    return `${matches.length > 1 ? `**Match ${index + 1} of ${matches.length}:** ` : '**Structure:** '}${title}${stubbed}\n\n${segmentsText(match.segments)}`;
  });
  const title = `**Target:** ${JSON.stringify(result.target)}${matches.length > 1 ? ` names ${matches.length} structures` : ''}`;
  return `${title}\n\n${parts.join('\n\n')}`;
}

/** Assembles the text of segments; a stub always has a blank line above and below it, never two. */
class SegmentText {
  readonly #lines: string[] = [];
  #blankPending = false;

  source(text: string): void {
    for (const line of text.split('\n')) this.#line(line);
  }

  marker(line: string): void {
    this.#line(line);
  }

  stub(lines: readonly string[]): void {
    const last = this.#lines[this.#lines.length - 1];
    if (last !== undefined && last.trim() !== '') this.#lines.push('');
    this.#lines.push(...lines);
    this.#blankPending = true;
  }

  #line(line: string): void {
    if (this.#blankPending) {
      this.#blankPending = false;
      this.#lines.push('');
      if (line.trim() === '') return;
    }
    this.#lines.push(line);
  }

  toString(): string {
    return this.#lines.join('\n');
  }
}

/** Source lines as they are, stubs with a blank line around them, collapsed blocks as one marker line. */
function segmentsText(segments: readonly ReadSegment[]): string {
  const text = new SegmentText();
  for (const segment of segments) {
    if (segment.type === 'source') text.source(segment.text);
    else if (segment.type === 'stub') text.stub(stubLines(segment, segment.indent));
    else text.marker(`${segment.indent}${collapsedMarker(segment)}`);
  }
  return text.toString();
}

/** A stub, each line indented by `indent`: a marker line naming the symbol, and how to read it. */
function stubLines(stub: SymbolStub, indent: string): string[] {
  const title = `${indent}--- symbol: ${stub.label} (${stub.kind}, ${describeLines(stub.line_range_inclusive)}) ---`;
  if (stub.target !== null) return [title, `${indent}Use { target: ${JSON.stringify(stub.target)} } to read this symbol`];
  if (stub.shared_target !== undefined) {
    return [title, `${indent}No target names it alone (${stub.target_unavailable}); { target: ${JSON.stringify(stub.shared_target)} } reads it together with those`];
  }
  return [title, `${indent}No target names it: ${stub.target_unavailable ?? 'it has no text to name it by'}`];
}

const PLURALS: Readonly<Record<string, string>> = { import: 'imports', export: 'exports', directive: 'directives' };

/** `--- imports (3 items, lines 1-3) ---`, `--- comment (line 29) ---`. */
function collapsedMarker(segment: CollapsedSegment): string {
  const plural = PLURALS[segment.category];
  if (plural !== undefined && segment.items > 1) return `--- ${plural} (${segment.items} items, ${describeLines(segment.line_range_inclusive)}) ---`;
  return `--- ${segment.category} (${describeLines(segment.line_range_inclusive)}) ---`;
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

function skeletonText(totalLines: number, skeleton: FileSkeleton): string {
  const summary = [
    count(skeleton.symbols.length, 'symbol'),
    skeleton.imports.length > 0 ? count(skeleton.imports.length, 'import') : '',
    skeleton.exports.length > 0 ? count(skeleton.exports.length, 'export') : '',
    skeleton.directives.length > 0 ? count(skeleton.directives.length, 'directive') : '',
    skeleton.comments.length > 0 ? count(skeleton.comments.length, 'comment block') : '',
    skeleton.text.length > 0 ? count(skeleton.text.length, 'text block') : '',
  ].filter((part) => part !== '');
  const sections: string[] = [`**Skeleton** (${count(totalLines, 'line')}: ${summary.join(', ')})`];
  const entries = (title: string, list: readonly SkeletonEntry[], withKind: boolean) => {
    if (list.length === 0) return;
    sections.push([`**${title} (${list.length}):**`, ...list.map((entry) => `  [${rangeLabel(entry.line_range_inclusive)}] ${withKind ? `${entry.kind}: ` : ''}${entry.text}`)].join('\n'));
  };
  entries('Directives', skeleton.directives, false);
  entries('Imports', skeleton.imports, false);
  entries('Exports', skeleton.exports, false);
  entries('Comments', skeleton.comments, false);
  entries('Text', skeleton.text, true);
  if (skeleton.symbols.length > 0) {
    const lines: string[] = [`**Symbols (${skeleton.symbols.length}):** → target line (nested: after its parents' lines)`];
    const walk = (symbols: readonly SkeletonSymbol[], indent: string, parentTarget: string | null) => {
      for (const symbol of symbols) {
        lines.push(`${indent}[${rangeLabel(symbol.line_range_inclusive)}] ${symbol.kind}: ${symbol.label} ${readHint(symbol, parentTarget)}`);
        walk(symbol.children, `${indent}  `, symbol.target);
      }
    };
    walk(skeleton.symbols, '  ', '');
    sections.push(lines.join('\n'));
  }
  if (skeleton.gaps.length > 0) {
    const lines = ['**Gaps:**'];
    const blank = skeleton.gaps.filter((gap) => gap.blank).map((gap) => rangeLabel(gap.line_range_inclusive));
    if (blank.length > 0) lines.push(`  blank: ${blank.join(', ')}`);
    for (const gap of skeleton.gaps) {
      if (gap.blank) continue;
      gap.text.split('\n').forEach((line, i) => lines.push(`  [${gap.line_range_inclusive[0] + i}] ${line}`));
    }
    sections.push(lines.join('\n'));
  }
  return sections.join('\n\n');
}

function rangeLabel(range: LineRange): string {
  return range[0] === range[1] ? `${range[0]}` : `${range[0]}-${range[1]}`;
}

/**
 * How the skeleton says to read a symbol: its own target line when its target is its parent's
 * plus that line (the usual case, and much shorter), else its whole target.
 */
function readHint(symbol: SkeletonSymbol, parentTarget: string | null): string {
  if (symbol.target !== null) {
    const prefix = parentTarget === '' ? '' : `${parentTarget}\n`;
    const own = parentTarget !== null && symbol.target.startsWith(prefix) ? symbol.target.slice(prefix.length) : null;
    return own !== null && !own.includes('\n') ? `→ ${JSON.stringify(own)}` : `→ { target: ${JSON.stringify(symbol.target)} }`;
  }
  if (symbol.shared_target !== undefined) return `→ { target: ${JSON.stringify(symbol.shared_target)} } (shared with other structures: ${symbol.target_unavailable})`;
  return `(no target: ${symbol.target_unavailable ?? 'it has no text to name it by'}; ${describeLines(symbol.line_range_inclusive)})`;
}
