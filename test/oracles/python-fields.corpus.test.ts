import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { BUILTIN_LANGUAGES } from '../../src/index.js';
import { pythonDerivedConstructor } from '../../src/core/languages/profiles/python-fields.js';
import { loadGrammar, parseIsolated } from '../../src/parsing/tree-sitter-loader.js';

/**
 * The constructor structedit reads from a Python class's fields (a dataclass, a NamedTuple), held
 * to Python's own: every class of real modules that mark any (Debian's pip with its vendored
 * packages, setuptools, the standard library) is imported by the interpreter, which says whether
 * the class got its `__init__` (or `__new__`) from its fields and with which signature
 * (`inspect.signature`). structedit must find a constructor exactly where Python made one, with
 * the same parameters in the same order, each required or not and positional or keyword-only as
 * Python has it; a class whose fields follow a base's is compared on its own fields, the last ones.
 */

const ROOTS = [
  { root: '/usr/lib/python3/dist-packages', dirs: ['pip', 'setuptools', 'pkg_resources', 'wheel'] },
  { root: '/usr/lib/python3.11', dirs: ['.'] },
];
const MARKED = /^\s*@(?:[\w.]+\.)?dataclass\b|\((?:typing\.)?NamedTuple\)/m;
const ORACLE = join(dirname(fileURLToPath(import.meta.url)), 'python_fields_oracle.py');
const missing = !existsSync('/usr/bin/python3') ? 'no /usr/bin/python3' : !existsSync(join(ROOTS[0]!.root, 'pip')) ? 'no Debian python3-pip' : null;

/** Python files under a folder, tests and the test suites left out. */
function pythonFiles(dir: string, depth: number): string[] {
  if (depth > 8) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (/^(?:tests?|idlelib|lib2to3|__pycache__|site-packages|dist-packages)$/.test(name)) return [];
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return pythonFiles(path, depth + 1);
    return stat?.isFile() && name.endsWith('.py') ? [path] : [];
  });
}

/** A class's dotted name inside its module, or `null` for one inside a function. */
function qualifiedName(cls: Node): string | null {
  const names = [cls.childForFieldName('name')!.text];
  for (let node = cls.parent; node; node = node.parent) {
    if (node.type === 'function_definition') return null;
    if (node.type === 'class_definition') names.unshift(node.childForFieldName('name')!.text);
  }
  return names.join('.');
}

describe.skipIf(missing !== null)('the constructor read from a Python class’s fields is the one Python makes', () => {
  it('on every class of the modules that mark any (pip and its vendored packages, setuptools, the standard library)', async () => {
    const grammar = await loadGrammar(BUILTIN_LANGUAGES.find((language) => language.id === 'python')!);
    const classes: Array<{ id: number; path: string; module: string; qualname: string; ours: ReturnType<typeof pythonDerivedConstructor> }> = [];
    for (const { root, dirs } of ROOTS) {
      for (const dir of dirs.filter((name) => existsSync(join(root, name)))) {
        for (const path of pythonFiles(join(root, dir), dir === '.' ? 1 : 0)) {
          const text = readFileSync(path, 'utf8');
          if (!MARKED.test(text)) continue;
          const tree = parseIsolated(grammar, text)!;
          const module = relative(root, path).replace(/\.py$/, '').replace(/\/__init__$/, '').replaceAll('/', '.');
          for (const cls of tree.rootNode.descendantsOfType('class_definition')) {
            const qualname = cls && qualifiedName(cls);
            if (!cls || !qualname) continue;
            classes.push({ id: classes.length, path, module, qualname, ours: pythonDerivedConstructor(cls.parent?.type === 'decorated_definition' ? cls.parent : cls) });
          }
          tree.delete();
        }
      }
    }
    // (setuptools' own distutils would refuse to load after the standard library's.)
    const run = spawnSync('/usr/bin/python3', [ORACLE], { env: { ...process.env, SETUPTOOLS_USE_DISTUTILS: 'stdlib' }, input: JSON.stringify(classes.map(({ id, module, qualname }) => ({ id, module, qualname }))), encoding: 'utf8', maxBuffer: 1 << 26 });
    const answers = JSON.parse(run.stdout) as Array<{ id: number; generated?: boolean; params?: Array<{ name: string; required: boolean; kind: string }>; error?: string }>;
    const tally = { classes: 0, fromFields: 0, agreed: 0, inherited: 0, unimportable: 0 };
    const disagreed: string[] = [];
    for (const answer of answers) {
      const { path, qualname, ours } = classes[answer.id]!;
      if (answer.error !== undefined) {
        tally.unimportable++;
        continue;
      }
      tally.classes++;
      if (answer.generated) tally.fromFields++;
      const where = `${path} ${qualname}`;
      if (!answer.generated) {
        if (ours) disagreed.push(`${where}: structedit reads a constructor from its fields, Python made none`);
        else tally.agreed++;
        continue;
      }
      if (!ours) {
        disagreed.push(`${where}: Python made a constructor from its fields, structedit read none`);
        continue;
      }
      const theirs = answer.params!.map((param) => `${param.name}${param.required ? '' : '='}:${param.kind}`);
      const mine = ours.fields.map((field) => `${field.name}${field.required ? '' : '='}:${field.kind}`);
      // A base's fields come first (keyword-only ones last): this class's own are compared.
      const compared = ours.inherits !== null ? theirs.filter((param) => mine.includes(param)) : theirs;
      if (ours.inherits !== null) tally.inherited++;
      if (JSON.stringify(compared) === JSON.stringify(mine)) tally.agreed++;
      else disagreed.push(`${where}: Python (${theirs.join(', ')}), structedit (${mine.join(', ')})`);
    }
    console.log(
      `[python fields] ${tally.classes} classes imported from ${new Set(classes.map((entry) => entry.path)).size} modules (${tally.unimportable} not importable here): ${tally.fromFields} got a constructor from their fields (${tally.inherited} after a base's fields); structedit agrees with Python on ${tally.agreed}/${tally.classes}`,
    );
    expect(disagreed).toEqual([]);
    expect(tally.fromFields).toBeGreaterThanOrEqual(40);
  }, 120_000);
});
