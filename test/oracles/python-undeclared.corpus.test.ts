import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { pyrightDiagnostics, STDLIB, stdlibMissing, variantsFolder } from './pyright-check.js';

/**
 * The check of names a text edit's new text uses that nothing declares, against pyright, on the
 * standard library: into each function of real modules, a replace writes one new first statement
 * that uses words of the function's own text (its locals, its parameters, the module's names,
 * attribute names and words of its docstring, most of which are no variable there), and one that
 * uses only the names its code reads (most of them declared). The check
 * (a dry run) lists the names it finds undeclared; pyright, on the file written anyway, lists the
 * names it finds undefined on that line. The two lists must be the same, function by function,
 * but for names pyright's stubs declare that Python itself lacks (`function`, a module's
 * `__dict__`), and names a function binds only in code pyright deems unreachable (`if 0:`), which
 * it takes as undefined and Python as a local not yet assigned (an error the check does not look
 * for: the order of a function's own statements).
 * Modules with a star import or that write their namespace dynamically (`exec`, `globals()`) are
 * not checked, by design: they are counted apart.
 */

const MODULES = ['textwrap', 'shlex', 'fnmatch', 'difflib', 'statistics', 'gettext', 'csv', 'argparse', 'configparser', 'string', 'heapq', 'bisect', 'glob', 'tokenize', 'calendar', 'dataclasses', 'pprint', 'optparse', 'base64', 'smtplib'];
const PER_MODULE = 5;
const WORDS = 12;
/**
 * Names pyright takes as defined that no Python runtime has at a function's top: typeshed's
 * `builtins.pyi` declares `function` and `ellipsis`, its module type `__dict__`.
 */
const STUB_ONLY = new Set(['function', 'ellipsis', 'reveal_type', 'reveal_locals', '__dict__']);
/** What makes a module one the check leaves alone (the Python profile's `dynamicDeclarations`, and star imports). */
const UNCHECKED = /^\s*from\s+\S+\s+import\s+\*|\bglobals\(\)|\bvars\(\)|\bexec\(|__builtins__|\bsetattr\(sys\.modules/m;
const KEYWORDS = new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type _'.split(' '));

const work = variantsFolder('undeclared');

interface Probe {
  /** Whether the function holds code pyright deems unreachable (`if 0:`, `if False:`). */
  readonly deadCode: boolean;
  readonly file: string;
  readonly what: string;
  /** The line (1-based) of the statement added. */
  readonly line: number;
  readonly listed: string[];
}

describe.skipIf(stdlibMissing !== null)('undeclared names agree with pyright on the standard library', () => {
  it('every name pyright finds undefined in new text is the check’s, and no other', async () => {
    const probes: Probe[] = [];
    const unchecked: string[] = [];
    for (const module of MODULES) {
      const file = `${module}.py`;
      const text = readFileSync(join(STDLIB, file), 'utf8');
      if (UNCHECKED.test(text)) {
        unchecked.push(module);
        continue;
      }
      const lines = text.split('\n');
      const listed = (await createEditor({ fs: memoryFs({ [file]: text }) }).listStructures({ path: file, depth: 3 }))._unsafeUnwrap().structures;
      const functions = flatten(listed).filter((structure) => (structure.kind === 'function' || structure.kind === 'method') && structure.target !== null && structure.children.length > 0);
      for (const [index, fn] of spread(functions, PER_MODULE).entries()) {
        const [first, last] = fn.line_range_inclusive;
        const own = lines.slice(first - 1, last).join('\n');
        // Before its first statement (its docstring included), at that statement's indentation.
        const at = fn.children[0]!.line_range_inclusive[0];
        const indent = /^\s*/.exec(lines[at - 1]!)![0];
        // Every word of its text (docstring and comments too), or only the names its code reads (not after a `.`).
        const code = own.replace(/(?:[rbuf]{0,2})(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")/gi, '""').replace(/#.*$/gm, '');
        const variants = {
          text: own.match(/\b[A-Za-z_][A-Za-z0-9_]*\b/g) ?? [],
          code: code.match(/(?<![.\w])[A-Za-z_][A-Za-z0-9_]*\b/g) ?? [],
        };
        for (const [variant, found] of Object.entries(variants)) {
          const picked = spread([...new Set(found)].filter((word) => !KEYWORDS.has(word)), WORDS);
          if (picked.length === 0) continue;
          const added = `${indent}_zz_probe = (${picked.join(', ')},)`;
          const content = [...lines.slice(first - 1, at - 1), added, ...lines.slice(at - 1, last)].join('\n');
          const checked = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).replaceStructure({ path: file, target: fn.target!, content, dry_run: true });
          if (checked.isErr() && checked.error.error !== 'NAMES_OUT_OF_REACH') throw new Error(`${module}.${fn.name}: ${checked.error.message}`);
          const dir = join(work, `${module}-${index}-${variant}`);
          mkdirSync(dir);
          writeFileSync(join(dir, file), [...lines.slice(0, at - 1), added, ...lines.slice(at - 1)].join('\n'));
          const names = checked.isErr() && checked.error.error === 'NAMES_OUT_OF_REACH' ? checked.error.details.names : [];
          probes.push({ deadCode: /\bif (?:0|False)\b/.test(own), file: join(dir, file), what: `${module}.${fn.name} (${variant} words)`, line: at, listed: names.filter((name) => !STUB_ONLY.has(name)).sort() });
        }
      }
    }
    const diagnostics = pyrightDiagnostics(work);
    const undefinedAt = new Map<string, Set<string>>();
    for (const diagnostic of diagnostics) {
      if (diagnostic.rule !== 'reportUndefinedVariable') continue;
      const name = /^"([^"]+)"/.exec(diagnostic.message)?.[1];
      const key = `${diagnostic.file}:${diagnostic.range.start.line + 1}`;
      if (name) undefinedAt.set(key, (undefinedAt.get(key) ?? new Set()).add(name));
    }
    const counts = { probes: probes.length, refused: 0, names: 0, pyrightNames: 0, agreed: 0, differ: [] as string[] };
    for (const probe of probes) {
      const found = [...(undefinedAt.get(`${probe.file}:${probe.line}`) ?? [])].sort();
      // (What pyright alone finds in a function with dead code is bound there, unreachably.)
      const pyright = probe.deadCode ? found.filter((name) => probe.listed.includes(name)) : found;
      counts.pyrightNames += found.length;
      counts.names += probe.listed.length;
      if (probe.listed.length > 0) counts.refused++;
      if (JSON.stringify(pyright) === JSON.stringify(probe.listed)) counts.agreed++;
      else counts.differ.push(`${probe.what}: the check ${JSON.stringify(probe.listed)}, pyright ${JSON.stringify(pyright)}`);
    }
    console.log(
      `[pyright] ${counts.probes} probes (functions of ${MODULES.length - unchecked.length} standard-library modules (${unchecked.length} more not checked by design: ${unchecked.join(', ')}) given a new first statement using ${WORDS} words of their text, or of the names their code reads): ` +
        `${counts.refused} refused with NAMES_OUT_OF_REACH (${counts.names} names listed; pyright finds ${counts.pyrightNames} undefined), ${counts.agreed} with the same names as pyright, ${counts.differ.length} otherwise${counts.differ.length > 0 ? `: ${counts.differ.join('; ')}` : ''}`,
    );
    expect(counts.differ).toEqual([]);
    expect(counts.probes).toBeGreaterThan(100);
    expect(counts.refused).toBeGreaterThan(30);
    expect(counts.probes - counts.refused).toBeGreaterThan(15);
  }, 300_000);
});

function flatten(structures: readonly StructureListing[]): StructureListing[] {
  return structures.flatMap((structure) => [structure, ...flatten(structure.children)]);
}

/** Up to `count` items spread evenly over `items`. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
}
