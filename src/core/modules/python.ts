import { dirname, joinSegments } from '../semantic/modules.js';
import type { ModuleResolver, ModuleTarget, ProjectFiles } from './project.js';

/**
 * Python imports between files under the root, as the interpreter finds them: relative imports
 * (`.models`, `..util`) from the importing file's package; absolute ones from the importing file's
 * top package's parent, the root or `src/`. An absolute import whose first name no file or folder
 * under those roots provides is another distribution's module (the standard library, an installed
 * package): `external`. One whose package is here but whose module is not is `unresolved`.
 */
export function pythonResolver(project: ProjectFiles): ModuleResolver {
  const { files } = project;
  // A root that is itself a package (it holds __init__.py): absolute imports start above it, outside
  // the project, where its own name is not known (`import abc` may be the standard library's or the
  // package's abc.py): such imports are unresolved.
  const rootIsPackage = files.has('__init__.py') || files.has('__init__.pyi');
  const folders = new Set<string>();
  for (const file of files) for (let folder = dirname(file); folder !== '' && !folders.has(folder); folder = dirname(folder)) folders.add(folder);
  return (from, specifier): ModuleTarget => {
    const dots = /^\.*/.exec(specifier)![0].length;
    const names = specifier.slice(dots).split('.').filter(Boolean);
    const rest = names.join('/');
    const bases: string[] = [];
    if (dots > 0) {
      let base: string | null = dirname(from);
      for (let level = 1; level < dots && base !== null; level++) base = base === '' ? null : dirname(base);
      if (base === null) return { kind: 'unresolved', reason: `${specifier} climbs above the root` };
      bases.push(base);
    } else if (!rootIsPackage) bases.push(...pythonRoots(from, files));
    for (const base of bases) {
      const path = rest === '' ? base : joinSegments(base, rest);
      for (const candidate of rest === '' ? [`${path}/__init__.py`] : [`${path}.py`, `${path}/__init__.py`, `${path}.pyi`, `${path}/__init__.pyi`]) {
        const normalized = candidate.replace(/^\//, '');
        if (files.has(normalized)) return { kind: 'file', path: normalized };
      }
    }
    if (dots > 0) return { kind: 'unresolved', reason: `no module ${specifier} next to ${from}` };
    const top = names[0]!;
    // The root package's own name is not known here, so any absolute import may name it.
    if (rootIsPackage) return { kind: 'unresolved', reason: `the root is itself a package, so ${specifier} may be one of its own modules; open the folder above the package as the root` };
    const ours = bases.some((base) => {
      const path = joinSegments(base, top);
      return folders.has(path) || files.has(`${path}.py`) || files.has(`${path}.pyi`);
    });
    return ours ? { kind: 'unresolved', reason: `${top} is a package under the root, but it has no module ${specifier}` } : { kind: 'external', name: top };
  };
}

/** Where absolute Python imports of a file start: its top package's parent, the root, `src`. */
function pythonRoots(from: string, files: ReadonlySet<string>): string[] {
  let folder = dirname(from);
  while (folder !== '' && files.has(`${folder}/__init__.py`)) folder = dirname(folder);
  return [...new Set([folder, '', 'src'])];
}
