import type { FindStructuresResult } from 'structedit';
import { findStructuresArgsSchema, type FindStructuresArgs } from '../../core/arguments/discovery.js';
import { count, type ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
import { ANNOTATIONS } from '../annotations.js';

/** `find_structures`: structures across the project by name, kind and text. */
export const findStructuresTool: ToolSpec<FindStructuresArgs, FindStructuresResult> = {
  name: 'find_structures',
  annotations: ANNOTATIONS.find_structures,
  description: [
    'Find functions, classes, methods, Markdown sections… across the project without knowing which file they are in.',
    'Filters (all given must match): name (whole name, exact or with * and ? wildcards), name_regex, kind (as list_structures reports it, one or a list), text (literal text inside the structure), text_regex.',
    'paths chooses the files by glob ("src/**/*.ts", a folder such as "src", "!**/*.test.ts" to leave some out); default: every file structedit can parse. Files that .gitignore or .structeditignore ignore are never searched.',
    'Each match has its path, line range, kind, name and target: pass path and target to read_structure or any edit tool.',
    'Results are sorted by path then line, at most max_results (default 100; the rest is counted).',
    'Example: {"name": "validate*", "kind": ["function", "method"], "paths": ["src/**/*.py"]}',
  ].join(' '),
  schema: findStructuresArgsSchema,
  run: (editor, args) => editor.findStructures(args),
  render: (value) => {
    const first = value.total_matches - value.truncated - value.matches.length + 1;
    const shown = first === 1 ? `the first ${value.matches.length}` : `matches ${first}-${first + value.matches.length - 1}`;
    const summary = `${value.total_matches} match${value.total_matches === 1 ? '' : 'es'} in ${count(value.files_scanned, 'file')} searched${value.matches.length < value.total_matches ? `; showing ${shown}${value.truncated > 0 ? ` (${value.truncated} more: narrow the filters, or page on with "offset": ${value.total_matches - value.truncated})` : ''}` : ''}.`;
    const found = value.matches.map(
      (match) => `${match.path}:${match.line_range_inclusive.join('-')} ${match.kind}${match.name ? ` ${match.name}` : ''}: ${match.target === null ? '(no unique target)' : JSON.stringify(match.target)}`,
    );
    const skipped =
      value.files_skipped > 0
        ? [`Not searched: ${count(value.files_skipped, 'file')} (${value.skipped.map((file) => `${file.path}: ${file.reason}`).join(', ')}${value.files_skipped > value.skipped.length ? ', …' : ''}).`]
        : [];
    return [summary, ...found, ...skipped].join('\n') + renderWarnings(value.warnings);
  },
  continuation: (value, args, shown) => {
    const page = Math.max(1, Math.min(value.matches.length, shown.shownLines - 2));
    return `Narrow the search (paths, name, kind or text), or page through it: the same call with "max_results": ${page}, "offset": ${(args.offset ?? 0) + page} continues after the matches shown.`;
  },
};
