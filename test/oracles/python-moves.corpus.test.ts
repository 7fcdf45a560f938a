import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';
import { pyrightDiagnostics, STDLIB, stdlibMissing, variantsFolder } from './pyright-check.js';

/**
 * moveStructure against pyright, on the standard library: top-level functions of real modules
 * moved to a new file or to the end of their module, and methods moved into another class of their module (or out to its top
 * level), with the syntactic engine. Each move is checked (a dry run), then written anyway
 * (`force`) into a variant of the module, and pyright checks every variant and the untouched
 * modules in one run. A move the check applied must add no pyright error (a name left undefined,
 * a member its new class lacks); a refused one is counted by whether pyright confirms it.
 */

const MODULES = ['textwrap', 'shlex', 'fnmatch', 'difflib', 'statistics', 'gettext', 'csv', 'argparse', 'configparser', 'string'];
const PER_MODULE = 4;
/** What a move that broke the program makes pyright say. */
const BROKEN_RULES = new Set(['reportUndefinedVariable', 'reportUnboundVariable', 'reportAttributeAccessIssue', 'reportUnsupportedDunderAll', 'reportRedeclaration']);

const work = variantsFolder('moves');

interface Move {
  readonly dir: string;
  readonly module: string;
  readonly what: string;
  readonly verdict: string;
}

type MoveArgs = Parameters<ReturnType<typeof createEditor>['moveStructure']>[0];

describe.skipIf(stdlibMissing !== null)('moveStructure agrees with pyright on the standard library', () => {
  it('every move applied adds no pyright error; refusals are counted against pyright', async () => {
    const moves: Move[] = [];
    for (const module of MODULES) {
      const file = `${module}.py`;
      const text = readFileSync(join(STDLIB, file), 'utf8');
      mkdirSync(join(work, `${module}-original`));
      writeFileSync(join(work, `${module}-original`, file), text);
      const listed = (await createEditor({ fs: memoryFs({ [file]: text }) }).listStructures({ path: file, depth: 2 }))._unsafeUnwrap().structures;
      const functions = listed.filter((structure) => structure.kind === 'function' && structure.target !== null).slice(0, PER_MODULE);
      const classes = listed.filter((structure) => structure.kind === 'class' && structure.target !== null && methodsOf(structure).length > 0);
      const candidates: Array<{ what: string; args: MoveArgs }> = functions.flatMap((fn) => [
        { what: `${fn.name} to a new file`, args: { source_path: file, source_target: fn.target!, dest_path: 'zz_moved.py', position: 'file_end' } },
        // Among its siblings: no name changes reach (the order of definitions may change).
        { what: `${fn.name} to the end of its module`, args: { source_path: file, source_target: fn.target!, dest_path: file, position: 'file_end' } },
      ]);
      for (const [index, cls] of classes.slice(0, PER_MODULE).entries()) {
        const method = methodsOf(cls).find((candidate) => candidate.name !== '__init__') ?? methodsOf(cls)[0]!;
        const other = classes[(index + 1) % classes.length]!;
        const args: MoveArgs =
          other === cls
            ? { source_path: file, source_target: method.target!, dest_path: file, position: 'file_end' }
            : { source_path: file, source_target: method.target!, dest_path: file, dest_target: methodsOf(other)[0]!.target!, position: 'after' };
        candidates.push({ what: `${cls.name}.${method.name} ${other === cls ? 'to the top level' : `into ${other.name}`}`, args });
      }
      for (const [index, { what, args }] of candidates.entries()) {
        const checked = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).moveStructure({ ...args, dry_run: true });
        const fs = memoryFs({ [file]: text });
        const written = await createEditor({ fs, semantic: 'syntax' }).moveStructure({ ...args, force: true });
        if (written.isErr()) continue;
        const dir = join(work, `${module}-${index}`);
        mkdirSync(dir);
        for (const [path, content] of Object.entries(fs.snapshot())) writeFileSync(join(dir, path), content);
        moves.push({ dir, module, what, verdict: checked.isOk() ? 'applied' : checked.error.error });
      }
    }
    const diagnostics = pyrightDiagnostics(work);
    // Pyright's errors of the kinds a move breaks, per folder, by message (lines move with the text).
    const errors = new Map<string, string[]>();
    for (const diagnostic of diagnostics) {
      if (!diagnostic.rule || !BROKEN_RULES.has(diagnostic.rule)) continue;
      const dir = dirname(diagnostic.file);
      errors.set(dir, [...(errors.get(dir) ?? []), diagnostic.message]);
    }
    const added = (move: Move) => {
      const before = [...(errors.get(join(work, `${move.module}-original`)) ?? [])];
      return (errors.get(move.dir) ?? []).filter((message) => {
        const at = before.indexOf(message);
        if (at === -1) return true;
        before.splice(at, 1);
        return false;
      });
    };
    const counts = { applied: 0, refused: 0, confirmed: 0, unconfirmed: [] as string[], silent: [] as string[], byError: new Map<string, number>() };
    for (const move of moves) {
      const broken = added(move);
      if (move.verdict === 'applied') {
        counts.applied++;
        if (broken.length > 0) counts.silent.push(`${move.module}: ${move.what}: applied, pyright: ${broken.slice(0, 2).join('; ')}`);
        continue;
      }
      counts.refused++;
      counts.byError.set(move.verdict, (counts.byError.get(move.verdict) ?? 0) + 1);
      if (broken.length > 0) counts.confirmed++;
      else counts.unconfirmed.push(`${move.module}: ${move.what} (${move.verdict})`);
    }
    console.log(
      `[pyright] ${moves.length} moves in ${MODULES.length} standard-library modules (functions to a new file or to the end of their module, methods into another class or out of theirs): ` +
        `applied ${counts.applied}, ${counts.silent.length} of them breaking the program for pyright; refused ${counts.refused} (${[...counts.byError].map(([code, n]) => `${n} ${code}`).join(', ')}), ` +
        `${counts.confirmed} confirmed by a pyright error the forced move adds, ${counts.unconfirmed.length} not (${counts.unconfirmed.join('; ') || 'none'})`,
    );
    expect(counts.silent).toEqual([]);
    expect(moves.length).toBeGreaterThan(50);
    expect(counts.applied).toBeGreaterThan(5);
    expect(counts.confirmed).toBeGreaterThan(counts.unconfirmed.length);
  }, 300_000);
});

function methodsOf(structure: StructureListing): StructureListing[] {
  return (structure.children ?? []).filter((child) => child.kind === 'method' && child.target !== null);
}
