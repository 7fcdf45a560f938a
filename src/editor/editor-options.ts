/*
 * The options of `createEditor`, checked once: an editor made with a wrong one (a misspelt backend
 * choice, a negative limit) answers every call with INVALID_ARGUMENT saying which, instead of
 * failing later with an internal error or quietly using a default.
 */
import { makeError, type ArgumentIssue, type StructeditError } from '../core/errors.js';
import type { EditorOptions } from './context.js';

const BACKEND_METHODS = ['serves', 'rename', 'references', 'definition', 'diagnostics', 'dispose'] as const;

/** `INVALID_ARGUMENT` naming each option of `options` that is not one `createEditor` takes, or `null` when all are. */
export function editorOptionsError(options: EditorOptions): StructeditError | null {
  const issues: ArgumentIssue[] = [];
  const given = options as unknown as Record<string, unknown> | null | undefined;
  if (typeof given !== 'object' || given === null) {
    issues.push({ field: 'options', message: 'is not an object: pass { fs } at least (nodeFs(root) or memoryFs(files))' });
  } else {
    if (typeof given.fs !== 'object' || given.fs === null) issues.push({ field: 'fs', message: 'is required: an fs adapter such as nodeFs(root) or memoryFs(files)' });
    if (given.syntax !== undefined && given.syntax !== 'warn' && given.syntax !== 'reject') issues.push({ field: 'syntax', message: `is ${JSON.stringify(given.syntax)}, not "warn" or "reject"` });
    checkSemantic(given.semantic, issues);
    checkNumbers('limits', given.limits, issues, false);
    // (A parse cache of 0 files is none.)
    checkNumbers('parseCache', given.parseCache, issues, true);
    if (given.workers !== undefined && !(typeof given.workers === 'number' && Number.isInteger(given.workers) && given.workers >= 0)) {
      issues.push({ field: 'workers', message: `is ${JSON.stringify(given.workers)}, not a whole number ≥ 0 (0: no worker threads)` });
    }
    if (given.onProgress !== undefined && typeof given.onProgress !== 'function') issues.push({ field: 'onProgress', message: 'is not a function' });
    const formatter = given.formatter as Record<string, unknown> | null | undefined;
    if (formatter !== undefined && formatter !== null && (typeof formatter !== 'object' || typeof formatter.format !== 'function' || typeof formatter.supports !== 'function')) {
      issues.push({ field: 'formatter', message: 'is not a Formatter ({ name, supports, format }), null (no formatting) or left out (prettier where installed)' });
    }
  }
  if (issues.length === 0) return null;
  const listed = issues.map((issue) => `${issue.field} ${issue.message}`).join('; ');
  return makeError('INVALID_ARGUMENT', `createEditor was given invalid options: ${listed}. Create the editor again with these options corrected; no call of this one reads or writes anything.`, { issues });
}

function checkSemantic(semantic: unknown, issues: ArgumentIssue[]): void {
  if (semantic === undefined || semantic === 'auto' || semantic === 'syntax') return;
  const expected = `"auto", "syntax", or per-language choices ({ python: "syntax", typescript: "auto" }, each "auto", "syntax" or a SemanticBackend)`;
  if (typeof semantic !== 'object' || semantic === null || Array.isArray(semantic)) {
    issues.push({ field: 'semantic', message: `is ${JSON.stringify(semantic)}, not ${expected}` });
    return;
  }
  for (const [language, choice] of Object.entries(semantic)) {
    if (choice === undefined || choice === 'auto' || choice === 'syntax') continue;
    const methods = typeof choice === 'object' && choice !== null ? (choice as Record<string, unknown>) : null;
    const missing = methods ? BACKEND_METHODS.filter((method) => typeof methods[method] !== 'function') : [];
    if (!methods || missing.length > 0) {
      issues.push({ field: `semantic.${language}`, message: methods ? `is not a SemanticBackend: it lacks ${missing.join(', ')}` : `is ${JSON.stringify(choice)}, not "auto", "syntax" or a SemanticBackend` });
    }
  }
}

function checkNumbers(field: string, value: unknown, issues: ArgumentIssue[], zero: boolean): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null) {
    issues.push({ field, message: 'is not an object of numbers' });
    return;
  }
  for (const [key, number] of Object.entries(value)) {
    if (number !== undefined && (typeof number !== 'number' || Number.isNaN(number) || number < 0 || (number === 0 && !zero))) {
      issues.push({ field: `${field}.${key}`, message: `is ${JSON.stringify(number)}, not a ${zero ? 'number ≥ 0' : 'positive number'}` });
    }
  }
}
