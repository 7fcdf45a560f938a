"""The Python oracle of test/oracles: jedi's references and Python's own compiler and importer.

A long-lived process: one JSON request per line on stdin, one JSON answer per line on stdout
(`{"id": ..., "ok": ...}` or `{"id": ..., "error": "..."}`). Positions in requests and answers are
1-based lines and 1-based columns in UTF-16 code units (the columns of structedit's changes), so
the TypeScript side compares them as they are.

Requests (`op`):
- `declarations {root, files}`: the top-level functions and classes and the methods of those
  classes (Python's `ast`, independent of structedit), and the identifier strings of `__all__`.
- `references {root, file, line, column, limit_seconds}`: jedi's `get_references(scope='project')`
  for the name at that place, in files under `root` (others are counted, not listed).
- `check {root, package, files, modules}`: copies `root/package` to a temporary folder, writes
  `files` (path -> text, or null to delete), compiles each written file, then imports each of
  `modules` in a fresh interpreter (`-I`, the copy first on `sys.path`) and reports what failed;
  with `names`, also the global names each written file uses but nothing binds (see `undefined_names`).
- `goto {root, places}`: where jedi's `goto` takes the name at each place (to confirm a place
  structedit changed that `get_references` did not list).
- `resolve {root, files, name}`: for every use of `name` in `files` (a NAME token outside import
  statements that is not a `def`/`class` name or a keyword argument name), where jedi's `goto`
  takes it (`follow_imports=True`): the move check counts the uses that reach the definition before
  and after. `check` with `resolve: {files, name}` does the same in the written copy.
"""

import ast
import re
import builtins
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import symtable
import tempfile
import tokenize

import jedi

PROJECTS = {}


def utf16_column(line_text, codepoint_column):
    """1-based UTF-16 column of a 0-based code point column."""
    return len(line_text[:codepoint_column].encode('utf-16-le')) // 2 + 1


def codepoint_column(line_text, utf16_col):
    """0-based code point column of a 1-based UTF-16 column."""
    units = 0
    for index, char in enumerate(line_text):
        if units >= utf16_col - 1:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line_text)


def read(path):
    with open(path, encoding='utf-8') as handle:
        return handle.read()


def lines_of(text):
    # ast and jedi count lines at \n, \r\n and \r (not at form feeds, unlike str.splitlines).
    return text.replace('\r\n', '\n').replace('\r', '\n').split('\n')


def name_column(line_text, name, start):
    """0-based code point column of `name` after `def`/`class` on a line, from `start`."""
    index = line_text.find(name, start)
    while index >= 0:
        before = line_text[:index].rstrip()
        if before.endswith('def') or before.endswith('class'):
            return index
        index = line_text.find(name, index + 1)
    return -1


def declarations(request):
    root = request['root']
    found = []
    all_strings = []
    annotation_strings = []
    for rel in request['files']:
        text = read(os.path.join(root, rel))
        lines = lines_of(text)
        tree = ast.parse(text, filename=rel)

        def add(node, kind, owner):
            line_text = lines[node.lineno - 1]
            start = len(line_text.encode('utf-8')[: node.col_offset].decode('utf-8', 'ignore'))
            column = name_column(line_text, node.name, start)
            if column < 0:
                return
            found.append({'file': rel, 'name': node.name, 'kind': kind, 'owner': owner, 'line': node.lineno, 'column': utf16_column(line_text, column)})

        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                add(node, 'function', None)
            elif isinstance(node, ast.ClassDef):
                add(node, 'class', None)
                for member in node.body:
                    if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        add(member, 'method', node.name)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            if not any(isinstance(target, ast.Name) and target.id == '__all__' for target in targets):
                continue
            for item in ast.walk(node.value) if node.value is not None else []:
                if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value.isidentifier():
                    line_text = lines[item.lineno - 1]
                    start = len(line_text.encode('utf-8')[: item.col_offset].decode('utf-8', 'ignore'))
                    # The name starts after the opening quote (a prefix such as r'' is not used in __all__).
                    all_strings.append({'file': rel, 'line': item.lineno, 'column': utf16_column(line_text, start + 1), 'text': item.value})
        # Names inside string annotations (forward references, `-> 'SimplePath'`): typing reads them, jedi does not.
        annotations = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs + [a for a in (node.args.vararg, node.args.kwarg) if a is not None]
                annotations += [a.annotation for a in arguments if a.annotation is not None]
                if node.returns is not None:
                    annotations.append(node.returns)
            elif isinstance(node, ast.AnnAssign):
                annotations.append(node.annotation)
        for annotation in annotations:
            for item in ast.walk(annotation):
                if not (isinstance(item, ast.Constant) and isinstance(item.value, str)) or item.lineno != item.end_lineno:
                    continue
                line_text = lines[item.lineno - 1]
                start = len(line_text.encode('utf-8')[: item.col_offset].decode('utf-8', 'ignore'))
                quoted = line_text[start:]
                opening = 1 if quoted[:1] in ('"', "'") else 0
                for match in re.finditer(r'[A-Za-z_]\w*', item.value):
                    annotation_strings.append({'file': rel, 'line': item.lineno, 'column': utf16_column(line_text, start + opening + match.start()), 'text': match.group(0)})
    return {'declarations': found, 'all_strings': all_strings, 'annotation_strings': annotation_strings}


class Timeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)


def project(root):
    if root not in PROJECTS:
        PROJECTS[root] = jedi.Project(path=root)
    return PROJECTS[root]


def place_of(name, root):
    path = str(name.module_path) if name.module_path is not None else None
    if path is None or not path.startswith(root + os.sep):
        return None
    rel = os.path.relpath(path, root).replace(os.sep, '/')
    line_text = lines_of(read(path))[name.line - 1]
    return {'file': rel, 'line': name.line, 'column': utf16_column(line_text, name.column), 'name': name.name}


def references(request):
    root = request['root']
    path = os.path.join(root, request['file'])
    text = read(path)
    line_text = lines_of(text)[request['line'] - 1]
    script = jedi.Script(text, path=path, project=project(root))
    signal.setitimer(signal.ITIMER_REAL, request.get('limit_seconds', 30))
    try:
        names = script.get_references(request['line'], codepoint_column(line_text, request['column']), scope='project')
    except Timeout:
        return {'timeout': True}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    places = []
    outside = 0
    for name in names:
        place = place_of(name, root)
        if place is None:
            outside += 1
        else:
            places.append(place)
    return {'references': places, 'outside': outside}


IMPORT_SCRIPT = r'''
import importlib, json, sys, traceback
folder, package, modules = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
sys.path.insert(0, folder)
for name in list(sys.modules):
    if name == package or name.startswith(package + '.'):
        del sys.modules[name]
failures = {}
for module in modules:
    try:
        loaded = importlib.import_module(module)
        where = getattr(loaded, '__file__', None) or ''
        if not where.startswith(folder):
            failures[module] = 'imported from ' + where + ', not from the copy'
    except BaseException as error:
        failures[module] = type(error).__name__ + ': ' + str(error)[:300]
print(json.dumps(failures))
'''


def undefined_names(text, rel):
    """Global names a module uses that nothing binds (not assigned, imported, defined or builtin).

    None when the module has a star import (whose names cannot be known without importing it).
    """
    table = symtable.symtable(text, rel, 'exec')
    module_bound = {symbol.get_name() for symbol in table.get_symbols() if symbol.is_assigned() or symbol.is_imported() or symbol.is_namespace()}
    if any(isinstance(node, ast.ImportFrom) and any(alias.name == '*' for alias in node.names) for node in ast.walk(ast.parse(text))):
        return None
    used = set()

    def visit(scope, is_module):
        for symbol in scope.get_symbols():
            if not symbol.is_referenced():
                continue
            if is_module or symbol.is_global():
                used.add(symbol.get_name())
        for child in scope.get_children():
            visit(child, False)

    visit(table, True)
    return sorted(name for name in used if name not in module_bound and not hasattr(builtins, name) and name not in ('__file__', '__name__', '__doc__', '__spec__', '__loader__', '__package__', '__path__', '__builtins__', '__debug__', '__annotations__', '__dict__', '__module__', '__qualname__', '__class__'))


def check(request):
    root = request['root']
    package = request['package']
    with tempfile.TemporaryDirectory(prefix='structedit-oracle-') as folder:
        shutil.copytree(os.path.join(root, package), os.path.join(folder, package))
        compile_errors = []
        undefined = {}
        for rel, text in sorted(request['files'].items()):
            target = os.path.join(folder, rel)
            if text is None:
                if os.path.exists(target):
                    os.remove(target)
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, 'w', encoding='utf-8') as handle:
                handle.write(text)
            try:
                compile(text, target, 'exec', dont_inherit=True)
            except SyntaxError as error:
                compile_errors.append({'file': rel, 'line': error.lineno, 'message': error.msg})
                continue
            if request.get('names'):
                names = undefined_names(text, rel)
                if names:
                    undefined[rel] = names
        failures = {}
        if request.get('modules'):
            run = subprocess.run([sys.executable, '-I', '-c', IMPORT_SCRIPT, folder, package, json.dumps(request['modules'])], capture_output=True, text=True, timeout=120, cwd=folder)
            try:
                failures = json.loads(run.stdout.strip().splitlines()[-1])
            except (IndexError, ValueError):
                failures = {'*': 'the import check crashed: ' + run.stderr[-500:]}
        resolved = resolve({'root': folder, 'files': request['resolve']['files'], 'name': request['resolve']['name']})['uses'] if request.get('resolve') else None
        return {'compile_errors': compile_errors, 'import_failures': failures, 'undefined_names': undefined, 'resolved': resolved}


def uses_of(text, name):
    """(line, 0-based code point column) of each NAME token `name` outside import statements that is not a def/class name or a keyword argument."""
    import_lines = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            import_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    tokens = [token for token in tokenize.generate_tokens(io.StringIO(text).readline) if token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    found = []
    for index, token in enumerate(tokens):
        if token.type != tokenize.NAME or token.string != name:
            continue
        previous = tokens[index - 1].string if index > 0 else ''
        following = tokens[index + 1].string if index + 1 < len(tokens) else ''
        if previous in ('def', 'class') or following == '=' and previous in ('(', ',') or token.start[0] in import_lines:
            continue
        found.append(token.start)
    return found


def resolve(request):
    root = request['root']
    name = request['name']
    proj = jedi.Project(path=root)
    places = []
    for rel in request['files']:
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            continue
        text = read(path)
        lines = lines_of(text)
        script = jedi.Script(text, path=path, project=proj)
        for line, column in uses_of(text, name):
            signal.setitimer(signal.ITIMER_REAL, request.get('limit_seconds', 10))
            try:
                targets = [place_of(target, root) for target in script.goto(line, column, follow_imports=True)]
            except Exception:  # a timeout, or jedi failing on some code (KeyError inside its module cache): no answer for this use
                targets = None
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            places.append({'file': rel, 'line': line, 'column': utf16_column(lines[line - 1], column), 'targets': targets})
    return {'uses': places}


def goto(request):
    """Where jedi's goto (`follow_imports=True`) takes the name at each of `places` (`null`: timed out)."""
    root = request['root']
    answers = []
    for place in request['places']:
        path = os.path.join(root, place['file'])
        text = read(path)
        line_text = lines_of(text)[place['line'] - 1]
        signal.setitimer(signal.ITIMER_REAL, request.get('limit_seconds', 10))
        try:
            names = jedi.Script(text, path=path, project=project(root)).goto(place['line'], codepoint_column(line_text, place['column']), follow_imports=True)
            answers.append([dict(target, full_name=name.full_name, module=name.module_name) for target, name in ((place_of(name, root), name) for name in names) if target is not None])
        except Exception:  # a timeout, or jedi failing: no answer for this place
            answers.append(None)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return {'targets': answers}


MRO_SCRIPT = r'''
import importlib, json, sys
folder, package, name, pairs = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
sys.path.insert(0, folder)
for loaded in list(sys.modules):
    if loaded == package or loaded.startswith(package + '.'):
        del sys.modules[loaded]

def find(module, qualname):
    value = importlib.import_module(module)
    for part in qualname.split('.'):
        value = getattr(value, part)
    return value if isinstance(value, type) else None

def inside(cls):
    # The package's own module under another name counts too (importlib runs its bootstrap modules
    # frozen as _frozen_importlib*, and puts them in sys.modules as importlib._bootstrap*).
    module = sys.modules.get(cls.__module__)
    names = [cls.__module__] + [name for name, value in list(sys.modules.items()) if module is not None and value is module]
    return any(name == package or name.startswith(package + '.') for name in names)

answers = []
for (module, qualname), others in pairs:
    try:
        target = find(module, qualname)
    except Exception:
        target = None
    if target is None:
        answers.append(None)
        continue
    declaring = [cls for cls in target.__mro__ if name in vars(cls)]
    # A class outside the package declaring the member: renaming the override breaks it.
    external = [cls.__module__ + '.' + cls.__qualname__ for cls in declaring if not inside(cls)]
    related = []
    for other_module, other_qualname in others:
        try:
            other = find(other_module, other_qualname)
        except Exception:
            other = None
        # Related: one inherits from the other, or both inherit the member from a shared class.
        related.append(other is not None and (issubclass(target, other) or issubclass(other, target) or any(cls in declaring for cls in other.__mro__ if name in vars(cls))))
    answers.append({'external': external, 'related': related})
print(json.dumps(answers))
'''


def hierarchy(request):
    """For each (class, other classes): which others share the member `name` with it through inheritance (the interpreter's MRO), and which classes outside the package declare it."""
    run = subprocess.run([sys.executable, '-I', '-c', MRO_SCRIPT, request['root'], request['package'], request['name'], json.dumps(request['pairs'])], capture_output=True, text=True, timeout=120, cwd=request['root'])
    try:
        return {'answers': json.loads(run.stdout.strip().splitlines()[-1])}
    except (IndexError, ValueError):
        return {'answers': [None] * len(request['pairs']), 'error': run.stderr[-500:]}


HANDLERS = {'hierarchy': hierarchy, 'declarations': declarations, 'references': references, 'check': check, 'resolve': resolve, 'goto': goto}


def main():
    sys.setrecursionlimit(10000)
    # A cache of its own: jedi pickles parsed modules to its cache folder, and two processes
    # sharing one read each other's half-written files (EOFError: Ran out of input).
    cache = tempfile.mkdtemp(prefix='structedit-jedi-cache-')
    jedi.settings.cache_directory = cache
    try:
        serve()
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def serve():
    print(json.dumps({'ready': True, 'python': sys.version.split()[0], 'jedi': jedi.__version__, 'executable': sys.executable}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            answer = {'id': request['id'], 'ok': HANDLERS[request['op']](request)}
        except Exception as error:  # an answer for every request: the test reports it
            answer = {'id': request['id'], 'error': type(error).__name__ + ': ' + str(error)[:500]}
        print(json.dumps(answer), flush=True)


if __name__ == '__main__':
    main()
