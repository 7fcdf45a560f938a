import { dirname, joinSegments } from '../../semantic/modules.js';
import { pythonScopes } from '../../semantic/scope-rules-python.js';
import type { ImportStyle, LanguageProfile, ModuleSystem } from '../profile.js';

/**
 * Python: `->` return types, `@` decorators, bases created as `(…)` after the class name, `self` and
 * `cls` receivers, two blank lines between top-level definitions where the file uses two (PEP 8),
 * `__all__` as an export list, and imports resolved as the interpreter does for files under the root.
 */
export const python: LanguageProfile = {
  languages: ['python'],
  parts: {
    returnTypeSeparator: ' -> ',
    decoratorPrefix: '@',
    createdBases: { classType: 'class_definition', afterFields: ['type_parameters', 'name'], open: '(', close: ')' },
  },
  names: {
    identifier: /^[\p{L}_][\p{L}\p{N}_]*$/u,
    keywords: new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' ')),
    receivers: ['self', 'cls'],
  },
  scopes: (root) => pythonScopes(root),
  modules: pythonModules(),
  layout: {
    topLevelDefinitions: { start: /^(?:async[ \t]+def|def|class)[ \t]|^@/, kinds: ['class', 'function'], blankLines: 2 },
  },
  reading: {
    category: (node, header) => (node.kind === 'variable' && /^__all__\s*[:+]?=/.test(header) ? 'export' : null),
  },
};

/**
 * Python imports between files under the root: relative imports (`.models`, `..util`) from the
 * importing file's package, absolute ones from its top package's parent, the root or `src/`;
 * `from pkg import mod` may import the submodule `pkg/mod.py`.
 */
function pythonModules(): ModuleSystem {
  return {
    family: 'python',
    explicitExports: false,
    resolve(from, specifier, files) {
      const dots = /^\.*/.exec(specifier)![0].length;
      const rest = specifier.slice(dots).split('.').filter(Boolean).join('/');
      const bases: string[] = [];
      if (dots > 0) {
        let base: string | null = dirname(from);
        for (let level = 1; level < dots && base !== null; level++) base = base === '' ? null : dirname(base);
        if (base === null) return null;
        bases.push(base);
      } else bases.push(...pythonRoots(from, files));
      for (const base of bases) {
        const path = rest === '' ? base : joinSegments(base, rest);
        for (const candidate of rest === '' ? [`${path}/__init__.py`] : [`${path}.py`, `${path}/__init__.py`, `${path}.pyi`]) {
          const normalized = candidate.replace(/^\//, '');
          if (files.has(normalized)) return normalized;
        }
      }
      return null;
    },
    submodule: (module, name) => `${module}${module.endsWith('.') ? '' : '.'}${name}`,
    specifier(from, to, style, files) {
      // Relative when the files share a package and the importer uses relative imports.
      const toModule = to.replace(/(\/__init__)?\.pyi?$/, '');
      if ((style.relative || files.has(`${dirname(to)}/__init__.py`)) && dirname(from) === dirname(to) && dirname(to) !== '') return `.${toModule.split('/').pop()}`;
      return toModule.replace(/^src\//, '').split('/').join('.');
    },
    style: (text): ImportStyle => ({ quote: "'", semicolon: '', extension: false, relative: /^from\s+\./m.test(text) }),
    statement(module, imported, local) {
      if (imported === '*') return local === module ? `import ${module}` : `import ${module} as ${local}`;
      return `from ${module} import ${imported}${local !== imported ? ` as ${local}` : ''}`;
    },
    specifierOffset: (statement, module) => statement.indexOf(module),
  };
}

/** Where absolute Python imports of a file start: its top package's parent, the root, `src`. */
function pythonRoots(from: string, files: ReadonlySet<string>): string[] {
  let folder = dirname(from);
  while (folder !== '' && files.has(`${folder}/__init__.py`)) folder = dirname(folder);
  return [...new Set([folder, '', 'src'])];
}
