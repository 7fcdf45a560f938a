#!/usr/bin/env node
// Real code in languages Debian ships no installed sources for. From npm packages that carry their
// sources: TSX (@radix-ui/themes' src/), Kotlin and Swift (expo-modules-core's android/ and ios/),
// C# and application C++ (react-native-windows), Zig (zigar's compiler and addon, TigerBeetle's Node
// client; two older zigar compilers for the modules later releases no longer have). From Debian source packages (the upstream tarball in the archive's pool): Scala (the
// Scala 2.11 compiler and library) and Elixir (its standard library and tools). Each pinned version
// is unpacked once into the corpus cache (`test/corpus/corpus.ts` reads it from the same place), so
// every machine measures the same files.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Pinned so that the per-language figures stay comparable from run to run. */
export const NPM_CORPORA = [
  '@radix-ui/themes@3.3.0',
  'expo-modules-core@58.1.0',
  'react-native-windows@0.79.0',
  'zigar-compiler@0.15.2',
  'zigar-compiler@0.13.2',
  'zigar-compiler@0.11.1',
  'node-zigar-addon@0.14.3',
  'tigerbeetle-node@0.17.9',
];

/** Debian bookworm's upstream tarballs, by the SHA-256 its `Sources` index gives. */
export const DEBIAN_SOURCES = [
  {
    name: 'scala_2.11.12',
    url: 'http://deb.debian.org/debian/pool/main/s/scala/scala_2.11.12.orig.tar.xz',
    sha256: 'b8db9faffd136d376a1885c04b2cced1b25fee5e61295c1c2a66bceaf99e7301',
  },
  {
    name: 'elixir-lang_1.14.0',
    url: 'http://deb.debian.org/debian/pool/main/e/elixir-lang/elixir-lang_1.14.0.dfsg.orig.tar.xz',
    sha256: '3dfa724f36b90d1bc41b9626a8ea0c293255c3a21a4d608c576ce39e2a23e5c9',
  },
];

/** Where the unpacked packages live: `<cache>/<name>@<version>/` (a scope's `/` becomes `+`), `<cache>/<Debian name>/`. */
export function npmCorporaFolder() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'structedit-corpora');
}

/** Unpacks what `fill(work)` leaves in `work/<inner>` into `folder`, renamed into place last (an interrupted run leaves no half folder). */
function unpackOnce(folder, fill) {
  if (existsSync(folder)) return;
  const work = mkdtempSync(join(tmpdir(), 'structedit-corpus-'));
  try {
    const inner = fill(work);
    renameSync(join(work, inner), folder);
    console.log(`fetch-npm-corpora: ${folder} (${readdirSync(folder).length} entries)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = npmCorporaFolder();
  mkdirSync(root, { recursive: true });
  for (const spec of NPM_CORPORA) {
    unpackOnce(join(root, spec.replace('/', '+')), (work) => {
      const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
      execFileSync('tar', ['-xzf', join(work, filename), '-C', work]);
      return 'package';
    });
  }
  for (const { name, url, sha256 } of DEBIAN_SOURCES) {
    const folder = join(root, name);
    if (existsSync(folder)) continue;
    const response = await globalThis.fetch(url);
    if (!response.ok) throw new Error(`fetch-npm-corpora: ${url}: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== sha256) throw new Error(`fetch-npm-corpora: ${url}: SHA-256 ${digest}, expected ${sha256}`);
    unpackOnce(folder, (work) => {
      writeFileSync(join(work, 'source.tar.xz'), bytes);
      mkdirSync(join(work, 'unpacked'));
      execFileSync('tar', ['-xJf', join(work, 'source.tar.xz'), '-C', join(work, 'unpacked')]);
      return 'unpacked';
    });
  }
}
