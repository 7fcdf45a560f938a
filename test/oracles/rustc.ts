import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CompilerError } from './compiler-oracle.js';

/*
 * rustc as an oracle, on two crates Debian packages with their sources (regex-syntax 0.6.27,
 * semver 1.0.14: no dependencies, so rustc checks each alone, with its tests).
 */

export const REGISTRY = '/usr/share/cargo/registry';
export const CRATES = ['regex-syntax-0.6.27', 'semver-1.0.14'];
const RUSTC = spawnSync('rustc', ['--version'], { encoding: 'utf8' }).status === 0 ? 'rustc' : null;

/** Why the rustc oracles cannot run here (`null`: they can). */
export const rustcMissing = RUSTC === null ? 'no rustc on the PATH (Debian rustc)' : (CRATES.find((crate) => !existsSync(join(REGISTRY, crate))) ?? null);

/** The edition a crate of the registry is written in. */
export function editionOf(crate: string): string {
  return /^edition\s*=\s*"(\d+)"/m.exec(readFileSync(join(REGISTRY, crate, 'Cargo.toml'), 'utf8'))?.[1] ?? '2015';
}

/** rustc's errors whose message matches `about`, as `file:line`, for a crate written at `dir`: the library and its tests. */
export async function rustcErrors(dir: string, edition: string, about: RegExp): Promise<CompilerError[]> {
  const [library, tests] = await Promise.all([rustcRun(dir, edition, ['--crate-type=lib'], about), rustcRun(dir, edition, ['--test'], about)]);
  return [...new Set([...library, ...tests])].sort().map((place) => ({ place, accepted: [place] }));
}

function rustcRun(dir: string, edition: string, mode: string[], about: RegExp): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(RUSTC!, [...mode, `--edition=${edition}`, '--emit=metadata', '--cap-lints=allow', '--error-format=json', '-o', join(dir, `${mode.join('')}.rmeta`), join(dir, 'src', 'lib.rs')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', () => {
      const found: string[] = [];
      for (const line of stderr.split('\n')) {
        if (!line.startsWith('{')) continue;
        const diagnostic = JSON.parse(line) as { level: string; message: string; spans: Array<{ file_name: string; line_start: number; is_primary: boolean }> };
        if (diagnostic.level !== 'error' || !about.test(diagnostic.message)) continue;
        const span = diagnostic.spans.find((each) => each.is_primary);
        if (span) found.push(`${relative(dir, span.file_name)}:${span.line_start}`);
      }
      resolve(found);
    });
  });
}
