import type { Node } from 'web-tree-sitter';
import { pythonResolver } from '../../modules/python.js';
import { dirname } from '../../semantic/modules.js';
import { pythonScopes } from '../../semantic/scope-rules-python.js';
import { knownBases, type ImportStyle, type LanguageProfile, type ModuleSystem, type RequiredMembers } from '../profile.js';
import { awaitRules, boundNames, repeatedParameters, triesWithoutHandlers, usualBlankLinesBetween } from './generic.js';
import { pythonDerivedConstructor } from './python-fields.js';

/**
 * The public and protected members (protocol methods aside) of the built-in and standard-library
 * classes Python code most often derives from, as `dir()` lists them on CPython 3.11.
 */
const STANDARD_CLASS_MEMBERS: Readonly<Record<string, string>> = {
  'builtins.ArithmeticError builtins.AssertionError builtins.BaseException builtins.BufferError builtins.BytesWarning builtins.DeprecationWarning builtins.EOFError builtins.EncodingWarning builtins.Exception builtins.FloatingPointError builtins.FutureWarning builtins.GeneratorExit builtins.ImportWarning builtins.IndexError builtins.KeyError builtins.KeyboardInterrupt builtins.LookupError builtins.MemoryError builtins.NotImplementedError builtins.OverflowError builtins.PendingDeprecationWarning builtins.RecursionError builtins.ReferenceError builtins.ResourceWarning builtins.RuntimeError builtins.RuntimeWarning builtins.StopAsyncIteration builtins.SyntaxWarning builtins.SystemError builtins.TypeError builtins.UnicodeError builtins.UnicodeWarning builtins.UserWarning builtins.ValueError builtins.Warning builtins.ZeroDivisionError':
    'add_note args with_traceback',
  'builtins.AttributeError':
    'add_note args name obj with_traceback',
  'builtins.BaseExceptionGroup builtins.ExceptionGroup':
    'add_note args derive exceptions message split subgroup with_traceback',
  'builtins.BlockingIOError builtins.BrokenPipeError builtins.ChildProcessError builtins.ConnectionAbortedError builtins.ConnectionError builtins.ConnectionRefusedError builtins.ConnectionResetError builtins.EnvironmentError builtins.FileExistsError builtins.FileNotFoundError builtins.IOError builtins.InterruptedError builtins.IsADirectoryError builtins.NotADirectoryError builtins.OSError builtins.PermissionError builtins.ProcessLookupError builtins.TimeoutError':
    'add_note args characters_written errno filename filename2 strerror with_traceback',
  'builtins.ImportError builtins.ModuleNotFoundError':
    'add_note args msg name path with_traceback',
  'builtins.IndentationError builtins.SyntaxError builtins.TabError':
    'add_note args end_lineno end_offset filename lineno msg offset print_file_and_line text with_traceback',
  'builtins.NameError builtins.UnboundLocalError':
    'add_note args name with_traceback',
  'builtins.StopIteration':
    'add_note args value with_traceback',
  'builtins.SystemExit':
    'add_note args code with_traceback',
  'builtins.UnicodeDecodeError builtins.UnicodeEncodeError builtins.UnicodeTranslateError':
    'add_note args encoding end object reason start with_traceback',
  'builtins.bytearray':
    'append capitalize center clear copy count decode endswith expandtabs extend find fromhex hex index insert isalnum isalpha isascii isdigit islower isspace istitle isupper join ljust lower lstrip maketrans partition pop remove removeprefix removesuffix replace reverse rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill',
  'builtins.bytes':
    'capitalize center count decode endswith expandtabs find fromhex hex index isalnum isalpha isascii isdigit islower isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill',
  'builtins.dict':
    'clear copy fromkeys get items keys pop popitem setdefault update values',
  'builtins.float':
    'as_integer_ratio conjugate fromhex hex imag is_integer real',
  'builtins.frozenset':
    'copy difference intersection isdisjoint issubset issuperset symmetric_difference union',
  'builtins.int':
    'as_integer_ratio bit_count bit_length conjugate denominator from_bytes imag numerator real to_bytes',
  'builtins.list':
    'append clear copy count extend index insert pop remove reverse sort',
  'builtins.object typing.Generic typing.Protocol typing.NamedTuple typing.TypedDict abc.ABC':
    '',
  'builtins.property':
    'deleter fdel fget fset getter setter',
  'builtins.set':
    'add clear copy difference difference_update discard intersection intersection_update isdisjoint issubset issuperset pop remove symmetric_difference symmetric_difference_update union update',
  'builtins.str':
    'capitalize casefold center count encode endswith expandtabs find format format_map index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill',
  'builtins.tuple':
    'count index',
  'builtins.type':
    'mro',
  'enum.Enum enum.Flag':
    '_generate_next_value_ _ignore_ _missing_ _order_ name value',
  'enum.IntEnum enum.IntFlag':
    '_generate_next_value_ _ignore_ _missing_ _order_ as_integer_ratio bit_count bit_length conjugate denominator from_bytes imag name numerator real to_bytes value',
  'enum.StrEnum':
    '_generate_next_value_ _ignore_ _missing_ _order_ capitalize casefold center count encode endswith expandtabs find format format_map index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans name partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper value zfill',
  'collections.OrderedDict':
    'clear copy fromkeys get items keys move_to_end pop popitem setdefault update values',
  'collections.defaultdict':
    'clear copy default_factory fromkeys get items keys pop popitem setdefault update values',
  'collections.UserDict':
    '_MutableMapping__marker _abc_impl clear copy fromkeys get items keys pop popitem setdefault update values',
  'collections.UserList':
    '_abc_impl append clear copy count extend index insert pop remove reverse sort',
  'collections.UserString':
    '_abc_impl capitalize casefold center count encode endswith expandtabs find format format_map index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill',
  'collections.Counter':
    '_keep_positive clear copy elements fromkeys get items keys most_common pop popitem setdefault subtract total update values',
  'collections.deque':
    'append appendleft clear copy count extend extendleft index insert maxlen pop popleft remove reverse rotate',
  'threading.Thread':
    '_bootstrap _bootstrap_inner _delete _initialized _reset_internal_locks _set_ident _set_native_id _set_tstate_lock _stop _wait_for_tstate_lock daemon getName ident isDaemon is_alive join name native_id run setDaemon setName start',
  'unittest.TestCase':
    '_addExpectedFailure _addUnexpectedSuccess _baseAssertEqual _callCleanup _callSetUp _callTearDown _callTestMethod _deprecate _diffThreshold _formatMessage _getAssertEqualityFunc _truncateMessage addClassCleanup addCleanup addTypeEqualityFunc assertAlmostEqual assertAlmostEquals assertCountEqual assertDictContainsSubset assertDictEqual assertEqual assertEquals assertFalse assertGreater assertGreaterEqual assertIn assertIs assertIsInstance assertIsNone assertIsNot assertIsNotNone assertLess assertLessEqual assertListEqual assertLogs assertMultiLineEqual assertNoLogs assertNotAlmostEqual assertNotAlmostEquals assertNotEqual assertNotEquals assertNotIn assertNotIsInstance assertNotRegex assertNotRegexpMatches assertRaises assertRaisesRegex assertRaisesRegexp assertRegex assertRegexpMatches assertSequenceEqual assertSetEqual assertTrue assertTupleEqual assertWarns assertWarnsRegex assert_ countTestCases debug defaultTestResult doClassCleanups doCleanups enterClassContext enterContext fail failIf failIfAlmostEqual failIfEqual failUnless failUnlessAlmostEqual failUnlessEqual failUnlessRaises failureException id longMessage maxDiff run setUp setUpClass shortDescription skipTest subTest tearDown tearDownClass',
  'json.JSONEncoder':
    'default encode item_separator iterencode key_separator',
  'json.JSONDecoder':
    'decode raw_decode',
  'html.parser.HTMLParser':
    'CDATA_CONTENT_ELEMENTS _decl_otherchars _parse_doctype_attlist _parse_doctype_element _parse_doctype_entity _parse_doctype_notation _parse_doctype_subset _scan_name check_for_whole_start_tag clear_cdata_mode close feed get_starttag_text getpos goahead handle_charref handle_comment handle_data handle_decl handle_endtag handle_entityref handle_pi handle_startendtag handle_starttag parse_bogus_comment parse_comment parse_declaration parse_endtag parse_html_declaration parse_marked_section parse_pi parse_starttag reset set_cdata_mode unknown_decl updatepos',
};

/**
 * What every module sees undeclared: `dir(builtins)` of Python 3.11, the names of 3.12 and 3.13
 * (`PythonFinalizationError`), Windows' `WindowsError`, the attributes every module (or class
 * body, `__class__`) has, and Python 2's builtins.
 */
const PREDECLARED: ReadonlySet<string> = new Set(
  [
    'ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError ' +
    'BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ' +
    'ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning ' +
    'EnvironmentError Exception ExceptionGroup False FileExistsError FileNotFoundError ' +
    'FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError ' +
    'IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ' +
    'ModuleNotFoundError NameError None NotADirectoryError NotImplemented NotImplementedError OSError ' +
    'OverflowError PendingDeprecationWarning PermissionError ProcessLookupError PythonFinalizationError ' +
    'RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration ' +
    'StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError ' +
    'UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError ' +
    'UnicodeWarning UserWarning ValueError Warning WindowsError ZeroDivisionError _IncompleteInputError ' +
    '__annotations__ __build_class__ __builtins__ __cached__ __class__ __debug__ __doc__ __file__ ' +
    '__import__ __loader__ __name__ __package__ __path__ __spec__ abs aiter all anext any ascii bin bool ' +
    'breakpoint bytearray bytes callable chr classmethod compile complex copyright credits delattr dict ' +
    'dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr hash help ' +
    'hex id input int isinstance issubclass iter len license list locals map max memoryview min next ' +
    'object oct open ord pow print property quit range repr reversed round set setattr slice sorted ' +
    'staticmethod str sum super tuple type vars zip ' +
    // Python 2's that code written for both versions names behind a version check (`if PY2: text = unicode`);
    // not `file`, `buffer`, `reduce`, …, which Python 3 code names as its own variables.
    'basestring execfile long raw_input unichr unicode xrange',
  ].join('').split(' '),
);

/**
 * Python: `->` return types, `@` decorators, bases created as `(…)` after the class name, `self` and
 * `cls` receivers, two blank lines between top-level definitions where the file uses two (PEP 8),
 * `__all__` as an export list, and imports resolved as the interpreter does for files under the root.
 */
export const python: LanguageProfile = {
  languages: ['python'],
  parts: {
    returnTypeSeparator: ' -> ',
    decoratorPrefix: '@',
    createdBases: { classType: 'class_definition', afterFields: ['type_parameters', 'name'], open: '(', close: ')' },
  },
  names: {
    identifier: /^[\p{L}_][\p{L}\p{N}_]*$/u,
    keywords: new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' ')),
    receivers: ['self', 'cls'],
    definedInOrder: true,
    predeclared: PREDECLARED,
    // Names set through the module's namespace (`globals().update(…)`, `exec`) or the builtins'.
    dynamicDeclarations: /\bglobals\(\)|\bvars\(\)|\bexec\(|__builtins__|\bsetattr\(sys\.modules/,
  },
  members: {
    // Protocol methods (`__eq__`, `__enter__`): the interpreter calls them by name.
    implicit: (name) => /^__\w+__$/.test(name),
    knownBases: knownBases(STANDARD_CLASS_MEMBERS),
    globalPrefix: 'builtins.',
    // Members are read from `self`, `cls` or another value, never by a bare name.
    bareNamesReachMembers: false,
    declaredByAssignment: true,
    requiredMembers: abstractMethods,
  },
  scopes: (root) => pythonScopes(root),
  calls: {
    // The function object's own attributes: `split.__doc__ = str.split.__doc__` neither calls `split` nor passes it.
    metadataRead: /^\s*\.\s*__(?:doc|name|qualname|module|dict|annotations|defaults|kwdefaults|code|globals|wrapped|signature)__\b/,
    isProperty: (fn) => fn.parent?.type === 'decorated_definition' && fn.parent.namedChildren.some((child) => child?.type === 'decorator' && /^@\s*(?:[\w.]*\.)?(?:property|cached_property)\s*$/.test(child.text)),
    // `await f()`, or a coroutine handed to what runs it.
    awaiting: awaitRules(/^(?:run|create_task|ensure_future|gather|wait_for|wait|shield|run_until_complete|run_coroutine_threadsafe|as_completed|start_soon|start)$/, false, true),
    // A method's first parameter is its receiver, unless the method is a @staticmethod.
    receiverParameter: (_parameter, fn, index) => index === 0 && isMethod(fn),
    receiverThroughClass: (fn) => fn.parent?.type === 'decorated_definition' && fn.parent.namedChildren.some((child) => child?.type === 'decorator' && /^@\s*classmethod\b/.test(child.text)),
    restEndsPositional: true,
    namedArguments: true,
    selfConstruction: /\bcls\s*\(|\btype\s*\(\s*self\s*\)\s*\(|\bself\.__class__\s*\(/g,
    derivedConstructor: pythonDerivedConstructor,
  },
  modules: pythonModules(),
  layout: {
    // A module's docstring stands apart from the code after it, as PEP 257's examples put it.
    blankLinesBetween: (upper, lower) => (upper === 'docstring' && lower !== upper ? 1 : usualBlankLinesBetween(upper, lower)),
    topLevelDefinitions: { start: /^(?:async[ \t]+def|def|class)[ \t]|^@/, kinds: ['class', 'function'], blankLines: 2 },
    // `def f():` with nothing under it is an IndentationError (tree-sitter parses it clean).
    emptyBody: { text: 'pass', clauses: /_clause$/, block: 'block' },
  },
  // `try:` with its only `except` deleted and no `finally` (or an `else:` left), `def f(a, a)`: SyntaxErrors tree-sitter parses clean.
  compiler: {
    duplicateDeclarations: (root, within) => repeatedParameters(root, within, ['parameters', 'lambda_parameters'], parameterNames, (name) => `duplicate argument '${name.text}' in function definition`),
    incompleteStatements: (root, within) => [
      ...triesWithoutHandlers(root, within, ['except_clause', 'except_group_clause', 'finally_clause'], 'try without except or finally'),
      ...triesWithoutHandlers(root, within, ['except_clause', 'except_group_clause'], 'try with else and no except').filter(({ node }) => node.namedChildren.some((clause) => clause?.type === 'else_clause') && node.namedChildren.some((clause) => clause?.type === 'finally_clause')),
    ],
  },
  reading: {
    category: (node, header) => (node.kind === 'variable' && /^__all__\s*[:+]?=/.test(header) ? 'export' : null),
  },
  // Docstrings are documentation (inspect.cleandoc strips their indentation): they move with the code.
  text: { docstringsFollowCode: true },
};

/** The names a `def`'s or a `lambda`'s parameters bind (`*args: T` is a typed splat; `/`, `*` bind none). */
function parameterNames(list: Node): Node[] {
  return boundNames(list, (node) => node.type === 'identifier', (node) => {
    switch (node.type) {
      case 'parameters':
      case 'lambda_parameters':
        return node.namedChildren;
      case 'default_parameter':
      case 'typed_default_parameter':
        return [node.childForFieldName('name')];
      case 'typed_parameter':
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
        return [node.firstNamedChild];
      default:
        return [];
    }
  });
}

/** Python imports (see `pythonResolver`); `from pkg import mod` may import the submodule `pkg/mod.py`. */
function pythonModules(): ModuleSystem {
  return {
    family: 'python',
    explicitExports: false,
    cyclesFail: true,
    resolver: pythonResolver,
    reexportsUnnamed: /\bimport\s*\*/,
    anyName: /^def __getattr__\b/m,
    submodule: (module, name) => `${module}${module.endsWith('.') ? '' : '.'}${name}`,
    specifier(from, to, style, files) {
      const toModule = to.replace(/(\/__init__)?\.pyi?$/, '');
      // A package itself (its __init__) by its absolute name: `.pkg` from inside it would name a submodule.
      if (/(^|\/)__init__\.pyi?$/.test(to)) return toModule.replace(/^src\//, '').split('/').join('.');
      // Relative when the files share a package and the importer uses relative imports.
      if ((style.relative || files.has(`${dirname(to)}/__init__.py`)) && dirname(from) === dirname(to) && dirname(to) !== '') return `.${toModule.split('/').pop()}`;
      return toModule.replace(/^src\//, '').split('/').join('.');
    },
    specifierLike(previous, previousTarget, to) {
      if (previous.startsWith('.')) return null;
      const modulePath = (path: string) => path.replace(/(\/__init__)?\.pyi?$/, '');
      const named = previous.split('.').join('/');
      const before = modulePath(previousTarget);
      if (before !== named && !before.endsWith(`/${named}`)) return null;
      const root = before.slice(0, before.length - named.length);
      const after = modulePath(to);
      return after.startsWith(root) && after.length > root.length ? after.slice(root.length).split('/').join('.') : null;
    },
    style: (text): ImportStyle => ({ quote: "'", semicolon: '', extension: false, relative: /^from\s+\./m.test(text) }),
    statement(module, imported, local) {
      if (imported === '*' && module.startsWith('.')) {
        // `import .mod` is no Python: a relative module is imported from its package.
        const dot = module.lastIndexOf('.');
        const name = module.slice(dot + 1);
        return `from ${module.slice(0, dot) || '.'} import ${name}${local !== name ? ` as ${local}` : ''}`;
      }
      if (imported === '*') return local === module ? `import ${module}` : `import ${module} as ${local}`;
      return `from ${module} import ${imported}${local !== imported ? ` as ${local}` : ''}`;
    },
    specifierOffset: (statement, module) => statement.indexOf(module),
  };
}

/** Whether a function is a method that takes its receiver first: defined in a class body, not a @staticmethod. */
function isMethod(fn: Node): boolean {
  const decorated = fn.parent?.type === 'decorated_definition' ? fn.parent : null;
  const holder = (decorated ?? fn).parent;
  if (holder?.type !== 'block' || holder.parent?.type !== 'class_definition') return false;
  return !decorated?.namedChildren.some((child) => child?.type === 'decorator' && /^@\s*staticmethod\b/.test(child.text));
}

/**
 * An abstract base class's abstract methods (`@abstractmethod`, `@abc.abstractproperty`…), which a
 * subclass must define (by name: Python checks no parameters) before it can be constructed; a class
 * deriving from `ABC` or made by `ABCMeta` requires none yet. `null` for any other class.
 */
function abstractMethods(declaration: Node): RequiredMembers | null {
  const declared = declaration.type === 'decorated_definition' ? declaration.childForFieldName('definition') : declaration;
  if (declared?.type !== 'class_definition') return null;
  const names: string[] = [];
  for (const member of declared.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'decorated_definition') continue;
    if (!member.namedChildren.some((child) => child?.type === 'decorator' && /^@\s*(?:abc\s*\.\s*)?abstract(?:method|property|classmethod|staticmethod)\s*$/.test(child.text))) continue;
    const name = member.childForFieldName('definition')?.childForFieldName('name')?.text;
    if (name) names.push(name);
  }
  const bases = declared.childForFieldName('superclasses')?.text ?? '';
  if (names.length === 0 && !/\bABC\b|\bmetaclass\s*=\s*(?:abc\s*\.\s*)?ABCMeta\b/.test(bases)) return null;
  return { names: [...new Set(names)], found: 'named', arity: false };
}
