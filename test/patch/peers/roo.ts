import { joined, type PeerCase, type PeerSuite } from './types.js';

/**
 * Roo Code's apply_diff blocks (multi-search-replace): RooCodeInc/Roo-Code@cb83656
 * src/core/diff/strategies/__tests__/multi-search-replace.spec.ts and
 * multi-search-replace-trailing-newline.spec.ts, the applyDiff(original, diff) tests. Roo's tool
 * takes the file's path apart from the diff: here the file is test.ts and the call passes
 * `path: 'test.ts'` (most diffs of the tests also start with a "test.ts" line, kept as written).
 * Every test checks `success` and, when true, the new content: that is the expected file.
 */
const SPEC = 'RooCodeInc/Roo-Code@cb83656 src/core/diff/strategies/__tests__/multi-search-replace.spec.ts';
const NEWLINES = 'RooCodeInc/Roo-Code@cb83656 src/core/diff/strategies/__tests__/multi-search-replace-trailing-newline.spec.ts';

const apply = (original: string, diff: string) => ({ files: { 'test.ts': original }, call: { tool: 'apply_patch' as const, patch: diff, path: 'test.ts' } });
const result = (content: string) => ({ files: { 'test.ts': content } });
const refused = { refused: true } as const;

const HELLO = 'function hello() {\n    console.log("hello")\n}\n';

const exactMatching: PeerCase[] = [
  {
    name: 'should replace matching content',
    source: `${SPEC} › exact matching`,
    ...apply(HELLO, joined('test.ts', '<<<<<<< SEARCH', 'function hello() {', '    console.log("hello")', '}', '=======', 'function hello() {', '    console.log("hello world")', '}', '>>>>>>> REPLACE')),
    expected: result('function hello() {\n    console.log("hello world")\n}\n'),
  },
  {
    name: 'should replace matching content in multiple blocks',
    source: `${SPEC} › exact matching`,
    ...apply(HELLO, joined('test.ts', '<<<<<<< SEARCH', 'function hello() {', '=======', 'function helloWorld() {', '>>>>>>> REPLACE', '<<<<<<< SEARCH', '    console.log("hello")', '=======', '    console.log("hello world")', '>>>>>>> REPLACE')),
    expected: result('function helloWorld() {\n    console.log("hello world")\n}\n'),
  },
  {
    name: 'should replace matching content in multiple blocks with line numbers',
    source: `${SPEC} › exact matching`,
    ...apply(
      HELLO,
      joined('test.ts', '<<<<<<< SEARCH', ':start_line:1', '-------', 'function hello() {', '=======', 'function helloWorld() {', '>>>>>>> REPLACE', '<<<<<<< SEARCH', ':start_line:2', '-------', '    console.log("hello")', '=======', '    console.log("hello world")', '>>>>>>> REPLACE'),
    ),
    expected: result('function helloWorld() {\n    console.log("hello world")\n}\n'),
  },
  {
    name: 'should replace matching content when end_line is passed in',
    source: `${SPEC} › exact matching`,
    ...apply(HELLO, joined('test.ts', '<<<<<<< SEARCH', ':start_line:1', ':end_line:1', '-------', 'function hello() {', '=======', 'function helloWorld() {', '>>>>>>> REPLACE')),
    expected: result('function helloWorld() {\n    console.log("hello")\n}\n'),
  },
  {
    name: 'should match content with different surrounding whitespace',
    source: `${SPEC} › exact matching`,
    ...apply('\nfunction example() {\n    return 42;\n}\n\n', joined('test.ts', '<<<<<<< SEARCH', 'function example() {', '    return 42;', '}', '=======', 'function example() {', '    return 43;', '}', '>>>>>>> REPLACE')),
    expected: result('\nfunction example() {\n    return 43;\n}\n\n'),
  },
  {
    name: 'should match content with different indentation in search block',
    source: `${SPEC} › exact matching`,
    ...apply('    function test() {\n        return true;\n    }\n', joined('test.ts', '<<<<<<< SEARCH', 'function test() {', '    return true;', '}', '=======', 'function test() {', '    return false;', '}', '>>>>>>> REPLACE')),
    expected: result('    function test() {\n        return false;\n    }\n'),
  },
  {
    name: 'should handle tab-based indentation',
    source: `${SPEC} › exact matching`,
    ...apply('function test() {\n\treturn true;\n}\n', joined('test.ts', '<<<<<<< SEARCH', 'function test() {', '\treturn true;', '}', '=======', 'function test() {', '\treturn false;', '}', '>>>>>>> REPLACE')),
    expected: result('function test() {\n\treturn false;\n}\n'),
  },
  {
    name: 'should preserve mixed tabs and spaces',
    source: `${SPEC} › exact matching`,
    ...apply(
      '\tclass Example {\n\t    constructor() {\n\t\tthis.value = 0;\n\t    }\n\t}',
      joined('test.ts', '<<<<<<< SEARCH', '\tclass Example {', '\t    constructor() {', '\t\tthis.value = 0;', '\t    }', '\t}', '=======', '\tclass Example {', '\t    constructor() {', '\t\tthis.value = 1;', '\t    }', '\t}', '>>>>>>> REPLACE'),
    ),
    expected: result('\tclass Example {\n\t    constructor() {\n\t\tthis.value = 1;\n\t    }\n\t}'),
  },
  {
    name: 'should handle additional indentation with tabs',
    source: `${SPEC} › exact matching`,
    ...apply('\tfunction test() {\n\t\treturn true;\n\t}', joined('test.ts', '<<<<<<< SEARCH', 'function test() {', '\treturn true;', '}', '=======', 'function test() {', '\t// Add comment', '\treturn false;', '}', '>>>>>>> REPLACE')),
    expected: result('\tfunction test() {\n\t\t// Add comment\n\t\treturn false;\n\t}'),
  },
  {
    name: 'should preserve exact indentation characters when adding lines',
    source: `${SPEC} › exact matching`,
    ...apply(
      '\tfunction test() {\n\t\treturn true;\n\t}',
      joined('test.ts', '<<<<<<< SEARCH', '\tfunction test() {', '\t\treturn true;', '\t}', '=======', '\tfunction test() {', '\t\t// First comment', '\t\t// Second comment', '\t\treturn true;', '\t}', '>>>>>>> REPLACE'),
    ),
    expected: result('\tfunction test() {\n\t\t// First comment\n\t\t// Second comment\n\t\treturn true;\n\t}'),
  },
  {
    name: 'should handle Windows-style CRLF line endings',
    source: `${SPEC} › exact matching`,
    ...apply('function test() {\r\n    return true;\r\n}\r\n', joined('test.ts', '<<<<<<< SEARCH', 'function test() {', '    return true;', '}', '=======', 'function test() {', '    return false;', '}', '>>>>>>> REPLACE')),
    expected: result('function test() {\r\n    return false;\r\n}\r\n'),
  },
  {
    name: 'should return false if search content does not match',
    source: `${SPEC} › exact matching`,
    ...apply(HELLO, joined('test.ts', '<<<<<<< SEARCH', 'function hello() {', '    console.log("wrong")', '}', '=======', 'function hello() {', '    console.log("hello world")', '}', '>>>>>>> REPLACE')),
    expected: refused,
  },
  {
    name: 'should return false if diff format is invalid',
    source: `${SPEC} › exact matching`,
    ...apply(HELLO, 'test.ts\nInvalid diff format'),
    expected: refused,
  },
  {
    name: 'should handle multiple lines with proper indentation',
    source: `${SPEC} › exact matching`,
    ...apply(
      'class Example {\n    constructor() {\n        this.value = 0\n    }\n\n    getValue() {\n        return this.value\n    }\n}\n',
      joined('test.ts', '<<<<<<< SEARCH', '    getValue() {', '        return this.value', '    }', '=======', '    getValue() {', '        // Add logging', '        console.log("Getting value")', '        return this.value', '    }', '>>>>>>> REPLACE'),
    ),
    expected: result('class Example {\n    constructor() {\n        this.value = 0\n    }\n\n    getValue() {\n        // Add logging\n        console.log("Getting value")\n        return this.value\n    }\n}\n'),
  },
  {
    name: 'should preserve whitespace exactly in the output',
    source: `${SPEC} › exact matching`,
    ...apply('    indented\n        more indented\n    back\n', joined('test.ts', '<<<<<<< SEARCH', '    indented', '        more indented', '    back', '=======', '    modified', '        still indented', '    end', '>>>>>>> REPLACE')),
    expected: result('    modified\n        still indented\n    end\n'),
  },
  {
    name: 'should preserve indentation when adding new lines after existing content',
    source: `${SPEC} › exact matching`,
    ...apply(
      '\t\t\t\tonScroll={() => updateHighlights()}',
      joined('test.ts', '<<<<<<< SEARCH', '\t\t\t\tonScroll={() => updateHighlights()}', '=======', '\t\t\t\tonScroll={() => updateHighlights()}', '\t\t\t\tonDragOver={(e) => {', '\t\t\t\t\te.preventDefault()', '\t\t\t\t\te.stopPropagation()', '\t\t\t\t}}', '>>>>>>> REPLACE'),
    ),
    expected: result('\t\t\t\tonScroll={() => updateHighlights()}\n\t\t\t\tonDragOver={(e) => {\n\t\t\t\t\te.preventDefault()\n\t\t\t\t\te.stopPropagation()\n\t\t\t\t}}'),
  },
  {
    name: 'should handle varying indentation levels correctly',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('class Example {', '    constructor() {', '        this.value = 0;', '        if (true) {', '            this.init();', '        }', '    }', '}'),
      joined(
        'test.ts',
        '<<<<<<< SEARCH',
        '    class Example {',
        '        constructor() {',
        '            this.value = 0;',
        '            if (true) {',
        '                this.init();',
        '            }',
        '        }',
        '    }',
        '=======',
        '    class Example {',
        '        constructor() {',
        '            this.value = 1;',
        '            if (true) {',
        '                this.init();',
        '                this.setup();',
        '                this.validate();',
        '            }',
        '        }',
        '    }',
        '>>>>>>> REPLACE',
      ),
    ),
    expected: result(joined('class Example {', '    constructor() {', '        this.value = 1;', '        if (true) {', '            this.init();', '            this.setup();', '            this.validate();', '        }', '    }', '}')),
  },
  {
    name: 'should handle mixed indentation styles in the same file',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('class Example {', '    constructor() {', '        this.value = 0;', '        if (true) {', '            this.init();', '        }', '    }', '}'),
      joined(
        'test.ts',
        '<<<<<<< SEARCH',
        '    constructor() {',
        '        this.value = 0;',
        '        if (true) {',
        '        this.init();',
        '        }',
        '    }',
        '=======',
        '    constructor() {',
        '        this.value = 1;',
        '        if (true) {',
        '        this.init();',
        '        this.validate();',
        '        }',
        '    }',
        '>>>>>>> REPLACE',
      ),
    ),
    expected: result(joined('class Example {', '    constructor() {', '        this.value = 1;', '        if (true) {', '        this.init();', '        this.validate();', '        }', '    }', '}')),
  },
  {
    name: 'should handle Python-style significant whitespace',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('def example():', '    if condition:', '        do_something()', '        for item in items:', '            process(item)', '    return True'),
      joined('test.ts', '<<<<<<< SEARCH', '    if condition:', '        do_something()', '        for item in items:', '            process(item)', '=======', '    if condition:', '        do_something()', '        while items:', '            item = items.pop()', '            process(item)', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('def example():', '    if condition:', '        do_something()', '        while items:', '            item = items.pop()', '            process(item)', '    return True')),
  },
  {
    name: 'should preserve empty lines with indentation',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('function test() {', '    const x = 1;', '    ', '    if (x) {', '        return true;', '    }', '}'),
      joined('test.ts', '<<<<<<< SEARCH', '    const x = 1;', '    ', '    if (x) {', '=======', '    const x = 1;', '    ', '    // Check x', '    if (x) {', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('function test() {', '    const x = 1;', '    ', '    // Check x', '    if (x) {', '        return true;', '    }', '}')),
  },
  {
    name: 'should handle indentation when replacing entire blocks',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('class Test {', '    method() {', '        if (true) {', '            console.log("test");', '        }', '    }', '}'),
      joined(
        'test.ts',
        '<<<<<<< SEARCH',
        '    method() {',
        '        if (true) {',
        '            console.log("test");',
        '        }',
        '    }',
        '=======',
        '    method() {',
        '        try {',
        '            if (true) {',
        '                console.log("test");',
        '            }',
        '        } catch (e) {',
        '            console.error(e);',
        '        }',
        '    }',
        '>>>>>>> REPLACE',
      ),
    ),
    expected: result(joined('class Test {', '    method() {', '        try {', '            if (true) {', '                console.log("test");', '            }', '        } catch (e) {', '            console.error(e);', '        }', '    }', '}')),
  },
  {
    name: 'should handle negative indentation relative to search content',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('class Example {', '    constructor() {', '        if (true) {', '            this.init();', '            this.setup();', '        }', '    }', '}'),
      joined('test.ts', '<<<<<<< SEARCH', '            this.init();', '            this.setup();', '=======', '        this.init();', '        this.setup();', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('class Example {', '    constructor() {', '        if (true) {', '        this.init();', '        this.setup();', '        }', '    }', '}')),
  },
  {
    name: 'should handle extreme negative indentation (no indent)',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('class Example {', '    constructor() {', '        if (true) {', '            this.init();', '        }', '    }', '}'),
      joined('test.ts', '<<<<<<< SEARCH', '            this.init();', '=======', 'this.init();', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('class Example {', '    constructor() {', '        if (true) {', 'this.init();', '        }', '    }', '}')),
  },
  {
    name: 'should handle mixed indentation changes in replace block',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('class Example {', '    constructor() {', '        if (true) {', '            this.init();', '            this.setup();', '            this.validate();', '        }', '    }', '}'),
      joined('test.ts', '<<<<<<< SEARCH', '            this.init();', '            this.setup();', '            this.validate();', '=======', '        this.init();', '            this.setup();', '    this.validate();', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('class Example {', '    constructor() {', '        if (true) {', '        this.init();', '            this.setup();', '    this.validate();', '        }', '    }', '}')),
  },
  {
    name: 'should find matches from middle out',
    source: `${SPEC} › exact matching`,
    ...apply(
      joined('function one() {', '    return "target";', '}', '', 'function two() {', '    return "target";', '}', '', 'function three() {', '    return "target";', '}', '', 'function four() {', '    return "target";', '}', '', 'function five() {', '    return "target";', '}'),
      joined('test.ts', '<<<<<<< SEARCH', ':start_line:9', '-------', '    return "target";', '=======', '    return "updated";', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('function one() {', '    return "target";', '}', '', 'function two() {', '    return "target";', '}', '', 'function three() {', '    return "updated";', '}', '', 'function four() {', '    return "target";', '}', '', 'function five() {', '    return "target";', '}')),
    note: 'the test passes the start line 9 to applyDiff; here it is the block\'s own ":start_line:9"',
  },
];

const fuzzy: PeerCase[] = [
  {
    name: 'should match content with small differences (>90% similar)',
    source: `${SPEC} › fuzzy matching`,
    ...apply(
      'function getData() {\n    const results = fetchData();\n    return results.filter(Boolean);\n}\n',
      joined('test.ts', '<<<<<<< SEARCH', 'function getData() {', '    const result = fetchData();', '    return results.filter(Boolean);', '}', '=======', 'function getData() {', '    const data = fetchData();', '    return data.filter(Boolean);', '}', '>>>>>>> REPLACE'),
    ),
    expected: result('function getData() {\n    const data = fetchData();\n    return data.filter(Boolean);\n}\n'),
  },
  {
    name: 'should not match when content is too different (<90% similar)',
    source: `${SPEC} › fuzzy matching`,
    ...apply(
      'function processUsers(data) {\n    return data.map(user => user.name);\n}\n',
      joined('test.ts', '<<<<<<< SEARCH', 'function handleItems(items) {', '    return items.map(item => item.username);', '}', '=======', 'function processData(data) {', '    return data.map(d => d.value);', '}', '>>>>>>> REPLACE'),
    ),
    expected: refused,
  },
  {
    name: 'should match content with extra whitespace',
    source: `${SPEC} › fuzzy matching`,
    ...apply('function sum(a, b) {\n    return a + b;\n}', joined('test.ts', '<<<<<<< SEARCH', 'function   sum(a,   b)    {', '    return    a + b;', '}', '=======', 'function sum(a, b) {', '    return a + b + 1;', '}', '>>>>>>> REPLACE')),
    expected: result('function sum(a, b) {\n    return a + b + 1;\n}'),
  },
  {
    name: 'should match content with smart quotes',
    source: `${SPEC} › fuzzy matching`,
    ...apply(
      "**Enjoy Roo Code!** Whether you keep it on a short leash or let it roam autonomously, we can't wait to see what you build. If you have questions or feature ideas, drop by our [Reddit community](https://www.reddit.com/r/RooCode/) or [Discord](https://discord.gg/roocode). Happy coding!",
      joined(
        'test.ts',
        '<<<<<<< SEARCH',
        "**Enjoy Roo Code!** Whether you keep it on a short leash or let it roam autonomously, we can't wait to see what you build. If you have questions or feature ideas, drop by our [Reddit community](https://www.reddit.com/r/RooCode/) or [Discord](https://discord.gg/roocode). Happy coding!",
        '=======',
        "**Enjoy Roo Code!** Whether you keep it on a short leash or let it roam autonomously, we can't wait to see what you build. If you have questions or feature ideas, drop by our [Reddit community](https://www.reddit.com/r/RooCode/) or [Discord](https://discord.gg/roocode). Happy coding!",
        '',
        "You're still here?",
        '>>>>>>> REPLACE',
      ),
    ),
    expected: result(
      "**Enjoy Roo Code!** Whether you keep it on a short leash or let it roam autonomously, we can't wait to see what you build. If you have questions or feature ideas, drop by our [Reddit community](https://www.reddit.com/r/RooCode/) or [Discord](https://discord.gg/roocode). Happy coding!\n\nYou're still here?",
    ),
    note: 'despite its name, the file and the block of the test hold ASCII quotes only',
  },
  {
    name: 'should not exact match empty lines',
    source: `${SPEC} › fuzzy matching`,
    ...apply('function sum(a, b) {\n\n    return a + b;\n}', joined('test.ts', '<<<<<<< SEARCH', 'function sum(a, b) {', '=======', 'import { a } from "a";', 'function sum(a, b) {', '>>>>>>> REPLACE')),
    expected: result('import { a } from "a";\nfunction sum(a, b) {\n\n    return a + b;\n}'),
  },
];

const deletion: PeerCase[] = [
  {
    name: 'should delete code when replace block is empty',
    source: `${SPEC} › deletion`,
    ...apply(joined('function test() {', '    console.log("hello");', '    // Comment to remove', '    console.log("world");', '}'), joined('test.ts', '<<<<<<< SEARCH', '    // Comment to remove', '=======', '>>>>>>> REPLACE')),
    expected: result(joined('function test() {', '    console.log("hello");', '    console.log("world");', '}')),
  },
  {
    name: 'should delete multiple lines when replace block is empty',
    source: `${SPEC} › deletion`,
    ...apply(
      joined('class Example {', '    constructor() {', '        // Initialize', '        this.value = 0;', '        // Set defaults', '        this.name = "";', '        // End init', '    }', '}'),
      joined('test.ts', '<<<<<<< SEARCH', '        // Initialize', '        this.value = 0;', '        // Set defaults', '        this.name = "";', '        // End init', '=======', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('class Example {', '    constructor() {', '    }', '}')),
  },
  {
    name: 'should preserve indentation when deleting nested code',
    source: `${SPEC} › deletion`,
    ...apply(
      joined('function outer() {', '    if (true) {', '        // Remove this', '        console.log("test");', '        // And this', '    }', '    return true;', '}'),
      joined('test.ts', '<<<<<<< SEARCH', '        // Remove this', '        console.log("test");', '        // And this', '=======', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('function outer() {', '    if (true) {', '    }', '    return true;', '}')),
  },
  {
    name: 'should delete a line when search block has line number prefix and replace is empty',
    source: `${SPEC} › deletion`,
    ...apply('line 1\nline to delete\nline 3', joined('', '<<<<<<< SEARCH', ':start_line:2', '-------', '2 | line to delete', '=======', '>>>>>>> REPLACE')),
    expected: result('line 1\nline 3'),
  },
];

const CLASS_EXAMPLE = joined('class Example {', '    constructor() {', '        this.value = 0;', '    }', '}');
const ADDRESSES = [
  '                List<ContactInfoItemResp> addressInfoList = new ArrayList<>(CollectionUtils.size(repairInfoList) > 10 ? 10',
  '                                : CollectionUtils.size(repairInfoList) + CollectionUtils.size(homeAddressInfoList)',
  '                                                + CollectionUtils.size(idNoAddressInfoList) + CollectionUtils.size(workAddressInfoList)',
  '                                                + CollectionUtils.size(personIdentityInfoList));',
];
const FILTER = [
  '                ',
  '                // Filter addresses if optimization is enabled',
  '                if (isAddressDisplayOptimizeEnabled()) {',
  '                    homeAddressInfoList = filterAddressesByThreeYearRule(homeAddressInfoList);',
  '                    personIdentityInfoList = filterAddressesByThreeYearRule(personIdentityInfoList);',
  '                    idNoAddressInfoList = filterAddressesByThreeYearRule(idNoAddressInfoList);',
  '                    workAddressInfoList = filterAddressesByThreeYearRule(workAddressInfoList);',
  '                }',
  '                ',
];

const trailingNewlines: PeerCase[] = [
  {
    name: 'should preserve trailing newlines in SEARCH content with line numbers',
    source: NEWLINES,
    ...apply(
      CLASS_EXAMPLE,
      joined('<<<<<<< SEARCH', '1 | class Example {', '2 |     constructor() {', '3 |         this.value = 0;', '4 |     }', '5 | }', '=======', 'class Example {', '    constructor() {', '        this.value = 1;', '    }', '}', '>>>>>>> REPLACE'),
    ),
    expected: result(joined('class Example {', '    constructor() {', '        this.value = 1;', '    }', '}')),
  },
  {
    name: 'should handle Windows line endings with trailing newlines and line numbers',
    source: NEWLINES,
    ...apply('function test() {\r\n    return true;\r\n}\r\n', joined('<<<<<<< SEARCH', '1 | function test() {', '2 |     return true;', '3 | }', '=======', 'function test() {', '    return false;', '}', '>>>>>>> REPLACE')),
    expected: result('function test() {\r\n    return false;\r\n}\r\n'),
  },
  {
    name: 'should handle multiple search/replace blocks with trailing newlines',
    source: NEWLINES,
    ...apply(
      joined('function one() {', '    return 1;', '}', '', 'function two() {', '    return 2;', '}'),
      joined(
        '<<<<<<< SEARCH',
        '1 | function one() {',
        '2 |     return 1;',
        '3 | }',
        '=======',
        'function one() {',
        '    return 10;',
        '}',
        '>>>>>>> REPLACE',
        '',
        '<<<<<<< SEARCH',
        '5 | function two() {',
        '6 |     return 2;',
        '7 | }',
        '=======',
        'function two() {',
        '    return 20;',
        '}',
        '>>>>>>> REPLACE',
      ),
    ),
    expected: result(joined('function one() {', '    return 10;', '}', '', 'function two() {', '    return 20;', '}')),
  },
  {
    name: 'should handle content with line numbers at the last line',
    source: NEWLINES,
    ...apply(joined(...ADDRESSES), joined('<<<<<<< SEARCH', ...ADDRESSES.map((row, at) => `${1476 + at} | ${row}`), '=======', ...FILTER, ...ADDRESSES, '>>>>>>> REPLACE')),
    expected: result(joined(...FILTER, ...ADDRESSES)),
    note: 'the test checks that the new content holds the added lines and no "NNNN |" prefix; the SEARCH part is the whole file, so the new file is the REPLACE part',
  },
  {
    name: 'should correctly strip line numbers even when last line has no trailing newline',
    source: NEWLINES,
    ...apply('line 1\nline 2\nline 3', joined('<<<<<<< SEARCH', '1 | line 1', '2 | line 2', '3 | line 3', '=======', 'line 1', 'modified line 2', 'line 3', '>>>>>>> REPLACE')),
    expected: result('line 1\nmodified line 2\nline 3'),
  },
];

export const roo: PeerSuite = {
  peer: 'Roo Code apply_diff',
  cases: [...exactMatching, ...fuzzy, ...deletion, ...trailingNewlines],
  skipped: [
    { tests: 'multi-search-replace.spec.ts › validateMarkerSequencing (13 tests)', why: "a private validator's verdict (and message) on marker order: it applies nothing" },
    { tests: 'multi-search-replace.spec.ts › line marker validation in REPLACE sections (11 tests)', why: "the same private validator, on :start_line:/:end_line: lines inside REPLACE parts: it applies nothing" },
  ],
};
