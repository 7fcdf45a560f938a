import { describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';
import { expectOk } from '../helpers.js';

/** Issue 21: per-language structure mistakes, fixed (TOML, Zig, Scala, TypeScript, Markdown). */

describe('TOML tables', () => {
  it('a table lists its pairs, not its header key; deleting a table leaves no "[]"', async () => {
    const fs = memoryFs({ 'Cargo.toml': '[package]\nname = "x"\n\n[dependencies]\nfoo = "1"\n' });
    const editor = createEditor({ fs });
    const listed = expectOk(await editor.listStructures({ path: 'Cargo.toml' }));
    expect(listed.structures.map((table) => [table.target, table.children.map((child) => child.target)])).toEqual([
      ['[package]', ['[package]\nname']],
      ['[dependencies]', ['[dependencies]\nfoo']],
    ]);
    expectOk(await editor.deleteStructure({ path: 'Cargo.toml', target: '[dependencies]' }));
    expect(fs.snapshot()['Cargo.toml']).toBe('[package]\nname = "x"\n');
  });
});

describe('Zig containers', () => {
  it('the fields and functions of `const S = struct { … }` are its structures, readable by target', async () => {
    const source = 'const S = struct {\n    a: i32,\n\n    pub fn get(self: S) i32 {\n        return self.a;\n    }\n};\n';
    const editor = createEditor({ fs: memoryFs({ 's.zig': source }) });
    const listed = expectOk(await editor.listStructures({ path: 's.zig' }));
    expect(listed.structures[0]!.children.map((child) => [child.kind, child.name])).toEqual([
      ['container_field', 'a'],
      ['function', 'get'],
    ]);
    const read = expectOk(await editor.readStructure({ path: 's.zig', target: 'const\npub fn get' }));
    expect(read.matches[0]!.text).toBe('    pub fn get(self: S) i32 {\n        return self.a;\n    }');
  });
});

describe('nodes that spill onto the next line', () => {
  it("a Scala case clause ends on its own line (the grammar ends it after the next line's indentation)", async () => {
    const source = 'object A {\n  def f = try { 1 } catch {\n    case e: Exception => 1\n    case e: Throwable => 2\n  }\n}\n';
    const fs = memoryFs({ 'a.scala': source });
    const editor = createEditor({ fs });
    const target = 'object A\ndef f\ncatch\ncase e: Exception';
    const read = expectOk(await editor.readStructure({ path: 'a.scala', target }));
    expect(read.matches[0]!.line_range_inclusive).toEqual([3, 3]);
    // Before, writing its own text back gave "1case e: Throwable => 2".
    expectOk(await editor.replaceStructure({ path: 'a.scala', target, content: read.matches[0]!.text }));
    expect(fs.snapshot()['a.scala']).toBe(source);
  });

  it("a Scala method whose body is on the next line does not take the next method's doc comment (Scala 2.11's SetLike.scala)", async () => {
    const source = [
      'trait SetLike {',
      '  override def + (elem1: A, elem2: A): This =',
      '    clone() += elem1 += elem2',
      '',
      '  /** Creates a new set.',
      '   */',
      '  @migration("`++` creates a new set.", "2.8.0")',
      '  override def ++(xs: A): This = clone() ++= xs',
      '}',
      '',
    ].join('\n');
    const fs = memoryFs({ 'a.scala': source });
    const editor = createEditor({ fs });
    const listed = expectOk(await editor.listStructures({ path: 'a.scala' }));
    expect(listed.structures[0]!.children.map((child) => child.line_range_inclusive)).toEqual([
      [2, 3],
      [5, 8],
    ]);
    // Deleting the first method deleted the second one's doc comment.
    expectOk(await editor.deleteStructure({ path: 'a.scala', target: 'trait SetLike\noverride def + (elem1: A, elem2: A)', force: true }));
    expect(fs.snapshot()['a.scala']).toBe(['trait SetLike {', ...source.split('\n').slice(4)].join('\n'));
  });
});

describe('TypeScript object types in parameters', () => {
  it("the members of a parameter's object type are not the function's structures; a type alias's still are", async () => {
    const source = 'function f(opts: { a: number; b: string }) {\n  return opts.a;\n}\n\ntype Options = { a: number; b: string };\n';
    const editor = createEditor({ fs: memoryFs({ 'f.ts': source }) });
    const listed = expectOk(await editor.listStructures({ path: 'f.ts' }));
    expect(listed.structures.map((structure) => [structure.target, structure.children.map((child) => child.target)])).toEqual([
      ['function f', ['function f\nreturn']],
      ['type Options', ['type Options\na', 'type Options\nb']],
    ]);
  });
});

describe('Markdown indented code blocks', () => {
  it('written back as read, an indented code block keeps its indentation (it became a paragraph)', async () => {
    const source = '# T\n\nText.\n\n    code line 1\n      code line 2\n\nMore.\n';
    const fs = memoryFs({ 'a.md': source });
    const editor = createEditor({ fs });
    const read = expectOk(await editor.readStructure({ path: 'a.md', target: 'T\ncode' }));
    expectOk(await editor.replaceStructure({ path: 'a.md', target: 'T\ncode', content: read.matches[0]!.text }));
    expect(fs.snapshot()['a.md']).toBe(source);
  });
});

describe('@line targets', () => {
  it('repeated headings and same-named definitions get a target ending in "@line N", which every operation takes', async () => {
    const files = { 'a.md': '# Notes\n\n## Usage\n\nOne.\n\n## Usage\n\nTwo.\n', 'b.py': 'def twice():\n    return 1\n\n\ndef twice():\n    return 2\n' };
    const fs = memoryFs(files);
    const editor = createEditor({ fs });
    const sections = expectOk(await editor.listStructures({ path: 'a.md' })).structures[0]!.children;
    expect(sections.map((section) => section.target)).toEqual(['Notes\nUsage\n@line 3', 'Notes\nUsage\n@line 7']);
    const twice = expectOk(await editor.listStructures({ path: 'b.py' })).structures;
    expect(twice.map((fn) => fn.target)).toEqual(['def twice():\n@line 1', 'def twice():\n@line 5']);
    expectOk(await editor.replaceStructure({ path: 'b.py', target: twice[1]!.target!, content: 'def twice():\n    return 3' }));
    expect(fs.snapshot()['b.py']).toBe('def twice():\n    return 1\n\n\ndef twice():\n    return 3\n');
    expectOk(await editor.deleteStructure({ path: 'a.md', target: 'Notes\nUsage\n@line 7' }));
    expect(fs.snapshot()['a.md']).toBe('# Notes\n\n## Usage\n\nOne.\n');
    // A line none of them starts on, even one inside the first (a stale line after an edit shifted
    // lines): not found, with the current targets of each.
    for (const line of [2, 3]) {
      const missing = await editor.readStructure({ path: 'b.py', target: `def twice():\n@line ${line}` });
      expect(missing.isErr() && missing.error.error).toBe('TARGET_NOT_FOUND');
      const suggested = missing.isErr() && missing.error.error === 'TARGET_NOT_FOUND' ? missing.error.details.suggestions.map((suggestion) => suggestion.target) : [];
      expect(suggested).toEqual(expect.arrayContaining(['def twice():\n@line 1', 'def twice():\n@line 5']));
    }
  });
});

describe('@line N:C targets', () => {
  it('structures that start alike on one line get the column too, and every operation takes it', async () => {
    // libxslt's gtk-doc general.html: a paragraph of links whose first 50 characters are the same.
    const href = 'libxslt-attributes.html-with-a-long-common-prefix-';
    const html = `<p><a href="${href}a">attributes</a> - x<br/><a href="${href}b">documents</a></p>\n`;
    const fs = memoryFs({ 'a.html': html });
    const editor = createEditor({ fs });
    const links = expectOk(await editor.listStructures({ path: 'a.html' })).structures[0]!.children.filter((child) => child.target?.includes('@line'));
    const prefix = `<p><a\n<a href="${href}`.slice(0, 6 + 50);
    expect(links.map((link) => link.target)).toEqual([`${prefix}\n@line 1:4`, `${prefix}\n@line 1:${html.indexOf('<a', 4) + 1}`]);
    expect(expectOk(await editor.readStructure({ path: 'a.html', target: links[1]!.target! })).matches[0]!.text).toBe(`<a href="${href}b">documents</a>`);
    expectOk(await editor.replaceStructure({ path: 'a.html', target: links[1]!.target!, content: `<a href="${href}b">docs</a>` }));
    expect(fs.snapshot()['a.html']).toBe(html.replace('>documents<', '>docs<'));
    const missing = await editor.readStructure({ path: 'a.html', target: `${prefix}\n@line 1:5` });
    expect(missing.isErr() && missing.error.message).toContain('on line 1 at column 5');
  });
});

describe('YAML mappings and sequences', () => {
  // A GitHub Actions workflow, as the YAML corpus (node_modules' .github/workflows) has them.
  const workflow = 'name: CI\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n';

  it('keys and items are the structures, nested as the document nests them (it was one structure per document)', async () => {
    const editor = createEditor({ fs: memoryFs({ 'ci.yml': workflow }) });
    const listed = expectOk(await editor.listStructures({ path: 'ci.yml' }));
    const targets = (nodes: typeof listed.structures): unknown[] => nodes.map((node) => (node.children.length > 0 ? [node.target, targets(node.children)] : node.target));
    expect(targets(listed.structures)).toEqual([
      'name',
      ['on', [['on\npush', ['on\npush\nbranches']]]],
      ['jobs', [['jobs\nbuild', ['jobs\nbuild\nruns-on', ['jobs\nbuild\nsteps', [['jobs\nbuild\nsteps\n- uses', ['jobs\nbuild\nsteps\n- uses\nuses']], ['jobs\nbuild\nsteps\n- run', ['jobs\nbuild\nsteps\n- run\nrun']]]]]]]],
    ]);
    const steps = expectOk(await editor.readStructure({ path: 'ci.yml', target: 'jobs\nbuild\nsteps' }));
    expect(steps.matches[0]!.text).toBe('    steps:\n      - uses: actions/checkout@v4\n      - run: npm test');
  });

  it('a step inserted after another goes on its own line at the items\' indentation; deleting it gives the file back', async () => {
    const fs = memoryFs({ 'ci.yml': workflow });
    const editor = createEditor({ fs });
    expectOk(await editor.insertAfterStructure({ path: 'ci.yml', target: 'jobs\nbuild\nsteps\n- uses', content: '- run: npm ci' }));
    expect(fs.snapshot()['ci.yml']).toBe(workflow.replace('      - run: npm test', '      - run: npm ci\n      - run: npm test'));
    expectOk(await editor.deleteStructure({ path: 'ci.yml', target: 'jobs\nbuild\nsteps\n- run: npm ci' }));
    expect(fs.snapshot()['ci.yml']).toBe(workflow);
  });
});

describe('Lua requires', () => {
  it('`local x = require "m"` is an import, and a module table put back above them keeps its blank line', async () => {
    // luarocks' admin/cache.lua: the module's table, a blank line, then its requires.
    const source = '--- Module handling the cache.\nlocal cache = {}\n\nlocal fs = require("luarocks.fs")\nlocal cfg = require "luarocks.core.cfg"\n\nfunction cache.f()\nend\n';
    const fs = memoryFs({ 'cache.lua': source });
    const editor = createEditor({ fs });
    const listed = expectOk(await editor.listStructures({ path: 'cache.lua' }));
    expect(listed.structures.map((structure) => structure.kind)).toEqual(['variable', 'import', 'import', 'function']);
    expectOk(await editor.deleteStructure({ path: 'cache.lua', target: 'local cache' }));
    expectOk(await editor.insertBeforeStructure({ path: 'cache.lua', target: 'local fs', content: '--- Module handling the cache.\nlocal cache = {}' }));
    expect(fs.snapshot()['cache.lua']).toBe(source);
  });
});

describe('comments between a header and its body', () => {
  it('lead the first structure of the body, so a method deleted and put back keeps every doc comment with its method', async () => {
    // Ruby 3.1's json/add/range.rb: the grammar keeps the first method's comment in the class, outside its body.
    const source = 'class Range\n\n  # Deserializes.\n  def self.json_create(object)\n    new(*object)\n  end\n\n  # Returns a hash.\n  def as_json(*)\n    {}\n  end\nend\n';
    const fs = memoryFs({ 'range.rb': source });
    const editor = createEditor({ fs });
    const [create] = expectOk(await editor.listStructures({ path: 'range.rb' })).structures[0]!.children;
    expect(create!.line_range_inclusive).toEqual([3, 6]);
    expectOk(await editor.deleteStructure({ path: 'range.rb', target: 'class Range\ndef self.json_create' }));
    expect(fs.snapshot()['range.rb']).toBe('class Range\n\n  # Returns a hash.\n  def as_json(*)\n    {}\n  end\nend\n');
    expectOk(await editor.insertBeforeStructure({ path: 'range.rb', target: 'class Range\ndef as_json', content: '# Deserializes.\ndef self.json_create(object)\n  new(*object)\nend' }));
    expect(fs.snapshot()['range.rb']).toBe(source);
  });
});

describe('Ruby blocks', () => {
  it("a block's statements are its structures, its |params| part of its header: one put back after another lands in the block", async () => {
    // Ruby 3.1's fiddle/struct.rb and drb/invokemethod.rb: the statements were one `block_body` / `body_statement`
    // structure beside a `|addr|` structure, and content inserted after `|addr|` went out of the block's indentation.
    const source = 'def create\n  define_method(:initialize){|addr, func = nil|\n    @entity = addr\n    @entity.assign(func)\n  }\n  run do |*x|\n    value = x\n    value\n  end\nend\n';
    const fs = memoryFs({ 'a.rb': source });
    const editor = createEditor({ fs });
    const [define, run] = expectOk(await editor.listStructures({ path: 'a.rb' })).structures[0]!.children;
    expect(define!.children.map((child) => child.line_range_inclusive)).toEqual([[3, 3], [4, 4]]);
    expect(run!.children.map((child) => child.line_range_inclusive)).toEqual([[7, 7], [8, 8]]);
    const [first, last] = run!.children;
    expectOk(await editor.deleteStructure({ path: 'a.rb', target: last!.target!, force: true }));
    expectOk(await editor.insertAfterStructure({ path: 'a.rb', target: first!.target!, content: 'value' }));
    expect(fs.snapshot()['a.rb']).toBe(source);
  });
});

describe('Ruby heredocs', () => {
  it("a heredoc's body is part of the statement that opens it: read, deleted and replaced with it", async () => {
    // Ruby 3.1's rubygems/commands/help_command.rb: the body was a structure of its own, without a target.
    const source = 'def help\n  puts <<~EOS\n    Usage: x\n  EOS\n  warn(<<~A, <<~B)\n    a\n  A\n    b\n  B\n  done\nend\n';
    const fs = memoryFs({ 'a.rb': source });
    const editor = createEditor({ fs });
    const [help] = expectOk(await editor.listStructures({ path: 'a.rb' })).structures;
    expect(help!.children.map((child) => [child.target, child.line_range_inclusive])).toEqual([
      ['def help\nputs', [2, 4]],
      ['def help\nwarn', [5, 9]],
      ['def help\ndone', [10, 10]],
    ]);
    expect(expectOk(await editor.readStructure({ path: 'a.rb', target: 'def help\nputs' })).matches[0]!.text).toBe('  puts <<~EOS\n    Usage: x\n  EOS');
    expectOk(await editor.deleteStructure({ path: 'a.rb', target: 'def help\nwarn' }));
    expectOk(await editor.replaceStructure({ path: 'a.rb', target: 'def help\nputs', content: 'puts "hi"' }));
    expect(fs.snapshot()['a.rb']).toBe('def help\n  puts "hi"\n  done\nend\n');
  });
});

describe('PHP opening tag', () => {
  it('`<?php` is not a structure (deleting it made the file inline HTML), and content put at the file start goes after it', async () => {
    // Google App Engine's PHP SDK (Debian google-cloud-sdk): the tag, then a namespace.
    const source = '<?php\nnamespace google\\appengine;\n\nrequire_once "a.php";\n';
    const fs = memoryFs({ 'a.php': source });
    const editor = createEditor({ fs });
    const listed = expectOk(await editor.listStructures({ path: 'a.php' }));
    expect(listed.structures.map((structure) => structure.kind)).toEqual(['module', 'expression']);
    expect(listed.structures.some((structure) => structure.target?.startsWith('<?php'))).toBe(false);
    expectOk(await editor.insertBeforeStructure({ path: 'a.php', target: '', content: 'declare(strict_types=1);' }));
    expect(fs.snapshot()['a.php']!.startsWith('<?php\ndeclare(strict_types=1);\n')).toBe(true);
  });
});

describe('complete structures inside a syntax error', () => {
  // libpng's example.c opens `#if 0` and never closes it; the C grammar then wraps the whole file
  // in an ERROR, as here the functions around a header it cannot parse (`#ifdef` between a
  // function's two signatures).
  const source = [
    '#if 0 /* in case someone actually tries to compile this */',
    '',
    '#include <stdio.h>',
    '',
    'int check(char *name)',
    '{',
    '   return name != NULL;',
    '}',
    '',
    '#ifdef open_file',
    'void read_png(char *file_name)',
    '#else no_open_file',
    'void read_png(FILE *fp, int sig_read)',
    '#endif no_open_file',
    '{',
    '   int width;',
    '}',
    '',
    'int done(void)',
    '{',
    '   return 0;',
    '}',
    '',
  ].join('\n');

  it('are structures, readable and editable; the broken function is not one, and the error stays where the stray tokens are', async () => {
    const fs = memoryFs({ 'a.c': source });
    const editor = createEditor({ fs });
    const listed = expectOk(await editor.listStructures({ path: 'a.c' }));
    // The functions were missing (their statements were listed at the top level instead).
    expect(listed.structures.map((structure) => [structure.kind, structure.target])).toEqual([
      ['import', '#include <stdio.h>'],
      ['function', 'int check'],
      ['declaration', 'int width'],
      ['function', 'int done'],
    ]);
    expect(expectOk(await editor.readStructure({ path: 'a.c', target: 'int check' })).matches[0]!.line_range_inclusive).toEqual([5, 8]);
    const edited = expectOk(await editor.replaceTextInStructure({ path: 'a.c', target: 'int done', old_text: 'return 0', new_text: 'return 1' }));
    // The stray tokens: `#if 0`, and the broken function's header lines.
    const { errors } = edited.warnings[0]!.details as { errors: Array<{ line: number }> };
    expect(errors.map((error) => error.line)).toEqual([1, 10, 12, 13, 14]);
    expect(fs.snapshot()['a.c']).toBe(source.replace('return 0', 'return 1'));
  });
});
