import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/*
 * What the pyright oracles share: the standard library they edit, a folder of variants written for
 * one pyright run, and that run.
 */

/** The standard library the oracles take their modules from. */
export const STDLIB = '/usr/lib/python3.11';

/** Why the oracles cannot run here (`null`: they can). */
export const stdlibMissing = !existsSync(STDLIB) ? `no ${STDLIB}` : null;

const PYRIGHT = join(dirname(createRequire(import.meta.url).resolve('pyright/package.json')), 'index.js');

/** A pyright diagnostic as `--outputjson` reports it (lines 0-based). */
export interface PyrightDiagnostic {
  readonly file: string;
  readonly rule?: string;
  readonly message: string;
  readonly range: { readonly start: { readonly line: number } };
}

/** A new folder for the variants of one test file (`structedit-pyright-<name>-…`), removed after its tests. */
export function variantsFolder(name: string): string {
  const work = mkdtempSync(join(tmpdir(), `structedit-pyright-${name}-`));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return work;
}

/** Pyright's diagnostics of every file under `work`, in one run (basic checking, Python 3.11). */
export function pyrightDiagnostics(work: string): PyrightDiagnostic[] {
  writeFileSync(join(work, 'pyrightconfig.json'), JSON.stringify({ typeCheckingMode: 'basic', pythonVersion: '3.11' }));
  const run = spawnSync(process.execPath, [PYRIGHT, '--outputjson', '-p', join(work, 'pyrightconfig.json')], { cwd: work, encoding: 'utf8', maxBuffer: 1 << 28 });
  return (JSON.parse(run.stdout) as { generalDiagnostics: PyrightDiagnostic[] }).generalDiagnostics;
}
