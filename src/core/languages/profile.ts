import type { Node } from 'web-tree-sitter';
import type { LineCategory } from '../file-read/line-category.js';
import type { ModuleResolver, ProjectFiles } from '../modules/project.js';
import type { ScopeModel } from '../semantic/scopes.js';
import type { StructureNode, TextSpan } from '../structure/types.js';
import type { StructureRules } from '../structure/rules.js';

/**
 * Everything structedit knows about one language, in one place: which syntax nodes are
 * structures, how parts are written, how names are scoped and imported, how files are laid out and
 * read. The code asks a profile, never a language id: adding a language is one profile file in
 * `profiles/` plus its line in `profiles/index.ts`. Each field is optional; what a profile leaves
 * out comes from the generic profile, which serves every grammar reasonably.
 */
export interface LanguageProfile {
  /** The language ids this profile serves (`typescript` and `tsx` share one). */
  readonly languages: readonly string[];
  /** Structure rules added to the generic ones (lists are merged, records extended). */
  readonly structure?: Partial<StructureRules>;
  /** How parts (`.params`, `.returns`, `.decorators`, `.bases`) are written. */
  readonly parts?: Partial<PartRules>;
  /** What a name is and which names a rename may use. */
  readonly names?: Partial<NameRules>;
  /** Class members the language or its standard classes declare, which a rename must not break. */
  readonly members?: Partial<MemberRules>;
  /** The scope model of a file (the generic rule when absent). */
  readonly scopes?: (root: Node, language: string) => ScopeModel;
  /** How files import each other (`null`: no module system structedit follows). */
  readonly modules?: ModuleSystem | null;
  /** What a declaration moved to another file takes with it where structedit follows no module system. */
  readonly moves?: Partial<MoveRules>;
  /** Blank lines between structures. */
  readonly layout?: Partial<LayoutRules>;
  /** How `readFile` categorizes lines. */
  readonly reading?: Partial<ReadingRules>;
  /** Which syntax holds literal text that re-indentation must not touch. */
  readonly text?: Partial<TextRules>;
  /** How a call's arguments meet a function's parameters (`null`: a call may pass any number of them). */
  readonly calls?: Partial<CallRules> | null;
  /** Enumerations, and the matches that must name every one of their cases. */
  readonly cases?: Partial<CaseRules>;
  /** What the compiler refuses that the grammar accepts (`null`: nothing known). */
  readonly compiler?: CompilerRules | null;
  /**
   * The text the grammar is given instead of the file's, where the language rewrites its code before
   * compiling it (C's preprocessor): the same length, so every offset holds; `null` when it would not
   * differ. Tried only on a file whose own parse has syntax errors, and kept when it has fewer.
   */
  readonly parsedText?: ((text: string) => string | null) | null;
}

/**
 * What the grammar accepts and the compiler refuses: a function that declares a result must not run
 * off the end of its body (Go's terminating statements, Java's "can complete normally", Rust's tail
 * expression); Go refuses an import or a local variable never used. The edit check counts each one
 * an edit leaves, compared with those before as syntax errors are, so taking out a function's last
 * `return`, or the last use of an import, is refused as a syntax error is.
 */
export interface CompilerRules {
  /**
   * Text an edit must touch (before or after it) for these rules to find anything it added (the
   * keywords of what they look at); absent: every edit is looked at. Saves a walk of the tree for
   * an edit that cannot matter (a comment, a string, an interface's member).
   */
  readonly touches?: RegExp;
  /**
   * The bodies of the functions in a tree that declare a result and whose body can run off its end;
   * only functions that overlap one of the spans `within` need be looked at (what an edit changed, each apart).
   */
  unterminatedBodies?(root: Node, within: readonly TextSpan[]): Node[];
  /** The declarations in a tree the compiler refuses for being unused, each with the compiler's reason (a function's locals: only in functions that overlap a span of `within`). */
  unusedNames?(root: Node, within: readonly TextSpan[]): RefusedNode[];
  /** The statements that overlap a span of `within` and lack a part the compiler requires (a `try` with neither `catch` nor `finally`). */
  incompleteStatements?(root: Node, within: readonly TextSpan[]): RefusedNode[];
  /** Each declaration that repeats one before it in the same scope where the language refuses that (a second `func f` in a Go file, a parameter named as another): the later one, in the scopes that overlap a span of `within`. */
  duplicateDeclarations?(root: Node, within: readonly TextSpan[]): RefusedNode[];
}

/** Syntax the grammar accepts and the compiler refuses, with the compiler's reason. */
export interface RefusedNode {
  /** The node it is reported at (the import, the variable's name, the statement). */
  readonly node: Node;
  /** As the compiler says it: `"os" imported and not used`, `x declared and not used`, `try without catch or finally`. */
  readonly reason: string;
}

/**
 * The cases of an enumeration and the matches that must cover every one of them (Rust's `match`,
 * Swift's `switch`, Kotlin's `when` with a subject, Java's switch expressions): a case added to
 * the enumeration breaks each of those that named every case before and takes no other value.
 */
export interface CaseRules {
  /** The cases an enumeration declares, in order; `null` for a declaration that is not one whose cases matches must cover. */
  casesOf(declaration: Node): string[] | null;
  /** The matches in a tree that must cover every value of what they match on. */
  exhaustiveMatches(root: Node): ExhaustiveMatch[];
}

/** A match that must cover every value of what it matches on, as its arms read. */
export interface ExhaustiveMatch {
  /** The match (its first line is what a refusal lists). */
  readonly node: Node;
  /**
   * The cases its arms' patterns name, anywhere in them: with the qualifier written before the
   * case (`Shape` of `Shape::Circle` or `a.Shape.CIRCLE`), or `null` where none is (`.circle`, an
   * imported `CIRCLE`).
   */
  readonly cases: ReadonlyArray<{ readonly qualifier: string | null; readonly name: string }>;
  /** Whether an unguarded arm takes whatever the others leave (`_`, a binding, `default`, `else`). */
  readonly catchAll: boolean;
  /** Whether its patterns are words structedit does not read as patterns (a `match` inside a Rust macro's arguments). */
  readonly unread: boolean;
}

/**
 * How a call's arguments meet a function's parameters: what the check of a changed parameter list
 * reads, in a language without a type checker to run after the batch. Which parameters are optional
 * or collect the rest is read from their text (`= 1`, `?:`, `*args`, `...rest`, `T... xs`, `vararg`).
 */
export interface CallRules {
  /** Whether a call passing more arguments than the function takes fails (not PHP's functions, which ignore the rest). */
  readonly moreFail: boolean;
  /** Whether a call passing fewer arguments than the function requires fails (not JavaScript's or Lua's: the rest are `undefined`, `nil`). */
  readonly fewerFail: boolean;
  /**
   * Whether a parameter is the receiver a call through `obj.f(…)` passes without writing it
   * (Python's `self` of a method, Rust's `self`): `index` is its place in the list.
   */
  receiverParameter(parameter: Node, fn: Node, index: number): boolean;
  /** Whether a call through the class itself passes that receiver too (Python's `@classmethod`; not an instance method's `K.f(obj)`). */
  receiverThroughClass(fn: Node): boolean;
  /**
   * The name a call must pass a parameter by, when it cannot be passed by position (a Swift
   * label, a Ruby keyword `d:`); `null` when it can.
   */
  keywordName(parameter: Node): string | null;
  /** Whether the parameters after a rest parameter can only be passed by name (Python's `*args, d`). */
  readonly restEndsPositional: boolean;
  /**
   * Whether a call may pass a positional parameter by its name (Python's `f(b=1)`, Kotlin, C#, PHP,
   * Scala): its name is then part of what calls rely on, and renaming it is checked against them.
   */
  readonly namedArguments: boolean;
  /** The name an argument is passed by (`d=1`, `d: 1`, `name: 1`), or `null` for a positional one. */
  argumentName(argument: Node): string | null;
  /** Whether named arguments passed to a function without keyword parameters become one positional hash (Ruby). */
  readonly namedFoldIntoHash: boolean;
  /**
   * Whether a constructor's calls can all be found through its class's name (`new A(…)`, `A(…)`,
   * `A.new(…)`, subclasses listed); not C++'s, which conversions, copies and members call unseen.
   */
  readonly constructorsChecked: boolean;
  /**
   * Text inside a class that constructs it without naming it (Python's `cls(…)`, PHP's `new static`,
   * Java's `this(…)`), or `null`: each match is a construction the check cannot bind.
   */
  readonly selfConstruction: RegExp | null;
  /**
   * Constructions that do not name their class, taking it from where they go (C#'s target-typed
   * `new(1, 2)`, Swift's `.init(a: 1)`): the word each is written with (files without it hold none),
   * and those of a syntax tree, each with its argument list and the type written for the place it
   * initializes (`Point p = new(1, 2)`), if any. `null`: the language has none.
   */
  readonly targetTypedConstructions: { readonly word: string; find(root: Node): TargetTypedConstruction[] } | null;
  /**
   * What may follow a function's name to read something of the function object that neither calls
   * it nor hands it on (Python's `f.__doc__`, `f.__name__`), matched at the end of the name; `null`: nothing.
   */
  readonly metadataRead: RegExp | null;
  /** Whether a function is read as a property (Python's `@property`, `@cached_property`): its uses read it, never call it. */
  isProperty(fn: Node): boolean;
  /** How calls of an asynchronous function are awaited (`null`: the language has none structedit checks). */
  readonly awaiting: AwaitRules | null;
  /**
   * The constructor a class or struct gets from its fields rather than from a parameter list (a
   * Python dataclass's `__init__`, a Rust struct's literal), for its declaration as the structure
   * tree has it; `null` when it has none (a constructor of its own, `init=False`, a plain class).
   */
  derivedConstructor(declaration: Node): DerivedConstructor | null;
  /**
   * The constructors an enumeration's variants make from their fields, by variant (Rust's
   * `Circle { r: f64 }` built as `Shape::Circle { r: 1.0 }`, `Square(f64)` called as
   * `Shape::Square(2.0)`, a unit variant with none), or `null` for a declaration without such variants.
   */
  variantConstructors(declaration: Node): ReadonlyMap<string, DerivedConstructor> | null;
  /**
   * What the literals or patterns of a type pass when the type's name at `name` begins them (Rust's
   * `P { x: 1, ..base }`, `P { x, .. }`, `Self { … }`; Go's `P{X: 1}`, and `[]P{{X: 1}, {2, 3}}`
   * whose elements leave the name out), or `null` when it begins none.
   */
  fieldLiterals(name: Node): FieldLiteral[] | null;
  /** The type a method block declares methods of (Rust's `impl P`), for a node inside one, or `null`. */
  implementedType(node: Node): string | null;
  /** The name a type's own methods construct it by (Rust's `Self`), or `null`. */
  readonly selfTypeName: string | null;
}

/**
 * Asynchronous functions: a call of one gives a coroutine, promise or future that runs nothing
 * until awaited, so a function made asynchronous breaks every call that does not await it.
 */
export interface AwaitRules {
  /** Whether a function is asynchronous (Python's `async def`, `async function`, Rust's `async fn`, Swift's `async`). */
  isAsync(fn: Node): boolean;
  /** Whether a call's result is awaited, or handed to what awaits it (`asyncio.run(f())`, `f().then(…)`). */
  awaited(call: Node): boolean;
  /** Whether awaiting what is not awaitable fails (Python, Rust; not JavaScript or Swift). */
  readonly awaitingOtherFails: boolean;
}

/** One parameter, as calls see it. */
export interface ParameterShape {
  /** The name a call may pass it by (`null`: by position only). */
  readonly name: string | null;
  /** Whether every call must pass it. */
  readonly required: boolean;
  /**
   * `positional` (by position, or by name where the language names arguments), `keyword` (by name
   * only), `rest` (collects further positional arguments), `keywords` (collects further named
   * ones), `receiver` (passed by the receiver of `obj.f()`), `block` (Ruby's `&blk`).
   */
  readonly kind: 'positional' | 'keyword' | 'rest' | 'keywords' | 'receiver' | 'block';
}

/** A construction that takes its class from where it goes. */
export interface TargetTypedConstruction {
  readonly node: Node;
  readonly args: Node | null;
  /** The type written for the variable, field or property it initializes (`null`: none is written there). */
  readonly declaredType: string | null;
}

/**
 * A constructor made from a type's fields: what its constructions must pass, in the order of the
 * fields, as parameters (required unless the field has a default).
 */
export interface DerivedConstructor {
  readonly fields: readonly ParameterShape[];
  /** Whether constructions name the fields in a literal (`P { x: 1 }`) rather than call it (`P(1, x=2)`). */
  readonly literal: boolean;
  /** A base class whose fields come before these, which structedit does not read (`null`: none). */
  readonly inherits: string | null;
  /** Whether a literal naming fields may leave the others out (Go's keyed literals: they are zero). */
  readonly omittable: boolean;
}

/** What a field literal or pattern passes: values by position, fields by name, and whether the rest come from elsewhere (`..base`, `..`). */
export interface FieldLiteral {
  readonly positional: number;
  readonly named: readonly string[];
  readonly rest: boolean;
}

/** Literal text in code: lines that start inside it keep their bytes when content is re-indented. */
export interface TextRules {
  /** Node types of literals that can span lines (strings, raw strings, templates, heredocs, text blocks). */
  readonly literals: readonly string[];
  /** Node types inside a literal that hold code again (`${…}`, f-string `{…}`): lines starting there are code. */
  readonly code: readonly string[];
  /**
   * Whether a docstring (a string that is the first statement of a module, class or function) is
   * documentation re-indented with its code (Python, whose tools strip a docstring's indentation)
   * rather than a literal kept as it is.
   */
  readonly docstringsFollowCode: boolean;
}

/** How a language writes the parts `set` and `add` create. */
export interface PartRules {
  /** What goes between the parameters and a return type `set` creates (` -> `, `: `, ` `). */
  readonly returnTypeSeparator: string;
  /** What a decorator added without its marker gets in front (`@`), or `null` to add it as given. */
  readonly decoratorPrefix: string | null;
  /**
   * Where `.bases` of a class without any is created: right after the node of this field of the
   * class (`name`, or `type_parameters` when present), between `open` and `close`; `null` when the
   * language has no such list to create.
   */
  readonly createdBases: { readonly classType: string; readonly afterFields: readonly string[]; readonly open: string; readonly close: string } | null;
  /**
   * The parameter list of a function node, when the grammar does not put it in a `parameters` or
   * `parameter` field of the function itself (C puts it in the function's declarator; Scala's
   * field holds the type parameters too): `null` when the function has none, `undefined` to leave
   * it to those fields.
   */
  readonly parametersOf: ((fn: Node) => Node | null | undefined) | null;
  /**
   * The result type of a function node, when the grammar does not put it in a `return_type` or
   * `result` field (Zig writes it as the function's child after the parameters).
   */
  readonly returnTypeOf?: ((fn: Node) => Node | null) | null;
  /**
   * The parentheses of a parameter list that the grammar writes as the function's own children,
   * with no node around the list (Swift): the parameters are the named children between them.
   */
  readonly parameterParentheses?: ((fn: Node) => { readonly open: Node; readonly close: Node } | null) | null;
  /** The body of a function node, when the grammar does not put it in a `body` field (Kotlin's `function_body`). */
  readonly bodyOf: ((fn: Node) => Node | null) | null;
  /**
   * The parameter list of a class's primary constructor, written in the class's header (Kotlin's
   * and Scala's `class A(val x: Int)`, a Java or C# record, a C# 12 class): what `.params` of the
   * class names, and what its constructions are checked against. `null` for a class without one.
   */
  readonly primaryParametersOf?: ((declaration: Node) => Node | null) | null;
  /**
   * How an empty parameter list may be written other than as nothing (C's `(void)`), and whether a
   * file that shows neither form gets it (`byDefault`: C, where `()` declares unknown parameters;
   * not C++, where `()` is the usual form).
   */
  readonly emptyParameters: { readonly text: string; readonly byDefault: boolean } | null;
  /**
   * Where `.params` of a function written without a parameter list (Ruby's `def name`, Scala's
   * `def size: Int`) is created: right after the node `after` gives (`null`: that function takes
   * none), between `open` and `close`; whether removing the last parameter takes the parentheses
   * too (`dropWhenEmpty`: Ruby's style; not Scala's, where `def f()` and `def f` differ). `null`
   * when every function has its list (or, as in Bash, none can take one).
   */
  readonly createdParameters?: { readonly after: (fn: Node) => Node | null; readonly open: string; readonly close: string; readonly dropWhenEmpty: boolean } | null;
}

/** Names: what an identifier is, which words are reserved, what names the receiver of a method. */
export interface NameRules {
  /** A valid identifier, whole. */
  readonly identifier: RegExp;
  /** Reserved words a rename refuses. */
  readonly keywords: ReadonlySet<string>;
  /**
   * Names of the receiver inside a class's methods besides `this` (Python's `self`, `cls`): a
   * member accessed on one of them belongs to the enclosing class.
   */
  readonly receivers: readonly string[];
  /**
   * Whether code that runs as a module loads sees only the declarations above it (Python, Ruby,
   * Lua): a declaration moved below such code that uses it, or above a declaration its own
   * definition uses (a default value, a decorator), leaves that use undefined when it runs.
   */
  readonly definedInOrder: boolean;
  /**
   * The names every file sees without declaring them (Python's builtins and module attributes), so
   * that a name a text edit's new text uses, that nothing declares and that is not one of these,
   * refuses the edit; `null` where that set is open (JavaScript's globals, a Go package's other
   * files), and the check does not run.
   */
  readonly predeclared: ReadonlySet<string> | null;
  /** Code that declares names no scope model sees (Python's `globals()`, `exec`): a file holding it is not checked for undeclared names. */
  readonly dynamicDeclarations: RegExp | null;
  /**
   * Whether the files of one folder with the same package clause share one package scope that
   * nothing in a file can shadow but its own locals (Go: an import of a name the package declares
   * does not compile): a name a file uses without declaring it, where another file of its package
   * declares it at the top level, is that declaration. Renames follow it there and check the new
   * name against every file of the package.
   */
  readonly packageScope: boolean;
}

/**
 * Members of classes structedit cannot read. A method renamed in a class derived from one would stop
 * overriding the member of that name there (the base class keeps calling the old name), so a
 * rename must know which names those classes declare, or refuse.
 */
export interface MemberRules {
  /**
   * Names every class may have that the language itself calls (Python's `__eq__`, JavaScript's
   * `toString`, `then`): renaming one changes what the program does even with every use renamed.
   */
  readonly implicit: (name: string) => boolean;
  /**
   * Classes outside the project whose members are known, by qualified name: the module as
   * imported and the class (`enum.Enum`, `events.EventEmitter`), or a global with `globalPrefix`
   * (`builtins.Exception`, `Error`). A class deriving from any other class outside the project may
   * declare any name.
   */
  readonly knownBases: ReadonlyMap<string, ReadonlySet<string>>;
  /** What qualifies a base class named without an import (`builtins.` in Python, nothing in JavaScript). */
  readonly globalPrefix: string;
  /**
   * Whether a member can be reached without a receiver the scope model reads as one: by a bare
   * name inside its class (Java's `f()`, Ruby's `f` for `self.f`) or through syntax the model does
   * not read as a property access. A rename or remove of a member then lists every mention of its
   * name in code that the model ties to nothing else as unproven. `false` where a member is only
   * ever read from a receiver (`this.f`, `self.f`) the model sees.
   */
  readonly bareNamesReachMembers: boolean;
  /**
   * Whether assigning a member through the receiver declares it (Python's `self.x = …`,
   * JavaScript's `this.x = …`): a class attribute made such an assignment is still a member.
   */
  readonly declaredByAssignment: boolean;
  /**
   * The members a type requires of whatever implements it (an interface's or trait's methods
   * without a body, an abstract class's abstract ones), for its declaration as the structure tree
   * has it; `null` for a type that requires none.
   */
  requiredMembers(declaration: Node): RequiredMembers | null;
  /**
   * Whether a type requiring these members may be implemented by a lambda (Java's functional
   * interfaces: one abstract method that is not one of Object's), wherever it is a type.
   */
  lambdaTargets(required: readonly string[]): boolean;
  /**
   * Whether a type written at `use` (its name, in a type position) types no value that must define
   * its members: TypeScript's `keyof X`, `Partial<X>`, `X['key']`. Values typed there are not listed
   * when a member becomes required.
   */
  typesNoValue(use: Node): boolean;
  /**
   * How far a declaration is visible, by its modifiers: an edit that narrows it (`pub` removed, `private` added) leaves
   * the uses beyond the new reach pointing at nothing; `null` for a declaration whose reach is not
   * read (the language has no such modifiers, or they do not apply to it).
   */
  reachOf(declaration: Node): Reach | 'everywhere' | null;
  /**
   * The declaration whose interface a type written at `use` is part of (Rust's `pub fn` signature,
   * `pub` field, enum variant, an associated type of a trait's `impl`), or `null`: a type made
   * private there breaks it even where the type itself is in reach.
   */
  exposedBy(use: Node): Node | null;
  /**
   * The module a file's code is in, as the folder its child modules' files live in (Rust: `src/a`
   * for `src/a.rs` and `src/a/mod.rs`, `src` for `src/lib.rs`): a `module` reach is the files of that
   * module and those under it. `null` where no reach goes by module.
   */
  readonly moduleOf: ((file: string) => string) | null;
}

/**
 * Where a declaration can be used from: the type declaring it (`private`; Java's: the outermost
 * type of its file), that type and its subtypes (`protected`), its file (Kotlin's and Swift's
 * `private` at the top level, Swift's `fileprivate`), its folder (Java's package-private), its Rust
 * module and the modules inside it (no `pub`), or its Rust module's parent (`pub(super)`).
 */
export type Reach = 'type' | 'outermost-type' | 'subtypes' | 'file' | 'package' | 'module' | 'parent-module';

/** What a type requires of its implementations. */
export interface RequiredMembers {
  readonly names: readonly string[];
  /**
   * Whether names carry the number of parameters (`f/2`): an implementation
   * must take exactly those (not where it may take fewer, as in TypeScript, or any, as in Python).
   */
  readonly arity: boolean;
  /**
   * How its implementations are found: by name in their headers (`implements I`, `impl I for X`);
   * `structural`: also by any value of the type (a TypeScript object literal typed as it), which
   * structedit cannot check; `implicit`: never named at all (Go's interfaces).
   */
  readonly found: 'named' | 'structural' | 'implicit';
}

/** A table of known bases: space-separated qualified class names → their space-separated member names. */
export function knownBases(table: Readonly<Record<string, string>>): ReadonlyMap<string, ReadonlySet<string>> {
  const bases = new Map<string, ReadonlySet<string>>();
  for (const [classes, members] of Object.entries(table)) {
    const names = new Set(members.split(' ').filter(Boolean));
    for (const name of classes.split(' ')) bases.set(name, names);
  }
  return bases;
}

/**
 * How a declaration moved to another file keeps what it uses, in a language whose imports
 * structedit does not resolve (Go, Java, C, Rust…): the imports it relies on go with it, the
 * source's top-level names it uses must be seen from the destination, or the move is refused.
 */
export interface MoveRules {
  /**
   * Top-level structure kinds that say which package or namespace a file's code is in (Go's and
   * Java's `package`, Kotlin's `package_header`, PHP's and C#'s `namespace X;`; one with children,
   * a namespace block, is not): a file a move creates starts with them.
   */
  readonly packageKinds: readonly string[];
  /** Top-level structure kinds that bring in names from elsewhere, besides `import` (C++'s `using_declaration`). */
  readonly importKinds: readonly string[];
  /** Top-level structures of any kind that bring in names too, by their text (Ruby's `require` calls); `null`: none. */
  readonly importText: RegExp | null;
  /**
   * Where a relative path in `text` (an import's statement, or the moved declaration itself) starts
   * from, for a file at `path` whose own top-level names `declares` tells: C's `#include "x.h"` and
   * Ruby's `require_relative` from the file's folder, Rust's `use self::…` from its module and
   * `super::` from the parent module. Moved where it would start elsewhere, the path names another
   * thing, so the move is refused. `null` (the rule, or its answer): nothing relative.
   */
  readonly relativeTo: ((text: string, path: string, declares: (name: string) => boolean) => string | null) | null;
  /**
   * Where a file must be declared to be compiled at all (Rust's `mod util;` in its parent module),
   * for a file at `path` among the project's `files`: `null` for a file that starts a program
   * (`lib.rs`, `main.rs`). The rule is `null` for a language that compiles every file it is given.
   * A move into a file no chain of declarations reaches from a program's start would drop the code.
   */
  readonly declaredBy: ((path: string, files: ReadonlySet<string>) => ModuleDeclaration | null) | null;
  /**
   * The conditions a file at `path` with the text `text` is compiled under by itself (Go: its
   * `//go:build` line, its name's `_linux`/`_amd64` suffixes, `_test.go` for `go test` only, a name
   * starting with `_` never), and the lines of its head that state them: a file a move creates starts
   * with the source's. Code moved between files compiled under other conditions would be compiled
   * where it was not (or not where it was), so the move is refused. `null`: every file is compiled
   * alike.
   */
  readonly compiledUnder: ((path: string, text: string) => BuildConditions) | null;
  /**
   * Why code moved as `move` says would no longer see what `text` (an import it needs, or itself)
   * reaches, where privacy depends on where code is (Rust's modules show their descendants what
   * they keep private); `null` when it sees all it did. The rule is `null` where it does not.
   */
  readonly lostAccess: ((text: string, move: MovedAccess) => string | null) | null;
  /**
   * Whether the import `statement` brings `name` (`*`: all it brings) from the move's destination
   * itself (Rust's `use crate::a::T` or `use crate::a::*` for code moved into `a`): not added there.
   * Else a name the destination declares and the moved code imports would collide, and the move is
   * refused. `null`: never known.
   */
  readonly importsFrom: ((statement: string, name: string, move: MovedAccess) => boolean) | null;
  /**
   * The path from the program's root that an import `statement` of the file at `file` binds `name`
   * to (Rust's `use super::x::T` in `src/a/b.rs`: `crate::a::x::T`), or `null` where it does not
   * bind it as written: two imports of one name are the same where their paths are. Where the
   * destination imports a name the moved code needs, the same one is not imported again and another
   * one refuses the move. `null`: not known (imports are then compared as written).
   */
  readonly importedPath: ((statement: string, name: string, file: string, programStart: string) => string | null) | null;
  /**
   * The import that lets the destination use `name`, a top-level declaration of the source (its
   * structure kind and text) that stays there, where the destination sees it (Rust: `use
   * crate::a::T;` in a module inside `a`, under the declaration's `#[cfg]`); `null` where it may not
   * (the move is then refused). The rule is `null` where no import can.
   */
  readonly importOwn: ((name: string, declaration: { readonly kind: string; readonly text: string }, move: MovedAccess) => string | null) | null;
  /**
   * What reaches a structure of `kind` with the text `text` that is listed under a name it does not
   * declare: `'members'` (Rust's `impl T`, listed under `T`: its methods, through `T`), `'nothing'`
   * (Rust's `impl Trait for T`: its methods are reached through the trait, from any module of the
   * crate, so moved it leaves no use of it behind); `null` for one that declares its name.
   */
  readonly unnamed: ((kind: string, text: string) => 'members' | 'nothing' | null) | null;
  /**
   * How a declaration named `name` of the structure kind `kind` and text `text` stays reachable by
   * every path that reached it where it was, once moved as `move` says: the text it arrives as
   * (Rust: visible to its old module, `pub(super)`) and the statement its old file gets (`use
   * self::child::name;` with its old visibility, `pub use` for a `pub` one). Then no use of it is
   * left behind. `null` where it cannot (the move is refused while it is used).
   */
  readonly leaveBehind: ((name: string, declaration: { readonly kind: string; readonly text: string }, move: MovedAccess) => LeftBehind | null) | null;
  /**
   * The single imports one import structure's text holds, each with its span in that text and as a
   * statement of its own (Go's `import ( "fmt"; "os" )` is `import "fmt"` and `import "os"`).
   */
  importsOf(text: string): ImportLine[];
  /**
   * An import whose names its text does not tell (C's `#include`, Java's `import a.*;`, C#'s
   * `using System;`, Swift's `import Foundation`): a moved declaration using a name its file does
   * not declare may need it. The others are needed where the text names what the declaration uses.
   */
  readonly opaqueImport: RegExp;
  /**
   * Whether the files of one folder with the same package clause see each other's top-level names
   * (Go's package, Java's, Kotlin's, Scala's): a declaration moved between them may use the
   * source's other declarations.
   */
  readonly folderShared: boolean;
  /** Whether an import nothing uses fails to compile (Go): the source's imports only the moved declaration used go with it. */
  readonly unusedImportFails: boolean;
  /**
   * The names the language declares itself (Go's `len`, `string`), where known: moved out of its
   * package, a declaration may use any other name its file does not declare only through an import
   * (else another file of the package may declare it). `null`: not known, and every such name is
   * then one the move cannot prove.
   */
  readonly predeclared: ReadonlySet<string> | null;
}

/** The conditions a file is compiled under (see {@link MoveRules.compiledUnder}). */
export interface BuildConditions {
  /** Each condition as written (`linux`, `!windows`), one per conjunct where they are joined by "and"; sorted, none repeated. */
  readonly conditions: readonly string[];
  /** The lines of the file's head that state conditions (Go's `//go:build linux`), as written; `''` for none. */
  readonly lines: string;
}

/** Where a file is declared (see {@link MoveRules.declaredBy}). */
export interface ModuleDeclaration {
  /** The name its parent module declares it by. */
  readonly name: string;
  /** The files that may hold that declaration, as the compiler looks for them. */
  readonly files: readonly string[];
  /** Whether a top-level structure of one of those files is that declaration (its text, attributes included). */
  declares(structure: { readonly kind: string; readonly name: string | null }, text: string): boolean;
  /** The conditions that declaration compiles the file under (Rust's `#[cfg(feature = "serde")]`), as written. */
  conditions(text: string): string[];
  /** The declaration to write where it is missing (`mod util;`). */
  readonly statement: string;
}

/** A move between two files of one program (see {@link MoveRules.lostAccess}). */
export interface MovedAccess {
  readonly sourcePath: string;
  readonly destinationPath: string;
  /** The file the program starts at (Rust's `src/lib.rs`). */
  readonly programStart: string;
  /** Every file of the project. */
  readonly files: ReadonlySet<string>;
}

/** How a moved declaration stays reachable where it was (see {@link MoveRules.leaveBehind}). */
export interface LeftBehind {
  /** Its text as it arrives (from the text as it would). */
  rewrite(text: string): string;
  /** The statement its old file gets. */
  readonly statement: string;
  /** Whether it is needed where nothing in the project uses the declaration (a Rust `pub` item's path is its crate's interface); else it is left out then (an unused import warns). */
  readonly always: boolean;
}

/** One import of an import structure: its span in the structure's text, and the statement importing it alone. */
export interface ImportLine {
  readonly start: number;
  readonly end: number;
  readonly statement: string;
  /** The names it binds, where its text tells them for sure (Go's `f "os"` binds `f`, `"unicode/utf8"` binds `utf8`); else any word of it may be one. */
  readonly names?: readonly string[];
  /** The path of what it imports, where its text tells it (Go's `unicode/utf8`). */
  readonly path?: string;
}

/** The import style of a file, followed by the imports a move adds. */
export interface ImportStyle {
  readonly quote: string;
  readonly semicolon: string;
  /** Specifiers carry an extension (`./a.js`). */
  readonly extension: boolean;
  /** The file imports relatively (`from .a import b`). */
  readonly relative: boolean;
}

/** How a language's files import each other, as far as renames and moves follow it. */
export interface ModuleSystem {
  /** Languages whose files import each other share a family (`ecmascript` for TS, TSX and JS). */
  readonly family: string;
  /** Whether a declaration must be exported to be imported (TypeScript/JavaScript). */
  readonly explicitExports: boolean;
  /**
   * Whether two modules importing each other at the top level fail to load (Python, where a name
   * used before its module finished loading raises), so a move must not create such a cycle.
   */
  readonly cyclesFail: boolean;
  /** A resolver of the project's import specifiers (built once per project: it caches what it reads). */
  resolver(project: ProjectFiles): ModuleResolver;
  /**
   * The module a name imported from a module may itself be (`from pkg import mod` imports the
   * submodule `pkg.mod`), as a specifier to resolve; `null` when the language has no such import.
   */
  submodule(module: string, name: string): string | null;
  /** The specifier a file uses to import another (for imports a move adds). */
  specifier(from: string, to: string, style: ImportStyle, files: ReadonlySet<string>): string;
  /**
   * The specifier naming `to` the way `previous` names `previousTarget` (`from pkg.core import x`
   * moved to pkg/util.py: `pkg.util`; `'@lib/util'` for src/lib/util.ts, moved to src/lib/other.ts:
   * `'@lib/other'`), or `null` when `previous` is relative or its form does not carry over. A move
   * keeps each import it retargets in its own form this way, when the result resolves to `to`.
   */
  specifierLike(previous: string, previousTarget: string, to: string): string | null;
  /** The import style a file's text shows. */
  style(text: string): ImportStyle;
  /** An import statement binding `local` to `imported` (`*`: the module, `default`) of `module`. */
  statement(module: string, imported: string, local: string, style: ImportStyle): string;
  /**
   * Text that may pass a module's names on without naming them (`export * from`, `from m import *`):
   * a reference search must read such files even when they do not mention the name.
   */
  readonly reexportsUnnamed: RegExp;
  /**
   * Text of a module that may give its importers any name, read or not (Python's module-level
   * `def __getattr__`): an import of a name it does not declare is taken at its word; `null`: none.
   */
  readonly anyName: RegExp | null;
  /** Where the module's name sits in an import statement's text (`from m import x`: first; `import x from 'm'`: last). */
  specifierOffset(statement: string, module: string): number;
}

/** Blank lines between structures. */
export interface LayoutRules {
  /**
   * Blank lines between new content and a structure that has no sibling to copy the spacing from,
   * given that structure's kind and whether either text spans several lines.
   */
  blankLinesWithoutSiblings(kind: string | undefined, multiline: boolean): number;
  /**
   * Blank lines the language's usual style puts between a structure of kind `upper` and the next
   * one of kind `lower` (kinds as spacing compares them), for where the file shows no such pair to
   * follow: one after a package declaration, a module docstring or the imports; `null` when the
   * style has no rule (the neighbours decide).
   */
  blankLinesBetween(upper: string, lower: string): number | null;
  /**
   * The lines at the very start of a file that stay first (a `#!` line; PHP's `<?php`): content
   * inserted at the file's start goes after them.
   */
  readonly fileHead: RegExp;
  /** Whether comment, decorator or attribute lines put before a structure belong to it (no blank line between). */
  readonly commentsAttach: boolean;
  /**
   * Top-level definitions the file separates by more blank lines (PEP 8's two in Python): content
   * or a structure is such a definition when its text starts with `start` or its kind is listed;
   * the wider spacing is used where the file already uses it between two top-level structures.
   */
  readonly topLevelDefinitions: { readonly start: RegExp; readonly kinds: readonly string[]; readonly blankLines: number } | null;
  /**
   * Lines the language writes at column 0 wherever they are (C's preprocessor directives inside a
   * function): content whose first line is one, unindented, keeps such lines there when inserted,
   * and its other lines are re-based only when they are not at the destination's level already.
   * `null`: none.
   */
  readonly flushLeft: RegExp | null;
  /**
   * Of those lines, the ones that speak of what follows them as a comment or an attribute does
   * (C's `#pragma omp parallel` before a block): put before a structure, they join it. The others
   * are spaced as structures of their own (a `#define`, an `#include`). `null`: none.
   */
  readonly attachedFlushLeft: RegExp | null;
  /**
   * Kinds of structure the language ends with a token the grammar gives to the body around them
   * (a Zig struct field's `,`, among declarations that take none): content of such a kind inserted
   * without it gets it. Empty: none.
   */
  readonly terminators: Readonly<Record<string, ',' | ';'>>;
  /**
   * What a block must hold when a deletion leaves it nothing (Python's `pass`: an empty block does not
   * compile, though its grammar parses one without an error), and the syntax node types of the clauses
   * that follow a block in the same structure (`else`, `except`: they are no statements of that block).
   * A deletion that takes a block's last statement writes `text` in its place, and an edit that leaves a
   * syntax node of type `block` with no statement (comments aside) adds a syntax error (`MISSING` `text`).
   * `null`: an empty block is valid.
   */
  readonly emptyBody: { readonly text: string; readonly clauses: RegExp; readonly block: string } | null;
  /**
   * The kind spacing compares a structure by, from its kind and its header (which starts at
   * `headerStart` in `text`): a method spaces as a function; TypeScript's `import type` as a group
   * of its own, which files often set apart from the other imports by a blank line. Called for
   * every pair of siblings spacing looks at: it should not copy text.
   */
  spacingKind(kind: string, text: string, headerStart: number): string;
}

/** How `readFile` reads a language's lines. */
export interface ReadingRules {
  /**
   * The category of a top-level structure (or one in an opened container) given its first
   * declaration line, when the language has a rule for it; `null` falls back to the generic rules.
   */
  category(node: StructureNode, header: string): LineCategory | null;
  /** Whether a structure with children is opened in range reads and skeletons. */
  isContainer(node: StructureNode): boolean;
}

/** A profile with the generic profile's answers filled in: what the code asks. */
export interface ResolvedProfile {
  readonly languages: readonly string[];
  readonly structure: StructureRules;
  readonly parts: PartRules;
  readonly names: NameRules;
  readonly members: MemberRules;
  readonly scopes: (root: Node, language: string) => ScopeModel;
  readonly modules: ModuleSystem | null;
  readonly moves: MoveRules;
  readonly layout: LayoutRules;
  readonly reading: ReadingRules;
  readonly text: TextRules;
  readonly calls: CallRules | null;
  readonly cases: CaseRules;
  readonly compiler: CompilerRules | null;
  readonly parsedText: ((text: string) => string | null) | null;
}
