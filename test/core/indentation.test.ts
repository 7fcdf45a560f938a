import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectIndentationStyle, normalizeContent, rebaseIndentation, type IndentationStyle } from '../../src/core/text/indentation.js';

const spaces: IndentationStyle = { char: 'space', unit: '    ' };
const tabs: IndentationStyle = { char: 'tab', unit: '\t' };
const mixed: IndentationStyle = { char: null, unit: '    ' };

describe('detectIndentationStyle', () => {
  it('finds the character and the step, ignoring the single space of block comments', () => {
    expect(detectIndentationStyle('class A:\n    def f(self):\n        pass\n')).toEqual({ char: 'space', unit: '    ' });
    expect(detectIndentationStyle('a {\n  b {\n    c\n  }\n}\n')).toEqual({ char: 'space', unit: '  ' });
    expect(detectIndentationStyle('/**\n * Doc.\n */\nfunc f() {\n\treturn\n}\n')).toEqual({ char: 'tab', unit: '\t' });
    expect(detectIndentationStyle('a\n\tb\n    c\n')).toMatchObject({ char: null });
    expect(detectIndentationStyle('no indentation\n')).toEqual({ char: null, unit: '    ' });
  });
});

describe('normalizeContent', () => {
  it('turns CRLF into LF and drops leading and trailing blank lines', () => {
    expect(normalizeContent('\r\n  \r\ndef f():\r\n    pass\r\n\r\n')).toBe('def f():\n    pass');
    expect(normalizeContent('  x = 1  ')).toBe('  x = 1  ');
  });
});

describe('rebaseIndentation', () => {
  it('prepends the destination to every non-blank line after the first of zero-indent content', () => {
    expect(rebaseIndentation('def f(self):\n    if x:\n\n        return 1', '        ', spaces)).toBe('        def f(self):\n            if x:\n\n                return 1');
  });

  it('replaces the base of content whose first line is indented, leaving shallower lines alone', () => {
    expect(rebaseIndentation('    def f(self):\n        return 1', '        ', spaces)).toBe('        def f(self):\n            return 1');
    expect(rebaseIndentation('    query = """\nSELECT 1\n    """', '', spaces)).toBe('query = """\nSELECT 1\n"""');
  });

  it('converts the relative indentation to the file\'s character when the file uses only the other', () => {
    expect(rebaseIndentation('func f() {\n    if x {\n        return\n    }\n}', '\t', tabs)).toBe('\tfunc f() {\n\t\tif x {\n\t\t\treturn\n\t\t}\n\t}');
    expect(rebaseIndentation('def f():\n\tif x:\n\t\treturn', '    ', spaces)).toBe('    def f():\n        if x:\n            return');
    // A file that mixes both is left alone.
    expect(rebaseIndentation('def f():\n\treturn', '', mixed)).toBe('def f():\n\treturn');
  });

  it('leaves content in GNU style as it is: its tabs are 8 columns, not levels (libidn2\'s register.c)', () => {
    const gnu = 'int\nmain (void)\n{\n  if (rc != IDN2_OK)\n    {\n      fprintf (stderr, "error: %s (%s, %d)\\n",\n\t       idn2_strerror (rc), rc);\n      return 1;\n    }\n}';
    expect(rebaseIndentation(gnu, '', spaces)).toBe(gnu);
    expect(rebaseIndentation(gnu, '', tabs)).toBe(gnu);
    // A tab after spaces is a tab stop (luarocks' cmd/config.lua).
    const stops = 'if a then\n   for x do\n      \tif y then\n      \t   z()\n      \tend\n   end\nend';
    expect(rebaseIndentation(stops, '', spaces)).toBe(stops);
    // Spaces as deep as a tab: the tabs are levels after all.
    expect(rebaseIndentation('if x:\n        a\n\tb', '', spaces)).toBe('if x:\n        a\n    b');
  });

  it('leaves text taken from a file and re-based onto its own indentation unchanged (property)', () => {
    const indent = fc.constantFrom('', ' ', '  ', '    ', '\t', '\t  ', '        ');
    const line = fc.tuple(indent, fc.constantFrom('x', 'if y:', '', 'return z', '"""doc', '* c'));
    fc.assert(
      fc.property(fc.constantFrom('', '    ', '\t', '  '), fc.array(line, { minLength: 1, maxLength: 8 }), fc.array(line, { maxLength: 4 }), (base, rows, others) => {
        const text = [`${base}first`, ...rows.map(([indent, body]) => (body === '' ? indent : `${base}${indent}${body}`))].join('\n');
        // The style is the whole file's, and the file holds the text.
        const file = [...others.map(([indent, body]) => `${indent}${body}`), text].join('\n');
        expect(rebaseIndentation(text, base, detectIndentationStyle(file))).toBe(text);
      }),
    );
  });

  it('keeps relative indentation when re-basing (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(3), fc.constantFrom('a', 'b()', 'if c:')), { minLength: 1, maxLength: 8 }), fc.constantFrom('', '    ', '        '), (rows, destination) => {
        const text = ['head', ...rows.map(([depth, body]) => `${'    '.repeat(depth)}${body}`)].join('\n');
        const rebased = rebaseIndentation(text, destination, spaces).split('\n');
        expect(rebased[0]).toBe(`${destination}head`);
        // Lines all deeper than the destination (none of these bodies closes a block): copied with
        // the first line's indentation left out, so they stay; otherwise zero-indent content is re-based.
        const depths = rows.map(([depth]) => depth * 4);
        const absolute = destination !== '' && depths.every((depth) => depth > destination.length);
        rows.forEach(([depth, body], i) => expect(rebased[i + 1]).toBe(`${absolute ? '' : destination}${'    '.repeat(depth)}${body}`));
      }),
    );
  });
});
