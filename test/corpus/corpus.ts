import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Real code already on the machine, sampled deterministically: the Python standard library and
 * the sources inside this project's node_modules (fixed by the lockfile).
 */

function walk(dir: string, accept: (path: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, accept, out);
    else if (entry.isFile() && accept(full)) out.push(full);
  }
  return out;
}

/** Every `count`-th file of a sorted list, so the sample spreads over the whole tree. */
function spread(files: string[], count: number): string[] {
  const sorted = [...files].sort();
  if (sorted.length <= count) return sorted;
  const step = sorted.length / count;
  return Array.from({ length: count }, (_, i) => sorted[Math.floor(i * step)]!);
}

/** The Python standard library folder. */
export function pythonStdlib(): string {
  return execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])']).toString().trim();
}

const MAX_BYTES = 400_000;
const small = (path: string) => statSync(path).size <= MAX_BYTES;

/** A deterministic sample of Python standard library files: `{ root, files }` with root-relative paths. */
export function pythonSample(count: number): { root: string; files: string[] } {
  const root = pythonStdlib();
  const files = walk(root, (path) => path.endsWith('.py') && !path.includes('/site-packages/') && small(path));
  return { root, files: spread(files, count).map((path) => relative(root, path)) };
}

/** A deterministic sample of TypeScript and JavaScript files from node_modules. */
export function nodeModulesSample(count: number): { root: string; files: string[] } {
  const root = join(import.meta.dirname, '..', '..', 'node_modules');
  const files = walk(root, (path) => /\.(ts|mts|cts|tsx|js|mjs|cjs)$/.test(path) && !path.includes('/.bin/') && small(path));
  return { root, files: spread(files, count).map((path) => relative(root, path)) };
}

/** A deterministic sample of Markdown files (READMEs, changelogs, docs) from node_modules. */
export function markdownSample(count: number): { root: string; files: string[] } {
  const root = join(import.meta.dirname, '..', '..', 'node_modules');
  const files = walk(root, (path) => /\.(md|markdown)$/i.test(path) && small(path));
  return { root, files: spread(files, count).map((path) => relative(root, path)) };
}
