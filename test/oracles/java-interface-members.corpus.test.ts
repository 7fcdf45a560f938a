import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compilerOracle, sourcesUnder, type CompilerError } from './compiler-oracle.js';

/**
 * A method without a body added to an interface of the JDK's java.util (Debian's
 * openjdk-17-source), with javac as the oracle: `add` gives the interface `void zzAdded();` (the
 * syntactic engine), the result is written anyway, and javac compiles the package's files that
 * name the interface, patched into java.base. Every class javac finds no longer complete ("is not
 * abstract and does not override abstract method zzAdded()", anonymous ones included) must have
 * refused the edit with `IMPLEMENTATIONS_BROKEN`, listed; an edit applied must compile. Interfaces
 * with one method are left out: lambdas implement those where javac, not structedit, sees them.
 */

const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
const SOURCES = join(JDK, 'lib', 'src.zip');
const JAVAC = join(JDK, 'bin', 'javac');
const missing = !existsSync(SOURCES) ? `no ${SOURCES} (Debian openjdk-17-source)` : !existsSync(JAVAC) ? `no ${JAVAC} (Debian openjdk-17-jdk-headless)` : null;
const work = mkdtempSync(join(tmpdir(), 'structedit-javac-interfaces-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** javac's errors for the files of `dir` that name an interface given `zzAdded`, as `file:line` (a class's header may take a few lines). */
function javacErrors(dir: string): Promise<CompilerError[]> {
  const files = readdirSync(join(dir, 'java.base/java/util')).map((name) => join(dir, 'java.base/java/util', name));
  const changed = files.find((file) => readFileSync(file, 'utf8').includes('zzAdded'));
  const name = changed ? /(?:interface|class)\s+(\w+)[^{]*\{[^]*zzAdded/.exec(readFileSync(changed, 'utf8'))?.[1] : undefined;
  const naming = name ? files.filter((file) => new RegExp(`\\b${name}\\b`).test(readFileSync(file, 'utf8'))) : [];
  return new Promise((resolve) => {
    const child = spawn(JAVAC, ['-Xmaxerrs', '10000', '-nowarn', '-Xlint:none', '-XDsuppressNotes', '--patch-module', `java.base=${join(dir, 'java.base')}`, '-d', join(dir, 'classes'), ...naming], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', () => {
      const places = new Map<string, CompilerError>();
      for (const match of output.matchAll(/^(\S+\.java):(\d+): error: /gm)) {
        const file = relative(dir, match[1]!);
        const line = Number(match[2]);
        places.set(`${file}:${line}`, { place: `${file}:${line}`, accepted: [0, 1, 2, 3].map((offset) => `${file}:${line + offset}`) });
      }
      resolve([...places.values()]);
    });
  });
}

describe.skipIf(missing !== null)('a method added to a java.util interface agrees with javac', () => {
  it('every class javac finds incomplete refused the edit, and every applied edit compiles', async () => {
    const listing = execFileSync('unzip', ['-Z1', SOURCES], { encoding: 'utf8', maxBuffer: 1 << 26 })
      .split('\n')
      .filter((entry) => /^java\.base\/java\/util\/[A-Za-z]+\.java$/.test(entry));
    execFileSync('unzip', ['-o', '-q', SOURCES, ...listing, '-d', join(work, 'sources')]);
    const files = sourcesUnder(join(work, 'sources'), 'java.base', (name) => name.endsWith('.java'));
    const tally = await compilerOracle(
      [
        {
          name: 'java.util',
          files,
          compile: javacErrors,
          // Interfaces of more than one abstract method, Object's aside (a functional one is implemented by lambdas too).
          picks: (entry) => entry.kind === 'interface' && /^public interface \w+/.test(entry.target!.split('\n').pop()!) && entry.children.filter((child) => child.kind === 'method' && !/\b(?:default|static|private)\b|\b(?:equals|hashCode|toString)\(/.test(child.target ?? '') && child.name !== 'equals').length > 1,
          member: 'void zzAdded();',
          refusal: 'IMPLEMENTATIONS_BROKEN',
        },
      ],
      work,
      7,
    );
    console.log(
      `[javac] ${tally.declarations} java.util interfaces given a method: ${tally.applied} applied (compiles), ${tally.refused} refused (${tally.refusedCompilerAgrees} where javac finds classes without it, ${tally.listed}/${tally.errors} of its errors listed; ${tally.refusedBeyondCompiler} where it finds none)`,
    );
    expect(tally.disagreed).toEqual([]);
    expect(tally.refusedCompilerAgrees).toBeGreaterThan(3);
  }, 300_000);
});
