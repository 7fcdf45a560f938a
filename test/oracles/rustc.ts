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
  const places = (errors: RustcError[]) => errors.filter((error) => about.test(error.message)).map((error) => `${error.file}:${error.line}`);
  const [library, tests] = await Promise.all([rustcRun(dir, edition, ['--crate-type=lib']), rustcRun(dir, edition, ['--test'])]);
  return [...new Set([...places(library), ...places(tests)])].sort().map((place) => ({ place, accepted: [place] }));
}

/** One error rustc reports, at its primary span (the file relative to the crate's folder). */
export interface RustcError {
  readonly code: string;
  readonly message: string;
  readonly rendered: string;
  readonly file: string;
  readonly line: number;
}

/** Every feature a crate declares that needs no other crate, so no item is left out by a `cfg`. */
export function featuresOf(crate: string): string[] {
  const manifest = readFileSync(join(REGISTRY, crate, 'Cargo.toml'), 'utf8');
  const section = manifest.split(/^(?=\[)/m).find((part) => part.startsWith('[features]')) ?? '';
  return [...section.matchAll(/^([\w-]+)\s*=/gm)].map((match) => match[1]!).filter((name) => !manifest.includes(`[dependencies.${name}]`));
}

/** rustc's errors for the crate written at `dir`, built as `mode` (`--crate-type=lib`, `--test`) with `features` on. */
export function rustcRun(dir: string, edition: string, mode: string[], features: readonly string[] = []): Promise<RustcError[]> {
  return new Promise((resolve) => {
    const cfg = features.flatMap((feature) => ['--cfg', `feature="${feature}"`]);
    const child = spawn(RUSTC!, [...mode, `--edition=${edition}`, '--emit=metadata', '--cap-lints=allow', '--error-format=json', ...cfg, '-o', join(dir, `${mode.join('').replace(/\W/g, '')}.rmeta`), join(dir, 'src', 'lib.rs')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', () => {
      const found: RustcError[] = [];
      for (const line of stderr.split('\n')) {
        if (!line.startsWith('{')) continue;
        const diagnostic = JSON.parse(line) as { level: string; message: string; code: { code: string } | null; rendered: string; spans: Array<{ file_name: string; line_start: number; is_primary: boolean }> };
        const span = diagnostic.spans.find((each) => each.is_primary);
        if (diagnostic.level === 'error' && span) found.push({ code: diagnostic.code?.code ?? '', message: diagnostic.message, rendered: diagnostic.rendered, file: relative(dir, span.file_name), line: span.line_start });
      }
      resolve(found);
    });
  });
}
