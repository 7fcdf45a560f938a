import type { Editor } from '../../src/index.js';
import { refusalCases, type RefusalCase } from './refusal-cases.js';

// A case added to an enumeration must be handled by every match that has to cover it (Rust's
// `match`, Swift's `switch`, Kotlin's `when`, Java's switch expressions): it used to be `applied`
// while those matches no longer compiled. Each case: the files, the edit, and what comes back:
// `applied`, or each match MATCHES_BROKEN lists as `file:line: reason` (every file byte-identical).

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const NEEDS = (name: string, added: string) => `names every case of ${name} and has no arm taking any value (_, default, else): it needs one for ${added}`;

const shape = lines('pub enum Shape {', '    Circle,', '    Square(u8),', '}');
const rust = (...body: string[]) => ({ 'src/lib.rs': shape, 'src/area.rs': lines('use crate::Shape;', '', 'pub fn area(s: &Shape) -> u8 {', ...body, '}') });
const addTriangle = (editor: Editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'src/lib.rs', address: 'pub enum Shape', value: 'Triangle' }] });

const cases: RefusalCase[] = [
  { name: 'Rust: a match naming every variant', files: rust('    match s {', '        Shape::Circle => 1,', '        Shape::Square(n) => *n,', '    }'), edit: addTriangle, expected: ['src/area.rs:4: ' + NEEDS('Shape', 'Triangle')] },
  { name: 'Rust: a match with `_`', files: rust('    match s {', '        Shape::Circle => 1,', '        _ => 2,', '    }'), edit: addTriangle, expected: 'applied' },
  { name: 'Rust: a match with a binding taking the rest', files: rust('    match s {', '        Shape::Circle => 1,', '        Shape::Square(n) => *n,', '        other => 0,', '    }'), edit: addTriangle, expected: 'applied' },
  { name: 'Rust: a guarded binding takes no value for sure', files: rust('    match s {', '        Shape::Circle => 1,', '        Shape::Square(n) => *n,', '        x if true => 0,', '    }'), edit: addTriangle, expected: ['src/area.rs:4: ' + NEEDS('Shape', 'Triangle')] },
  { name: 'Rust: `if let` and `matches!` need not cover anything', files: rust('    if let Shape::Circle = s { return 1; }', '    if matches!(s, Shape::Square(_)) { 2 } else { 0 }'), edit: addTriangle, expected: 'applied' },
  { name: 'Rust: variants brought in by `use`, and a match nested in a tuple', files: rust('    use Shape::*;', '    let a = match s { Circle => 1, Square(n) => *n };', '    match (s, a) {', '        (Shape::Circle, _) => 1,', '        (Shape::Square(_), _) => 2,', '    }'), edit: addTriangle, expected: ['src/area.rs:5: ' + NEEDS('Shape', 'Triangle'), 'src/area.rs:6: ' + NEEDS('Shape', 'Triangle')] },
  { name: 'Rust: a variant no arm names is taken by arms that name none, which take the new one too', files: rust('    match (s, 1) {', '        (Shape::Circle, _) => 1,', '        (_, n) => n,', '    }'), edit: addTriangle, expected: 'applied' },
  { name: 'Rust: another enum with the same variant names', files: { 'src/lib.rs': lines(shape, 'pub enum Other {', '    Circle,', '    Square(u8),', '}', '', 'pub fn f(o: Other) -> u8 {', '    match o {', '        Other::Circle => 1,', '        Other::Square(n) => n,', '    }', '}') }, edit: addTriangle, expected: 'applied' },
  { name: "Rust: a match inside a macro's arguments is not read", files: rust('    println!("{}", match s { Shape::Circle => 1, Shape::Square(n) => *n });', '    0'), edit: addTriangle, expected: ["src/area.rs:4: a match inside a macro's arguments names every case of Shape; structedit does not read its patterns, so whether it covers Triangle cannot be told"] },
  { name: 'Rust: a variant inserted after another (a text edit)', files: rust('    match s {', '        Shape::Circle => 1,', '        Shape::Square(n) => *n,', '    }'), edit: (editor) => editor.insertAfterStructure({ path: 'src/lib.rs', target: 'pub enum Shape\nSquare', content: 'Triangle(u8, u8)' }), expected: ['src/area.rs:4: ' + NEEDS('Shape', 'Triangle')] },
  {
    name: 'Rust: the arm added in the same batch',
    files: rust('    match s {', '        Shape::Circle => 1,', '        Shape::Square(n) => *n,', '    }'),
    edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'src/lib.rs', address: 'pub enum Shape', value: 'Triangle' }, { op: 'set', path: 'src/area.rs', address: 'pub fn area.body', value: '{\n    match s {\n        Shape::Circle => 1,\n        Shape::Square(n) => *n,\n        Shape::Triangle => 3,\n    }\n}' }] }),
    expected: 'applied',
  },
  {
    name: 'Swift: a switch without `default`, and one with it',
    files: { 'Shape.swift': lines('enum Shape {', '    case circle, square', '}'), 'Area.swift': lines('func area(_ s: Shape) -> Int {', '    switch s {', '    case .circle: return 1', '    case Shape.square: return 2', '    }', '}', '', 'func name(_ s: Shape) -> String {', '    switch s {', '    case .circle: return "c"', '    default: return "?"', '    }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'Shape.swift', target: 'enum Shape', content: 'enum Shape {\n    case circle, square, triangle\n}' }),
    expected: ['Area.swift:2: ' + NEEDS('Shape', 'triangle')],
  },
  {
    name: 'Kotlin: a `when` on the enum, and one with `else`',
    files: { 'Shape.kt': lines('enum class Shape { CIRCLE, SQUARE }'), 'Area.kt': lines('fun area(s: Shape): Int = when (s) {', '    Shape.CIRCLE -> 1', '    Shape.SQUARE -> 2', '}', '', 'fun name(s: Shape): String = when (s) {', '    Shape.CIRCLE -> "c"', '    else -> "?"', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'Shape.kt', target: 'enum class Shape', content: 'enum class Shape { CIRCLE, SQUARE, TRIANGLE }' }),
    expected: ['Area.kt:1: ' + NEEDS('Shape', 'TRIANGLE')],
  },
  {
    name: 'Java: a switch expression must cover the enum; a switch statement need not',
    files: { 'Shape.java': lines('enum Shape { CIRCLE, SQUARE }'), 'Area.java': lines('class Area {', '    static int area(Shape s) {', '        switch (s) {', '            case CIRCLE: return 1;', '            case SQUARE: return 2;', '        }', '        return switch (s) {', '            case CIRCLE -> 1;', '            case SQUARE -> 2;', '        };', '    }', '}') },
    edit: (editor) => editor.applyEdits({ edits: [{ op: 'add', path: 'Shape.java', address: 'enum Shape', value: 'TRIANGLE' }] }),
    expected: ['Area.java:7: ' + NEEDS('Shape', 'TRIANGLE')],
  },
  {
    name: "Java: a sealed interface's permitted subtype added, against a pattern switch (a statement too)",
    files: { 'Shape.java': lines('sealed interface Shape permits Circle, Square {}', '', 'record Circle(int r) implements Shape {}', '', 'record Square(int s) implements Shape {}'), 'Area.java': lines('class Area {', '    static int area(Shape s) {', '        switch (s) {', '            case Circle c -> System.out.println(c);', '            case Square q -> System.out.println(q);', '        }', '        return switch (s) {', '            case Circle c -> c.r();', '            default -> 0;', '        };', '    }', '}') },
    edit: (editor) => editor.replaceStructure({ path: 'Shape.java', target: 'sealed interface Shape', content: 'sealed interface Shape permits Circle, Square, Tri {}' }),
    expected: ['Area.java:3: ' + NEEDS('Shape', 'Tri')],
  },
];

refusalCases('a case added to an enumeration is handled by every match that must cover it (MATCHES_BROKEN)', 'MATCHES_BROKEN', (error) => error.details.matches, cases, false);
