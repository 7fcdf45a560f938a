import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { BUILTIN_LANGUAGES, createEditor, memoryFs } from 'structedit';
import { upgradeLegacyDylink } from '../../src/parsing/legacy-dylink.js';

const require = createRequire(import.meta.url);
const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** A WebAssembly module holding one custom section, then a (fake) type section kept as it is. */
function moduleWith(sectionName: string, payload: number[]): Uint8Array {
  const content = [sectionName.length, ...ascii(sectionName), ...payload];
  return new Uint8Array([...HEADER, 0x00, content.length, ...content, 0x01, 0x01, 0x00]);
}

describe('upgradeLegacyDylink', () => {
  it('rewrites a legacy dylink section as dylink.0: memory info, then the needed libraries', () => {
    // memory size 200 (two LEB128 bytes), alignment 4, table size 3, alignment 0; one needed library "a.so".
    const legacy = moduleWith('dylink', [0xc8, 0x01, 0x04, 0x03, 0x00, 0x01, 0x04, ...ascii('a.so')]);
    const upgraded = upgradeLegacyDylink(legacy);
    expect([...upgraded]).toEqual([...moduleWith('dylink.0', [0x01, 0x05, 0xc8, 0x01, 0x04, 0x03, 0x00, 0x02, 0x06, 0x01, 0x04, ...ascii('a.so')])]);
  });

  it('leaves the needed-libraries subsection out when there are none', () => {
    const upgraded = upgradeLegacyDylink(moduleWith('dylink', [0x10, 0x02, 0x00, 0x00, 0x00]));
    expect([...upgraded]).toEqual([...moduleWith('dylink.0', [0x01, 0x04, 0x10, 0x02, 0x00, 0x00])]);
  });

  it('returns anything else unchanged, the same array', () => {
    for (const bytes of [moduleWith('dylink.0', [0x01, 0x04, 0x10, 0x02, 0x00, 0x00]), moduleWith('name', [0x00]), new Uint8Array(ascii('not wasm at all')), new Uint8Array(), moduleWith('dylink', [0x80])]) {
      expect(upgradeLegacyDylink(bytes)).toBe(bytes);
    }
    const current = new Uint8Array(readFileSync(new URL('../../grammars/python.wasm', import.meta.url)));
    expect(upgradeLegacyDylink(current)).toBe(current);
  });
});

/** A small valid program per language whose grammar comes from tree-sitter-wasms (older toolchains). */
const SAMPLES: Record<string, { file: string; text: string; target: string }> = {
  swift: { file: 'a.swift', text: 'struct Point {\n  var x: Int\n  func moved(by d: Int) -> Point { return Point(x: x + d) }\n}\n', target: 'struct Point\nfunc moved' },
  dart: { file: 'a.dart', text: 'class Point {\n  int x = 0;\n  Point moved(int d) {\n    return Point();\n  }\n}\n', target: 'class Point' },
  objc: { file: 'a.m', text: '@interface Point : NSObject\n- (int)x;\n@end\n', target: '@interface Point' },
  rescript: { file: 'a.res', text: 'let add = (a, b) => a + b\n', target: 'let add' },
  solidity: { file: 'a.sol', text: 'contract Token {\n  function total() public view returns (uint) {\n    return 1;\n  }\n}\n', target: 'contract Token' },
  vue: { file: 'a.vue', text: '<template>\n  <div>{{ x }}</div>\n</template>\n', target: '<template>' },
  elisp: { file: 'a.el', text: '(defun add (a b)\n  (+ a b))\n', target: '(defun add' },
  embedded_template: { file: 'a.erb', text: '<% if x %>\n  <p><%= x %></p>\n<% end %>\n', target: '' },
  systemrdl: { file: 'a.rdl', text: 'addrmap top {\n  reg { field {} f; } r;\n};\n', target: '' },
  tlaplus: { file: 'a.tla', text: '---- MODULE Counter ----\nInit == x = 0\n====\n', target: '' },
};

describe('grammars of older toolchains (tree-sitter-wasms) in the current runtime', () => {
  const legacy = BUILTIN_LANGUAGES.filter((language) => language.grammars?.some((source) => 'package' in source && source.package === 'tree-sitter-wasms'));

  it('covers every language that uses them', () => {
    expect(legacy.map((language) => language.id).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(legacy.map((language) => language.id))('%s: loads only once upgraded, then parses a valid program without errors', async (id) => {
    const source = legacy.find((language) => language.id === id)!.grammars!.find((grammar) => 'package' in grammar)! as { package: string; file: string };
    const bytes = new Uint8Array(readFileSync(require.resolve(`${source.package}/${source.file}`)));
    await Parser.init();
    // The runtime refuses the legacy section itself: the upgrade is what makes it load.
    await expect(Language.load(bytes)).rejects.toThrow();
    const language = await Language.load(upgradeLegacyDylink(bytes));
    const parser = new Parser();
    parser.setLanguage(language);
    const sample = SAMPLES[id]!;
    const tree = parser.parse(sample.text)!;
    expect(tree.rootNode.hasError, tree.rootNode.toString()).toBe(false);
    tree.delete();
    parser.delete();

    // And through the editor: the structures are listed and written back byte for byte.
    const fs = memoryFs({ [sample.file]: sample.text });
    const editor = createEditor({ fs });
    const read = await editor.readStructure({ path: sample.file, target: sample.target });
    expect(read.isOk(), read.isErr() ? read.error.message : '').toBe(true);
    const replaced = await editor.replaceStructure({ path: sample.file, target: sample.target, content: read._unsafeUnwrap().matches[0]!.text });
    expect(replaced.isOk(), replaced.isErr() ? replaced.error.message : '').toBe(true);
    expect(new TextDecoder().decode(await fs.readFile(sample.file))).toBe(sample.text);
  });
});
