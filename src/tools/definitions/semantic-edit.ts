import { semanticEditToolArgsSchema, type ApplyEditsArgs } from '../../core/arguments/semantic.js';
import type { ApplyEditsResult, SemanticEditOutcome } from '../../editor/semantic-edit.js';
import { count, type ToolSpec } from '../tool-spec.js';
import { renderWarnings } from '../render/warnings.js';
import { ANNOTATIONS } from '../annotations.js';

/** One line per edit of the batch: what it did (or why it failed). */
function renderOutcome(outcome: SemanticEditOutcome): string {
  const head = `  ${outcome.index + 1}. ${outcome.op} ${JSON.stringify(outcome.address)} in ${outcome.path}`;
  if (outcome.status === 'failed') return `${head}: failed (${outcome.error.error}): ${outcome.error.message}`;
  switch (outcome.op) {
    case 'rename':
      return `${head}: ${outcome.old_name} -> ${outcome.new_name}${outcome.backend === 'syntax' ? '' : ` (renamed by ${outcome.backend})`}, ${count(outcome.locations_updated, 'location')} in ${count(outcome.files_modified, 'file')}: ${outcome.changes.map((change) => `${change.file}:${change.line} (${change.kind})`).join(', ')}${outcome.unresolved.length > 0 ? `; left alone (receiver of unknown type): ${outcome.unresolved.map((place) => `${place.file}:${place.line}`).join(', ')}` : ''}`;
    case 'move':
      return `${head}: ${outcome.changes.map((change) => `${change.file} ${change.type}${change.import ? ` ${JSON.stringify(change.import)}` : ''}`).join('; ')}`;
    default:
      return `${head}: ${count(outcome.changes.length, 'changed run')} of lines${outcome.changes.length > 0 ? ` from line ${outcome.changes[0]!.line}` : ''}`;
  }
}

/** `semantic_edit`. */
export const semanticEditTool: ToolSpec<ApplyEditsArgs, ApplyEditsResult> = {
  name: 'semantic_edit',
  annotations: ANNOTATIONS.semantic_edit,
  description: [
    'Edit code by address instead of by text: set a part, add an item to a list, remove an element, rename a declaration everywhere, move a top-level declaration to another file.',
    'An address is a target (one line per nesting level, as in read_structure: "class Cart\\ndef total") plus an optional part: .body .params .returns .decorators .name .value .type .args .bases .imports, or an element by name (.timeout), ["key"] or [index] — e.g. "def fetch.params.timeout", "SETTINGS[\\"debug\\"]", ".imports[\\"./config\\"]".',
    'add follows the list\'s layout (inline or one per line, trailing commas) at position first | last | before:<ref> | after:<ref> | at:<n>. remove refuses a declaration that is still referenced (force: true to override). rename is scope-aware (shadowing locals, strings and comments stay) and updates imports and exports across the files under the root (Python, TypeScript/JavaScript; in-file for Go, Rust, Java).',
    'The edits apply in order, each seeing the previous ones; every file must still parse; all files are written together or none. options.dry_run previews would_change (before/after lines per file).',
    'Example: {"edits": [{"op": "set", "path": "api.py", "address": "def fetch.params.timeout", "value": "timeout=60"}, {"op": "rename", "path": "api.py", "address": "def fetch", "new_name": "fetch_user"}], "options": {"dry_run": true}}',
  ].join(' '),
  schema: semanticEditToolArgsSchema,
  run: (editor, args) => editor.applyEdits(args),
  render: (value) => {
    const files = value.would_change ?? value.changed ?? [];
    return [
      `${value.dry_run ? 'Would apply' : 'Applied'} ${count(value.applied, 'edit')}${value.failed > 0 ? ` (${value.failed} failed)` : ''}${value.dry_run ? '; nothing was written' : ''}, ${count(files.length, 'file')} ${value.dry_run ? 'would change' : 'changed'}${value.type_checked.length > 0 ? `; type-checked by ${value.type_checked.join(', ')}: no new errors` : ''}.`,
      ...value.results.map(renderOutcome),
      ...files.flatMap((file) => [
        `${file.file}${file.created ? ' (new file)' : ''}:`,
        ...file.changes.flatMap((change) => [`  @@ line ${change.line}`, ...(change.before === '' ? [] : change.before.split('\n').map((line) => `  - ${line}`)), ...(change.after === '' ? [] : change.after.split('\n').map((line) => `  + ${line}`))]),
      ]),
    ].join('\n') + renderWarnings(value.warnings);
  },
};
