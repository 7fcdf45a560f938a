import { dirname, joinPath } from '../semantic/modules.js';
import type { ModuleResolver, ModuleTarget, ProjectFiles } from './project.js';

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * TypeScript/JavaScript import specifiers of the project under the root: relative specifiers, with
 * or without an extension (`.js` naming a `.ts` file), and `index` files.
 */
export function ecmascriptResolver(project: ProjectFiles): ModuleResolver {
  const { files } = project;
  const fileAt = (base: string): string | null => {
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    const candidates = [base, ...SCRIPT_EXTENSIONS.map((extension) => `${stem}${extension}`), ...SCRIPT_EXTENSIONS.map((extension) => `${base}/index${extension}`)];
    return candidates.find((candidate) => files.has(candidate)) ?? null;
  };
  return (from, specifier): ModuleTarget => {
    if (!specifier.startsWith('.')) return { kind: 'unresolved', reason: `${specifier} is not a relative specifier` };
    const base = joinPath(dirname(from), specifier);
    if (base === null) return { kind: 'unresolved', reason: `${specifier} climbs above the root` };
    const file = fileAt(base);
    return file === null ? { kind: 'unresolved', reason: `no file ${specifier} next to ${from}` } : { kind: 'file', path: file };
  };
}
