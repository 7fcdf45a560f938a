/*
 * Files a write moves without changing how they are imported: a package moved under `src/`
 * (`pkg/__init__.py` → `src/pkg/__init__.py`) is still `import pkg` to every file that imported it,
 * because the interpreter finds it there. Such a move is the file's text changed in place, as its
 * importers see it, not the file removed.
 */
import { profileOf } from '../languages/profiles/index.js';
import { dirname } from '../semantic/modules.js';
import type { ModuleResolver, ProjectFiles } from './project.js';

/** A file a write removes, or one it adds: its path and language id. */
export interface ModuleFile {
  readonly path: string;
  readonly language: string;
}

/** The import style that names a module absolutely, as from outside its package. */
const ABSOLUTE = { quote: "'", semicolon: '', extension: false, relative: false };

/**
 * For each file `removed` whose importers find one of `added` under the same name once the write is
 * done, that file: the name a file at the root imports it by resolves to it before the write, and
 * to the added file after it (the removed files gone, the added ones there). Only where no other
 * file of its language is left in the removed file's folder, whose relative imports of it would
 * then break. A name that is relative (`./a` in JavaScript) never carries over.
 */
export function movesKeepingImportNames(project: ProjectFiles, removed: readonly ModuleFile[], added: readonly ModuleFile[], languageOf: (path: string) => string | null): Map<string, string> {
  const moves = new Map<string, string>();
  if (removed.length === 0 || added.length === 0) return moves;
  const gone = new Set(removed.map((file) => file.path));
  const after: ProjectFiles = { files: new Set([...[...project.files].filter((path) => !gone.has(path)), ...added.map((file) => file.path)]), configs: project.configs };
  const resolvers = new Map<string, { before: ModuleResolver; after: ModuleResolver }>();
  for (const file of removed) {
    const modules = profileOf(file.language).modules;
    if (!modules) continue;
    const probe = `__structedit_probe__${extensionOf(file.path)}`;
    const name = modules.specifier(probe, file.path, ABSOLUTE, project.files);
    if (name.startsWith('.')) continue;
    let resolve = resolvers.get(modules.family);
    if (!resolve) {
      resolve = { before: modules.resolver(project), after: modules.resolver(after) };
      resolvers.set(modules.family, resolve);
    }
    const before = resolve.before(probe, name);
    const now = resolve.after(probe, name);
    if (before.kind !== 'file' || before.path !== file.path || now.kind !== 'file') continue;
    const successor = added.find((candidate) => candidate.path === now.path && profileOf(candidate.language).modules?.family === modules.family);
    if (!successor) continue;
    const folder = dirname(file.path);
    if (folder !== '' && [...after.files].some((path) => dirname(path) === folder && languageOf(path) === file.language)) continue;
    moves.set(file.path, successor.path);
  }
  return moves;
}

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot);
}
