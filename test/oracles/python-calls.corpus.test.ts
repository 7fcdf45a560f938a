import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type UnresolvedReference } from 'structedit';
import { pyrightDiagnostics, STDLIB, stdlibMissing, variantsFolder } from './pyright-check.js';

/**
 * The call check against pyright, on the standard library: a required parameter (`zz_extra`) is
 * added to top-level functions of real modules with the syntactic engine. Each result is written
 * anyway (`validate: false`) into a variant of the module, and pyright type-checks every variant
 * in one run. Pyright's "argument missing for zz_extra" calls must all be refused by the check:
 * listed as such, or reached through a use of the function the check lists as one it cannot
 * check (`f = _glob1; f(…)`). An edit the check applied must have no such call. The same change
 * made as a text edit (the module replaced by its new text) must be refused as the batch is, with
 * the same calls listed. And each function deleted (`deleteStructure`) must be refused while pyright
 * finds a use of it left undefined (or an `__all__` entry naming it), with each such use listed; and
 * renamed by a replace of its text (`def f` → `def f_renamed`), refused as its delete is.
 */

const MODULES = ['textwrap', 'shlex', 'fnmatch', 'glob', 'posixpath', 'difflib', 'heapq', 'bisect', 'statistics', 'gettext', 'tokenize', 'csv'];
const PER_MODULE = 5;

const work = variantsFolder('calls');

interface Variant {
  readonly dir: string;
  readonly module: string;
  readonly fn: string;
  readonly verdict: string;
  /** Lines the check says pass no argument for the new parameter. */
  readonly missing: number[];
  /** Places it lists as uses it cannot check. */
  readonly unchecked: UnresolvedReference[];
}

describe.skipIf(stdlibMissing !== null)('the call check agrees with pyright on the standard library', () => {
  it('every call pyright finds short of the new parameter is refused by the check', async () => {
    const variants: Variant[] = [];
    const textEdits = { applied: 0, refused: 0, disagreed: [] as string[] };
    const renamedByReplace = { agreed: 0, disagreed: [] as string[] };
    const deletes: Array<{ dir: string; module: string; fn: string; verdict: string; listed: string[]; after: string[] }> = [];
    for (const module of MODULES) {
      const file = `${module}.py`;
      const text = readFileSync(join(STDLIB, file), 'utf8');
      const listed = await createEditor({ fs: memoryFs({ [file]: text }) }).listStructures({ path: file, depth: 1 });
      const functions = listed._unsafeUnwrap().structures.filter((structure) => structure.kind === 'function' && structure.target !== null).slice(0, PER_MODULE);
      for (const [index, fn] of functions.entries()) {
        // The function deleted: refused while pyright would find a use of it left in the module.
        const deleteChecked = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).deleteStructure({ path: file, target: fn.target!, dry_run: true });
        const deletedFs = memoryFs({ [file]: text });
        if ((await createEditor({ fs: deletedFs, semantic: 'syntax' }).deleteStructure({ path: file, target: fn.target!, force: true })).isOk()) {
          const dir = join(work, `${module}-${index}-deleted`);
          mkdirSync(dir);
          writeFileSync(join(dir, file), deletedFs.snapshot()[file]!);
          const listed = deleteChecked.isErr() && deleteChecked.error.error === 'REFERENCES_EXIST' ? deleteChecked.error.details.references.map((reference) => reference.text) : [];
          deletes.push({ dir, module, fn: fn.name!, verdict: deleteChecked.isOk() ? 'applied' : deleteChecked.error.error, listed, after: deletedFs.snapshot()[file]!.split('\n') });
          // Renamed by a replace of its text: refused as the delete is, the same uses listed.
          const own = (await createEditor({ fs: memoryFs({ [file]: text }) }).readStructure({ path: file, target: fn.target! }))._unsafeUnwrap().matches[0]!.text;
          const renamedText = own.replace(new RegExp(`\\bdef ${fn.name!}\\(`), `def ${fn.name!}_renamed(`);
          const replacedCheck = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).replaceStructure({ path: file, target: fn.target!, content: renamedText, dry_run: true });
          const replacedListed = replacedCheck.isErr() && replacedCheck.error.error === 'REFERENCES_EXIST' ? replacedCheck.error.details.references.map((reference) => reference.text) : [];
          const verdict = replacedCheck.isOk() ? 'applied' : replacedCheck.error.error;
          if (verdict === deletes[deletes.length - 1]!.verdict && JSON.stringify(replacedListed) === JSON.stringify(listed)) renamedByReplace.agreed++;
          else renamedByReplace.disagreed.push(`${module}.${fn.name}: deleted ${deletes[deletes.length - 1]!.verdict}, renamed by a replace ${verdict}${replacedCheck.isErr() ? ` (${replacedCheck.error.message.slice(0, 160)})` : ''}`);
        }
        const edits = [{ op: 'add' as const, path: file, address: `${fn.target!}\n.params`, value: 'zz_extra' }];
        const checked = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).applyEdits({ edits, options: { dry_run: true } });
        const fs = memoryFs({ [file]: text });
        const written = await createEditor({ fs, semantic: 'syntax', syntax: 'reject' }).applyEdits({ edits, options: { validate: false } });
        if (written.isErr()) continue;
        const dir = join(work, `${module}-${index}`);
        mkdirSync(dir);
        writeFileSync(join(dir, file), fs.snapshot()[file]!);
        const calls = checked.isErr() && checked.error.error === 'CALLS_BROKEN' ? checked.error.details.calls : [];
        // The same change as a text edit (the module replaced whole by its new text) is refused as the batch is.
        const replaced = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).replaceStructure({ path: file, target: '', content: fs.snapshot()[file]!, dry_run: true });
        const textCalls = replaced.isErr() && replaced.error.error === 'CALLS_BROKEN' ? replaced.error.details.calls : [];
        const verdicts = [checked.isOk() ? 'applied' : checked.error.error, replaced.isOk() ? 'applied' : replaced.error.error];
        if (verdicts[0] === verdicts[1] && JSON.stringify(textCalls) === JSON.stringify(calls)) textEdits[verdicts[0] === 'applied' ? 'applied' : 'refused']++;
        else textEdits.disagreed.push(`${module}.${fn.name}: the batch ${verdicts[0]} (${calls.length} listed), the text edit ${verdicts[1]} (${textCalls.length} listed)`);
        variants.push({
          dir,
          module,
          fn: fn.name!,
          verdict: checked.isOk() ? 'applied' : checked.error.error,
          missing: calls.filter((call) => call.reason.startsWith('passes no argument for zz_extra')).map((call) => call.line),
          unchecked: calls.filter((call) => !call.reason.startsWith('passes')),
        });
      }
    }
    const diagnostics = pyrightDiagnostics(work);
    const flagged = new Map<string, Set<number>>();
    const undefinedUses = new Map<string, number[]>();
    for (const diagnostic of diagnostics) {
      // A name used but no longer defined, or listed in __all__ but no longer present.
      if (diagnostic.rule === 'reportUndefinedVariable' || diagnostic.rule === 'reportUnsupportedDunderAll') {
        const name = /^"([^"]+)"/.exec(diagnostic.message)?.[1];
        if (name) undefinedUses.set(`${dirname(diagnostic.file)}\n${name}`, [...(undefinedUses.get(`${dirname(diagnostic.file)}\n${name}`) ?? []), diagnostic.range.start.line + 1]);
      }
      if (diagnostic.rule !== 'reportCallIssue' || !diagnostic.message.includes('"zz_extra"')) continue;
      const dir = dirname(diagnostic.file);
      flagged.set(dir, (flagged.get(dir) ?? new Set()).add(diagnostic.range.start.line + 1));
    }
    const counts = { applied: 0, refused: 0, pyrightCalls: 0, listed: 0, throughUnchecked: 0, silent: [] as string[], notFlagged: [] as string[], disagreed: [] as string[] };
    for (const variant of variants) {
      const lines = [...(flagged.get(variant.dir) ?? [])];
      counts.pyrightCalls += lines.length;
      if (variant.verdict === 'applied') {
        counts.applied++;
        if (lines.length > 0) counts.silent.push(`${variant.module}.${variant.fn}: applied, pyright finds calls at ${lines.join(', ')}`);
        continue;
      }
      if (variant.verdict === 'CALLS_BROKEN') counts.refused++;
      for (const line of lines) {
        if (variant.missing.includes(line)) counts.listed++;
        else if (variant.unchecked.length > 0) counts.throughUnchecked++;
        else counts.silent.push(`${variant.module}.${variant.fn}: pyright's call at ${line} is not listed`);
      }
      for (const line of variant.missing) {
        if (lines.includes(line)) continue;
        // A call pyright does not flag must be one it cannot see: of a function behind functools.lru_cache, whose wrapper it types as taking any arguments.
        const source = readFileSync(join(STDLIB, `${variant.module}.py`), 'utf8');
        const cached = new RegExp(`@functools\\.lru_cache[^\\n]*\\n(?:@[^\\n]*\\n)*def ${variant.fn}\\(`).test(source);
        (cached ? counts.notFlagged : counts.disagreed).push(`${variant.module}.${variant.fn}:${line}`);
      }
    }
    console.log(
      `[pyright] ${variants.length} functions of ${MODULES.length} standard-library modules given a required parameter: applied ${counts.applied}, CALLS_BROKEN ${counts.refused}; ` +
        `pyright finds ${counts.pyrightCalls} calls short of it: ${counts.listed} listed by the check, ${counts.throughUnchecked} reached through a use it lists as unchecked (an alias, a value), ${counts.silent.length} missed; ` +
        `${counts.notFlagged.length} calls the check lists that pyright does not flag behind functools.lru_cache (${counts.notFlagged.join(', ') || 'none'}), ${counts.disagreed.length} otherwise`,
    );
    console.log(`[pyright] the same changes as text edits (replaceStructure of the module): ${textEdits.refused} refused and ${textEdits.applied} applied as the batch was, ${textEdits.disagreed.length} otherwise${textEdits.disagreed.length > 0 ? `: ${textEdits.disagreed.join('; ')}` : ''}`);
    expect(textEdits.disagreed).toEqual([]);
    // Deletes: every use pyright finds undefined after the delete is listed by the refused delete.
    const deleted = { applied: 0, refused: 0, refusedUnused: [] as string[], pyrightUses: 0, missed: [] as string[] };
    for (const variant of deletes) {
      const uses = undefinedUses.get(`${variant.dir}\n${variant.fn}`) ?? [];
      deleted.pyrightUses += uses.length;
      if (variant.verdict === 'applied') deleted.applied++;
      else deleted.refused++;
      if (variant.verdict === 'applied' && uses.length > 0) deleted.missed.push(`${variant.module}.${variant.fn}: deleted, pyright finds it used at ${uses.join(', ')}`);
      // (Lines moved up with the delete: a use is matched by its line's text.)
      if (variant.verdict === 'REFERENCES_EXIST') for (const line of uses) if (!variant.listed.includes(variant.after[line - 1]!.trim())) deleted.missed.push(`${variant.module}.${variant.fn}: pyright's use at ${line} is not listed`);
      if (variant.verdict !== 'applied' && uses.length === 0) deleted.refusedUnused.push(`${variant.module}.${variant.fn} (${variant.verdict})`);
    }
    console.log(
      `[pyright] the same ${deletes.length} functions deleted (deleteStructure): applied ${deleted.applied}, refused ${deleted.refused}; pyright finds ${deleted.pyrightUses} uses left undefined, ${deleted.missed.length} of them missed; ` +
        `refused with no use pyright sees in the module: ${deleted.refusedUnused.length} (${deleted.refusedUnused.join(', ') || 'none'}: a use that falls back to a builtin of that name, or to the module's own star import of a C accelerator)`,
    );
    console.log(`[pyright] the same functions renamed by replacing their text (def f → def f_renamed): ${renamedByReplace.agreed} refused or applied as the delete was, with the same uses listed; ${renamedByReplace.disagreed.length} otherwise${renamedByReplace.disagreed.length > 0 ? `: ${renamedByReplace.disagreed.join('; ')}` : ''}`);
    expect(renamedByReplace.disagreed).toEqual([]);
    expect(deleted.missed).toEqual([]);
    expect(deleted.pyrightUses).toBeGreaterThan(20);
    expect(variants.length).toBeGreaterThan(40);
    expect(counts.pyrightCalls).toBeGreaterThan(50);
    expect(counts.silent).toEqual([]);
    expect(counts.disagreed).toEqual([]);
    expect(counts.listed).toBeGreaterThan(counts.throughUnchecked);
  }, 300_000);
});
