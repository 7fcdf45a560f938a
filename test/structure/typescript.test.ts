import { describe, expect, it } from 'vitest';
import { lines, outlineOf, readTexts } from '../helpers.js';

const component = lines(
  "import { Component } from './component';",
  '',
  '/** A user card. */',
  "@Component({ selector: 'user-card' })",
  'export class UserCard extends Base implements OnInit {',
  '  @Input() name: string;',
  '  private count = 0;',
  '',
  '  constructor(private readonly service: Service) {',
  '    super();',
  '  }',
  '',
  '  /** Loads the user. */',
  '  @HostListener("click")',
  '  async load(id: number): Promise<void> {',
  '    if (id < 0) {',
  "      throw new Error('bad id');",
  '    } else {',
  '      this.count++;',
  '    }',
  '  }',
  '}',
  '',
  'export default function helper(): number {',
  '  return 1;',
  '}',
  '',
  'export interface Options { verbose: boolean; run(): void }',
  'export type Mode = "a" | "b";',
  'export enum Color { Red, Green = 2 }',
);

describe('TypeScript structures', () => {
  it('builds the tree: exported and decorated class, members, doc comments', async () => {
    expect(await outlineOf('card.ts', component)).toMatchInlineSnapshot(`
      "import [1-1] "import"
      class UserCard [3-22] "class UserCard"
        property name [6-6] "class UserCard\\nname"
        property count [7-7] "class UserCard\\nprivate count"
        method constructor [9-11] "class UserCard\\nconstructor"
          call super [10-10] "class UserCard\\nconstructor\\nsuper"
        method load [13-21] "class UserCard\\nasync load"
          if [16-20] "class UserCard\\nasync load\\nif"
            statement [17-17] "class UserCard\\nasync load\\nif\\nthrow"
            else [18-20] "class UserCard\\nasync load\\nif\\nelse"
              expression [19-19] "class UserCard\\nasync load\\nif\\nelse\\nthis.count++;"
      function helper [24-26] "function helper"
        statement [25-25] "function helper\\nreturn"
      interface Options [28-28] "interface Options"
        property verbose [28-28] "interface Options\\nverbose"
        method run [28-28] "interface Options\\nrun"
      type Mode [29-29] "type Mode"
      enum Color [30-30] "enum Color"
        enum_member Red [30-30] "enum Color\\nRed"
        enum_member Green [30-30] "enum Color\\nGreen""
    `);
  });

  it('names an exported, decorated class by its header, its export line, its decorator or its doc comment', async () => {
    for (const target of ['class UserCard', 'export class UserCard', '@Component(', '/** A user card. */']) {
      const [text] = await readTexts('card.ts', component, target);
      expect(text, target).toMatch(/^\/\*\* A user card\. \*\/\n@Component\(\{ selector: 'user-card' \}\)\nexport class UserCard/);
      expect(text!.endsWith('  }\n}')).toBe(true);
    }
  });

  it('reads a decorated method with its doc comment, indented as in the file', async () => {
    expect(await readTexts('card.ts', component, 'export class UserCard\nasync load(')).toEqual([
      [
        '  /** Loads the user. */',
        '  @HostListener("click")',
        '  async load(id: number): Promise<void> {',
        '    if (id < 0) {',
        "      throw new Error('bad id');",
        '    } else {',
        '      this.count++;',
        '    }',
        '  }',
      ].join('\n'),
    ]);
  });

  it('reads an else clause that starts mid-line with the indentation of its line', async () => {
    expect(await readTexts('card.ts', component, 'class UserCard\nasync load(\nif (id < 0)\nelse')).toEqual(['    else {\n      this.count++;\n    }']);
  });

  it('parses .tsx with JSX', async () => {
    const source = lines('export function App() {', '  return <div className="app">{items.map((i) => <Item key={i} />)}</div>;', '}');
    expect(await outlineOf('app.tsx', source)).toMatchInlineSnapshot(`
      "function App [1-3] "function App"
        statement [2-2] "function App\\nreturn""
    `);
  });
});

describe('JavaScript structures', () => {
  const spec = lines(
    "const { describe, it } = require('node:test');",
    '',
    "describe('parser', () => {",
    '  beforeEach(() => { reset(); });',
    '',
    "  describe('numbers', () => {",
    "    it('parses integers', () => {",
    "      expect(parse('1')).toBe(1);",
    '    });',
    '',
    "    it('parses floats', () => {",
    "      expect(parse('1.5')).toBe(1.5);",
    '    });',
    '  });',
    '});',
    '',
    'module.exports = { parse, config: { strict: true } };',
  );

  it('nests it() inside describe() through the arrow functions', async () => {
    expect(await outlineOf('parser.test.js', spec)).toMatchInlineSnapshot(`
      "variable [1-1] "const"
      call describe [3-15] "describe"
        call beforeEach [4-4] "describe\\nbeforeEach"
          call reset [4-4] "describe\\nbeforeEach\\nreset"
        call describe [6-14] "describe\\ndescribe"
          call it [7-9] "describe\\ndescribe\\nit('parses integers'"
            call expect(parse('1')).toBe [8-8] "describe\\ndescribe\\nit('parses integers'\\nexpect(parse('1')).toBe"
          call it [11-13] "describe\\ndescribe\\nit('parses floats'"
            call expect(parse('1.5')).toBe [12-12] "describe\\ndescribe\\nit('parses floats'\\nexpect(parse('1.5')).toBe"
      variable module.exports [17-17] "module.exports"
        property parse [17-17] "module.exports\\nparse"
        property config [17-17] "module.exports\\nconfig"
          property strict [17-17] "module.exports\\nconfig\\nstrict""
    `);
  });

  it('reads a nested it() by its describe path', async () => {
    expect(await readTexts('parser.test.js', spec, "describe('parser'\ndescribe('numbers'\nit('parses floats'")).toEqual([
      "    it('parses floats', () => {\n      expect(parse('1.5')).toBe(1.5);\n    });",
    ]);
  });

  it('treats .mjs, .cjs and .jsx as JavaScript', async () => {
    for (const path of ['a.mjs', 'a.cjs', 'a.jsx']) {
      expect(await outlineOf(path, 'function f() {}\n'), path).toBe('function f [1-1] "function f"');
    }
  });
});
