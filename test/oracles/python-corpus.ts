import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * A real Python package as an oracle corpus: the oracle interpreter's own copy of a package (the
 * standard library's, or a Debian package's), copied into a temporary root of its own so that
 * jedi's project and structedit's root are the package and nothing else.
 */
export interface PythonCorpus {
  /** The import name, e.g. `email`. */
  name: string;
  /** Where the interpreter has it. */
  source: string;
  /** The temporary root; the package is `root/name`. */
  root: string;
  /** Path relative to the root (`email/utils.py`) → text. */
  files: Map<string, string>;
  /** Files the interpreter does not run (it has them frozen): importing cannot check a change to them. */
  frozen: ReadonlySet<string>;
}

/**
 * importlib's bootstrap modules run as the interpreter's frozen copies (`_frozen_importlib`,
 * `_frozen_importlib_external`; importlib/__init__.py even sets their `__file__` to the source), so
 * an edited copy of these files is never imported.
 */
const FROZEN: Readonly<Record<string, readonly string[]>> = {
  importlib: ['importlib/_bootstrap.py', 'importlib/_bootstrap_external.py'],
};

/** Where `python` imports `name` from (a package folder), or `null`. */
export function packageFolder(python: string, name: string): string | null {
  const probe = spawnSync(python, ['-I', '-c', `import os, ${name}; print(os.path.dirname(${name}.__file__))`], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : null;
}

function pythonFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__pycache__' || entry.name === 'tests' || entry.name === 'test') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) pythonFiles(full, out);
    else if (entry.name.endsWith('.py')) out.push(full);
  }
  return out;
}

/** Copies the package `name` of `python` into a new temporary root (`null` if it has none). */
export function loadPythonCorpus(python: string, name: string): PythonCorpus | null {
  const source = packageFolder(python, name);
  if (source === null) return null;
  const root = mkdtempSync(join(tmpdir(), `structedit-oracle-${name}-`));
  const files = new Map<string, string>();
  for (const path of pythonFiles(source).sort()) {
    const rel = `${name}/${relative(source, path).replaceAll('\\', '/')}`;
    files.set(rel, readFileSync(path, 'utf8'));
    cpSync(path, join(root, rel));
  }
  return { name, source, root, files, frozen: new Set(FROZEN[name] ?? []) };
}

/** Removes a corpus's temporary root. */
export function removeCorpus(corpus: PythonCorpus): void {
  rmSync(corpus.root, { recursive: true, force: true });
}

/** The dotted module of a file (`email/mime/text.py` → `email.mime.text`), `null` for `__main__.py`. */
export function moduleOf(file: string): string | null {
  const parts = file.replace(/\.py$/, '').split('/');
  if (parts[parts.length - 1] === '__main__') return null;
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return parts.join('.');
}
