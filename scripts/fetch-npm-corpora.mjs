#!/usr/bin/env node
// Real code in languages Debian ships no sources for, from npm packages that carry their sources:
// TSX (@radix-ui/themes' src/), Kotlin and Swift (expo-modules-core's android/ and ios/), C# and
// application C++ (react-native-windows). Each pinned version is unpacked once into the corpus cache
// (`test/corpus/corpus.ts` reads it from the same place), so every machine measures the same files.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Pinned so that the per-language figures stay comparable from run to run. */
export const NPM_CORPORA = ['@radix-ui/themes@3.3.0', 'expo-modules-core@58.1.0', 'react-native-windows@0.79.0'];

/** Where the unpacked packages live: `<cache>/<name>@<version>/` (a scope's `/` becomes `+`). */
export function npmCorporaFolder() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'structedit-corpora');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = npmCorporaFolder();
  mkdirSync(root, { recursive: true });
  for (const spec of NPM_CORPORA) {
    const folder = join(root, spec.replace('/', '+'));
    if (existsSync(folder)) continue;
    const work = mkdtempSync(join(tmpdir(), 'structedit-corpus-'));
    try {
      const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
      execFileSync('tar', ['-xzf', join(work, filename), '-C', work]);
      // Unpacked as `package/`; renamed into place last, so an interrupted run leaves no half folder.
      renameSync(join(work, 'package'), folder);
      console.log(`fetch-npm-corpora: ${spec} (${readdirSync(folder).length} entries) in ${folder}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}
