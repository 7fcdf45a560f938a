import { pythonResolver } from '../../modules/python.js';
import { dirname } from '../../semantic/modules.js';
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
  // Docstrings are documentation (inspect.cleandoc strips their indentation): they move with the code.
  text: { docstringsFollowCode: true },
};

/** Python imports (see `pythonResolver`); `from pkg import mod` may import the submodule `pkg/mod.py`. */
function pythonModules(): ModuleSystem {
  return {
    family: 'python',
    explicitExports: false,
    cyclesFail: true,
    resolver: pythonResolver,
    reexportsUnnamed: /\bimport\s*\*/,
    submodule: (module, name) => `${module}${module.endsWith('.') ? '' : '.'}${name}`,
    specifier(from, to, style, files) {
      const toModule = to.replace(/(\/__init__)?\.pyi?$/, '');
      // A package itself (its __init__) by its absolute name: `.pkg` from inside it would name a submodule.
      if (/(^|\/)__init__\.pyi?$/.test(to)) return toModule.replace(/^src\//, '').split('/').join('.');
      // Relative when the files share a package and the importer uses relative imports.
      if ((style.relative || files.has(`${dirname(to)}/__init__.py`)) && dirname(from) === dirname(to) && dirname(to) !== '') return `.${toModule.split('/').pop()}`;
      return toModule.replace(/^src\//, '').split('/').join('.');
    },
    style: (text): ImportStyle => ({ quote: "'", semicolon: '', extension: false, relative: /^from\s+\./m.test(text) }),
    statement(module, imported, local) {
      if (imported === '*' && module.startsWith('.')) {
        // `import .mod` is no Python: a relative module is imported from its package.
        const dot = module.lastIndexOf('.');
        const name = module.slice(dot + 1);
        return `from ${module.slice(0, dot) || '.'} import ${name}${local !== name ? ` as ${local}` : ''}`;
      }
      if (imported === '*') return local === module ? `import ${module}` : `import ${module} as ${local}`;
      return `from ${module} import ${imported}${local !== imported ? ` as ${local}` : ''}`;
    },
    specifierOffset: (statement, module) => statement.indexOf(module),
  };
}
