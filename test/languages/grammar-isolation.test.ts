import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUILTIN_LANGUAGES, createEditor, memoryFs } from 'structedit';
import { createLanguageRegistry } from '../../src/core/languages/registry.js';
import { loadGrammar, parseIsolated } from '../../src/parsing/tree-sitter-loader.js';
import type { Tree } from 'web-tree-sitter';
import { expectError } from '../helpers.js';

const require = createRequire(import.meta.url);

/** Issue 21: no parse may depend on what was parsed before it, and a grammar that throws is isolated. */

/**
 * Every node's type and range, in order. (Not `rootNode.toString()`: web-tree-sitter 0.25 traps
 * printing the OCaml grammar's tree of a TOML text, and the trap corrupts the shared WASM memory.)
 */
function shapeOf(tree: Tree): string {
  const parts: string[] = [];
  const cursor = tree.walk();
  for (;;) {
    parts.push(`${cursor.nodeType}@${cursor.startIndex}-${cursor.endIndex}`);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return parts.join(' ');
      }
    }
  }
}

describe('shipped grammars', () => {
  it('are the files their manifests name, byte for byte (sha256), with a licence for each package', () => {
    const output = execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/update-grammars.mjs', import.meta.url)), '--check'], { encoding: 'utf8' });
    expect(output).toMatch(/default: 17 grammars checked/);
    expect(output).toMatch(/extra: 7 grammars checked/);
    for (const dir of ['../../grammars/', '../../packages/grammars/grammars/']) {
      const manifest = JSON.parse(readFileSync(new URL(`${dir}manifest.json`, import.meta.url), 'utf8')) as { grammars: Array<{ package: string; version: string }> };
      const licences = readFileSync(new URL(`${dir}LICENSES.md`, import.meta.url), 'utf8');
      for (const grammar of manifest.grammars) expect(licences).toContain(`## ${grammar.package}@${grammar.version}`);
    }
  });
});

describe('grammar isolation', () => {
  it('a grammar whose parse throws is an error value, and the next parse of that language starts afresh (any editor)', async () => {
    // tree-sitter-wasms' Bash scanner calls a function the runtime lacks on `[[ … == … ]]`: it throws.
    const oldBash = { path: require.resolve('tree-sitter-wasms/out/tree-sitter-bash.wasm') };
    const files = { 'test.sh': 'if [[ "$x" == "" ]]; then\n  echo empty\nfi\n', 'plain.sh': 'greet() {\n  echo hi\n}\n' };
    const first = createEditor({ fs: memoryFs(files), languages: { grammars: { bash: oldBash } } });
    const error = expectError(await first.listStructures({ path: 'test.sh' }), 'PARSER_FAILED');
    expect(error.message).toContain('the bash grammar');
    // Before, every later Bash parse in the process failed ("resolved is not a function").
    const second = createEditor({ fs: memoryFs(files), languages: { grammars: { bash: oldBash } } });
    const listed = await second.listStructures({ path: 'plain.sh' });
    expect(listed.isOk(), listed.isErr() ? listed.error.message : '').toBe(true);
    // The shipped grammar parses it.
    const current = createEditor({ fs: memoryFs(files) });
    expect((await current.listStructures({ path: 'test.sh' })).isOk()).toBe(true);
  });

  it('every shipped grammar gives the same tree for a text whatever was parsed before it', async () => {
    const registry = createLanguageRegistry();
    const texts = [
      readFileSync(new URL('../../src/core/text/whitespace-match.ts', import.meta.url), 'utf8'),
      readFileSync(new URL('../../scripts/update-grammars.mjs', import.meta.url), 'utf8'),
      '-- a comment\nlocal x = [[long\nstring]]\nfunction f(a, ...) return a end\n',
      '#!/bin/sh\ncat <<EOF\n$HOME\nEOF\n[[ -n "$x" ]] && echo "${x%%.*}"\n',
      'key: [1, 2]\n---\n- |\n  block\n',
      '[table]\nkey = """multi\nline"""\n',
    ];
    let checked = 0;
    // The grammars structedit ships (grammars/ and structedit-grammars).
    const shipped = BUILTIN_LANGUAGES.filter((language) => language.grammars?.some((source) => 'bundled' in source || ('package' in source && source.package === 'structedit-grammars')));
    for (const definition of shipped) {
      const grammar = await loadGrammar(registry.get(definition.id)!);
      const shapes = (order: readonly number[]) =>
        order.map((index) => {
          const tree = parseIsolated(grammar, texts[index]!)!;
          const shape = shapeOf(tree);
          tree.delete();
          return [index, shape] as const;
        });
      const forward = new Map(shapes(texts.map((_, index) => index)));
      const backward = new Map(shapes(texts.map((_, index) => texts.length - 1 - index)));
      for (const [index, shape] of forward) expect(backward.get(index), `${definition.id}, text ${index}`).toBe(shape);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(24);
  });
});
