import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOracle, sourcesUnder, type CompilerError } from './compiler-oracle.js';

/**
 * A field added to a Go struct, with the Go compiler as the oracle, on packages of Go's standard
 * library (Debian's golang-1.19-src) that import only public packages, each copied into a module of
 * its own and built with `go build -gcflags=-e` (every error). To each struct, `add` gives a field
 * `ZzAdded int` (the syntactic engine); the result is written anyway and built. Every literal the
 * compiler finds short of it (`P{1, 2}` giving every field by position, elements of `[]P{{…}}`)
 * must have refused the edit with `CALLS_BROKEN`, its line listed; an applied edit must build.
 */

const GOROOT = '/usr/lib/go-1.19';
const GO = join(GOROOT, 'bin', 'go');
const PACKAGES = ['image/color', 'image', 'text/template/parse', 'net/url', 'go/token', 'encoding/csv', 'archive/tar'];
const missing = !existsSync(GO) ? `no ${GO} (Debian golang-1.19-go)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-go-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The compiler's errors, as `file:line`, for a package written at `dir` (made a module). It reports
 * a literal short of a field at its closing `}`: listing accounts for it at the line that literal,
 * or one holding it (`[]P{{…}}`), starts on.
 */
function goErrors(dir: string): Promise<CompilerError[]> {
  writeFileSync(join(dir, 'go.mod'), 'module example.com/oracle\n\ngo 1.19\n');
  return new Promise((resolve) => {
    const child = spawn(GO, ['build', '-gcflags=-e', './...'], { cwd: dir, env: { ...process.env, GOCACHE: join(work, 'cache'), GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', () => {
      const places = new Map<string, CompilerError>();
      for (const match of stderr.matchAll(/^(\S+\.go):(\d+):(\d+): /gm)) {
        const file = match[1]!.replace(/^\.\//, '');
        const place = `${file}:${match[2]}`;
        if (!places.has(place)) places.set(place, { place, accepted: [place, ...literalLines(readFileSync(join(dir, file), 'utf8'), Number(match[2]), Number(match[3])).map((line) => `${file}:${line}`)] });
      }
      resolve([...places.values()]);
    });
  });
}

/** The lines of the `{` of the literals around a position (line and column 1-based; a `}` there closes the first), innermost first. */
function literalLines(text: string, line: number, column: number): number[] {
  let at = text.split('\n', line - 1).join('\n').length + (line > 1 ? 1 : 0) + column - 1;
  const lines: number[] = [];
  let depth = 0;
  for (at = text[at] === '}' ? at - 1 : at; at >= 0 && lines.length < 3; at--) {
    if (text[at] === '}') depth++;
    else if (text[at] === '{') {
      if (depth === 0) lines.push(text.slice(0, at).split('\n').length);
      else depth--;
    }
  }
  return lines;
}

describe.skipIf(missing !== null)('a field added to a Go struct agrees with the Go compiler', () => {
  it('every literal the compiler finds short of the new field refused the edit, and every applied edit builds', async () => {
    const projects = PACKAGES.map((pkg) => ({
      name: pkg,
      files: sourcesUnder(join(GOROOT, 'src'), pkg, (name) => name.endsWith('.go') && !name.endsWith('_test.go')),
      compile: goErrors,
      picks: (entry: { kind: string; target: string | null }) => entry.kind === 'type' && /^type \w+$/.test(entry.target ?? ''),
      member: 'ZzAdded int',
      refusal: 'CALLS_BROKEN' as const,
    }));
    // (Subfolders hold other packages: only each package's own files.)
    for (const project of projects) for (const file of Object.keys(project.files)) if (file.slice(project.name.length + 1).includes('/')) delete project.files[file];
    const tally = await compilerOracle(projects, work, 12);
    console.log(
      `[go build] ${tally.declarations} structs given a field: ${tally.applied} applied (builds), ${tally.refused} refused (${tally.refusedCompilerAgrees} where the compiler finds literals short of it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondCompiler} where it finds none: uses structedit cannot read)`,
    );
    for (const line of tally.beyond) console.log(`  beyond: ${line}`);
    expect(tally.disagreed).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(2);
  }, 300_000);
});
