import { describe, expect, it } from 'vitest';
import { lines, outlineOf, readTexts } from '../helpers.js';

describe('Go structures', () => {
  const server = lines(
    'package server',
    '',
    'import (',
    '\t"fmt"',
    '\t"net/http"',
    ')',
    '',
    '// Server serves requests.',
    'type Server struct {',
    '\tName string',
    '\tPort int',
    '}',
    '',
    '// Start starts the server.',
    'func (s *Server) Start() error {',
    '\tswitch s.Port {',
    '\tcase 0:',
    '\t\treturn fmt.Errorf("no port")',
    '\tdefault:',
    '\t\treturn http.ListenAndServe(fmt.Sprint(s.Port), nil)',
    '\t}',
    '}',
    '',
    'func (s Server) Stop() {}',
    '',
    'func New(name string) *Server { return &Server{Name: name} }',
  );

  it('builds methods with receivers, struct fields and switch cases', async () => {
    expect(await outlineOf('server.go', server)).toMatchInlineSnapshot(`
      "package [1-1] "package"
      import [3-6] "import"
      type Server [8-12] "type Server"
        property Name [10-10] "type Server\\nName"
        property Port [11-11] "type Server\\nPort"
      method Start [14-22] "func (s *Server) Start"
        switch [16-21] "func (s *Server) Start\\nswitch"
          case [17-18] "func (s *Server) Start\\nswitch\\ncase"
            statement [18-18] "func (s *Server) Start\\nswitch\\ncase\\nreturn"
          case [19-20] "func (s *Server) Start\\nswitch\\ndefault"
            statement [20-20] "func (s *Server) Start\\nswitch\\ndefault\\nreturn"
      method Stop [24-24] "func (s Server) Stop"
      function New [26-26] "func New"
        statement [26-26] "func New\\nreturn""
    `);
  });

  it('reads a method with a receiver and its doc comment', async () => {
    expect(await readTexts('server.go', server, 'func (s *Server) Start()')).toEqual([
      lines(
        '// Start starts the server.',
        'func (s *Server) Start() error {',
        '\tswitch s.Port {',
        '\tcase 0:',
        '\t\treturn fmt.Errorf("no port")',
        '\tdefault:',
        '\t\treturn http.ListenAndServe(fmt.Sprint(s.Port), nil)',
        '\t}',
        '}',
      ).slice(0, -1),
    ]);
    expect(await readTexts('server.go', server, 'func (s *Server) Start()\nswitch s.Port\ncase 0:')).toEqual(['\tcase 0:\n\t\treturn fmt.Errorf("no port")']);
  });

  it('makes each spec of a grouped const, var or type declaration a structure; the group names none, a lone spec stays one structure', async () => {
    const modes = lines(
      'package modes',
      '',
      'const (',
      '\t// Read is first.',
      '\tRead Mode = iota',
      '\tWrite',
      ')',
      '',
      'var (',
      '\tx, y = 1, 2',
      '\tz    int',
      ')',
      '',
      'type (',
      '\tMode int',
      '\tAlias = Mode',
      ')',
      '',
      'const one = 1',
      '',
      'type Pair struct{ a, b int }',
    );
    expect(await outlineOf('modes.go', modes)).toMatchInlineSnapshot(`
      "package [1-1] "package"
      variable [3-7] "const ("
        variable Read [4-5] "const (\\nRead"
        variable Write [6-6] "const (\\nWrite"
      variable [9-12] "var"
        variable x [10-10] "var\\nx"
        variable z [11-11] "var\\nz"
      type [14-17] "type ("
        type Mode [15-15] "type (\\nMode"
        type Alias [16-16] "type (\\nAlias"
      variable one [19-19] "const one"
      type Pair [21-21] "type Pair"
        property a [21-21] "type Pair\\na""
    `);
    expect(await readTexts('modes.go', modes, 'const (\nRead')).toEqual(['\t// Read is first.\n\tRead Mode = iota']);
    expect(await readTexts('modes.go', modes, 'type (\nAlias')).toEqual(['\tAlias = Mode']);
  });
});

describe('Rust structures', () => {
  const shapes = lines(
    'use std::fmt;',
    '',
    '/// A point.',
    '#[derive(Debug, Clone)]',
    'pub struct Point {',
    '    pub x: f64,',
    '    pub y: f64,',
    '}',
    '',
    'impl Point {',
    '    /// The origin.',
    '    pub fn origin() -> Self {',
    '        Point { x: 0.0, y: 0.0 }',
    '    }',
    '',
    '    #[inline]',
    '    pub fn norm(&self) -> f64 {',
    '        (self.x * self.x + self.y * self.y).sqrt()',
    '    }',
    '}',
    '',
    'impl fmt::Display for Point {',
    "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {",
    '        write!(f, "({}, {})", self.x, self.y)',
    '    }',
    '}',
    '',
    'pub enum Shape { Circle(f64), Square { side: f64 } }',
  );

  it('builds impl blocks, attributes and doc comments', async () => {
    expect(await outlineOf('shapes.rs', shapes)).toMatchInlineSnapshot(`
      "import [1-1] "use"
      struct Point [3-8] "pub struct Point"
        property x [6-6] "pub struct Point\\npub x"
        property y [7-7] "pub struct Point\\npub y"
      impl Point [10-20] "impl Point"
        method origin [11-14] "impl Point\\npub fn origin"
          struct_expression Point [13-13] "impl Point\\npub fn origin\\nPoint"
        method norm [16-19] "impl Point\\npub fn norm"
          call [18-18] "impl Point\\npub fn norm\\n(self.x * self.x + self.y * self.y).sqrt"
      impl Point [22-26] "impl fmt::Display for Point"
        method fmt [23-25] "impl fmt::Display for Point\\nfn fmt"
          call [24-24] "impl fmt::Display for Point\\nfn fmt\\nwrite!"
      enum Shape [28-28] "pub enum Shape"
        enum_member Circle [28-28] "pub enum Shape\\nCircle"
        enum_member Square [28-28] "pub enum Shape\\nSquare"
          property side [28-28] "pub enum Shape\\nSquare\\nside""
    `);
  });

  it('reads a method of an impl block with its attribute, and tells two impl blocks apart', async () => {
    expect(await readTexts('shapes.rs', shapes, 'impl Point\npub fn norm')).toEqual([
      '    #[inline]\n    pub fn norm(&self) -> f64 {\n        (self.x * self.x + self.y * self.y).sqrt()\n    }',
    ]);
    expect(await readTexts('shapes.rs', shapes, 'impl fmt::Display for Point\nfn fmt')).toHaveLength(1);
    expect(await readTexts('shapes.rs', shapes, 'impl')).toHaveLength(2);
  });
});

describe('Java structures', () => {
  const service = lines(
    'package com.example;',
    '',
    'import java.util.List;',
    '',
    '/** Manages users. */',
    '@Service',
    'public class UserService extends Base {',
    '    private final List<String> names = List.of();',
    '',
    '    /** Finds a user. */',
    '    @Override',
    '    @Transactional(readOnly = true)',
    '    public String find(int id) {',
    '        for (String name : names) {',
    '            if (name.isEmpty()) continue;',
    '        }',
    '        return null;',
    '    }',
    '',
    '    public UserService() {}',
    '',
    '    enum Role { ADMIN, USER; boolean isAdmin() { return this == ADMIN; } }',
    '}',
  );

  it('builds annotated classes and methods, constructors and enums', async () => {
    expect(await outlineOf('UserService.java', service)).toMatchInlineSnapshot(`
      "package [1-1] "package"
      import [3-3] "import"
      class UserService [5-23] "public class UserService"
        property names [8-8] "public class UserService\\nprivate final List<String> names"
        method find [10-18] "public class UserService\\npublic String find"
          loop [14-16] "public class UserService\\npublic String find\\nfor"
            if [15-15] "public class UserService\\npublic String find\\nfor\\nif"
          statement [17-17] "public class UserService\\npublic String find\\nreturn"
        constructor UserService [20-20] "public class UserService\\npublic UserService"
        enum Role [22-22] "public class UserService\\nenum Role"
          enum_member ADMIN [22-22] "public class UserService\\nenum Role\\nADMIN"
          enum_member USER [22-22] "public class UserService\\nenum Role\\nUSER"
          method isAdmin [22-22] "public class UserService\\nenum Role\\nboolean isAdmin"
            statement [22-22] "public class UserService\\nenum Role\\nboolean isAdmin\\nreturn""
    `);
  });

  it('reads an annotated method by its signature or by its annotation', async () => {
    const expected = [
      [
        '    /** Finds a user. */',
        '    @Override',
        '    @Transactional(readOnly = true)',
        '    public String find(int id) {',
        '        for (String name : names) {',
        '            if (name.isEmpty()) continue;',
        '        }',
        '        return null;',
        '    }',
      ].join('\n'),
    ];
    expect(await readTexts('UserService.java', service, 'public class UserService\npublic String find(int id)')).toEqual(expected);
    expect(await readTexts('UserService.java', service, '@Service\n@Override')).toEqual(expected);
  });
});
