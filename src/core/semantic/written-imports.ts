import type { SpanIndex } from '../text/span-index.js';
import { isStarImport, type ImportRecord, type ScopeModel } from './scopes.js';

/**
 * The imports an edit wrote that name what they import (`from m import x`), in a module whose every
 * top-level name is importable (Python's): each must find the name in its module, which the
 * caller resolves and reads. Namespace imports (`import m`) and dynamic ones are left out, and so
 * are the imports of a file whose text an edit did not touch.
 */
export function writtenNamedImports(model: ScopeModel, written: SpanIndex): ImportRecord[] {
  if (!model.exportsEverything) return [];
  return model.imports.filter((record) => record.imported !== '*' && record.dynamic !== true && written.touches(record.statement.start, record.statement.end));
}

/**
 * Whether a module (its model and text) may bind `name` at its top level: it does, or it could in
 * ways its model does not read (a star import, or text one of `open` matches: the language's module
 * `__getattr__`, names set through the module's namespace), so nothing can be said.
 */
export function mayBindName(model: ScopeModel, text: string, name: string, open: ReadonlyArray<RegExp | null>): boolean {
  if (model.module.bindings.has(name)) return true;
  if (model.imports.some(isStarImport)) return true;
  return open.some((pattern) => pattern?.test(text) ?? false);
}
