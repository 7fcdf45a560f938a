import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs, type StructureListing } from 'structedit';

/**
 * deleteStructure of Bash functions in real shell scripts under /usr, against a reading of the
 * script's lines that knows nothing of structedit's parser: a function is called where its name
 * stands where a command goes (at the start of a line, after `;`, `&&`, `||`, `|`, `$(`, a
 * backquote, `then`, `do`, `else`, `{`, `(`, `!`, or inside a `trap`'s argument). A delete the check
 * applied must leave no such call outside the function; a refused one is counted by whether the
 * lines show one.
 */

const MAX_FILES = 40;

function scripts(): string[] {
  try {
    const found = execFileSync('find', ['/usr', '-name', '*.sh', '-size', '+2k', '-size', '-200k'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n');
    return found.filter((path) => /^[ \t]*(?:function[ \t]+)?[A-Za-z_][\w-]*[ \t]*\(\)/m.test(readFileSync(path, 'utf8'))).sort().slice(0, MAX_FILES);
  } catch {
    return [];
  }
}

const files = scripts();

/** Whether `name` stands where a command goes on some line of `text` (comments left out). */
function calledIn(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const command = new RegExp(`(?:^|[;&|({!\`]|\\$\\(|\\b(?:then|do|else|elif|if|while|until|time|exec|command|xargs|sudo|nohup)\\s)\\s*${escaped}(?=$|[\\s;&|)\`])`);
  const trap = new RegExp(`\\btrap\\s+(['"]?)[^'"\\n]*\\b${escaped}\\b`);
  return text.split('\n').some((line) => {
    const code = line.replace(/(^|\s)#.*$/, '$1');
    return command.test(code) || trap.test(code);
  });
}

describe.skipIf(files.length < 10)('deleteStructure of Bash functions against the scripts’ own lines', () => {
  it('every function deleted is called nowhere else; refusals are counted', async () => {
    const counts = { functions: 0, applied: 0, refused: 0, confirmed: 0, unconfirmed: [] as string[], silent: [] as string[], byError: new Map<string, number>() };
    for (const path of files) {
      const text = readFileSync(path, 'utf8');
      const file = 'script.sh';
      const listed = await createEditor({ fs: memoryFs({ [file]: text }), semantic: 'syntax' }).listStructures({ path: file });
      if (listed.isErr()) continue;
      const functions = flatten(listed.value.structures).filter((structure) => structure.kind === 'function' && structure.target !== null && structure.name !== null);
      for (const fn of functions) {
        counts.functions++;
        const fs = memoryFs({ [file]: text });
        const deleted = await createEditor({ fs, semantic: 'syntax' }).deleteStructure({ path: file, target: fn.target! });
        const rest = deleted.isOk() ? fs.snapshot()[file]! : (await deleteForced(text, fn.target!)) ?? text;
        const called = calledIn(rest, fn.name!.replace(/^function\s+/, '').replace(/\s*\(\)$/, ''));
        if (deleted.isOk()) {
          counts.applied++;
          if (called) counts.silent.push(`${path}: ${fn.name}`);
          continue;
        }
        counts.refused++;
        counts.byError.set(deleted.error.error, (counts.byError.get(deleted.error.error) ?? 0) + 1);
        if (called) counts.confirmed++;
        else counts.unconfirmed.push(`${path}: ${fn.name} (${deleted.error.error})`);
      }
    }
    console.log(
      `[bash] ${counts.functions} functions of ${files.length} shell scripts under /usr deleted: applied ${counts.applied}, ${counts.silent.length} of them still called; ` +
        `refused ${counts.refused} (${[...counts.byError].map(([code, n]) => `${n} ${code}`).join(', ')}), ${counts.confirmed} with a call the lines show, ${counts.unconfirmed.length} without (${counts.unconfirmed.slice(0, 8).join('; ') || 'none'}${counts.unconfirmed.length > 8 ? '; …' : ''})`,
    );
    expect(counts.silent).toEqual([]);
    expect(counts.functions).toBeGreaterThan(100);
    expect(counts.confirmed).toBeGreaterThan(counts.unconfirmed.length);
  }, 300_000);
});

/** The script with the function deleted regardless of its uses (`null` when even that fails). */
async function deleteForced(text: string, target: string): Promise<string | null> {
  const fs = memoryFs({ 'script.sh': text });
  const forced = await createEditor({ fs, semantic: 'syntax' }).deleteStructure({ path: 'script.sh', target, force: true });
  return forced.isOk() ? fs.snapshot()['script.sh']! : null;
}

function flatten(structures: readonly StructureListing[]): StructureListing[] {
  return structures.flatMap((structure) => [structure, ...flatten(structure.children)]);
}
