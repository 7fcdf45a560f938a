"""For each (path, module, qualname) on stdin (JSON), how Python builds the class's constructor:
whether its __init__ (or a NamedTuple's __new__) was made from its fields, and that signature."""
import dataclasses, importlib, inspect, json, sys, warnings
warnings.simplefilter('ignore')
out = []
for item in json.load(sys.stdin):
    entry = {'id': item['id']}
    try:
        obj = importlib.import_module(item['module'])
        for part in item['qualname'].split('.'):
            obj = getattr(obj, part)
        cls = obj
        own = cls.__dict__
        generated = False
        if dataclasses.is_dataclass(cls) and '__init__' in own and getattr(own['__init__'], '__code__', None) is not None:
            generated = own['__init__'].__code__.co_filename == '<string>' or '__create_fn__' in own['__init__'].__qualname__
        if issubclass(cls, tuple) and hasattr(cls, '_fields') and '__new__' in own:
            generated = True
        entry['generated'] = generated
        if generated:
            params = []
            for p in inspect.signature(cls).parameters.values():
                params.append({'name': p.name, 'required': p.default is inspect.Parameter.empty, 'kind': 'keyword' if p.kind == p.KEYWORD_ONLY else 'positional'})
            entry['params'] = params
    except BaseException as e:  # a module that cannot be imported here
        entry['error'] = f'{type(e).__name__}: {e}'[:200]
    out.append(entry)
json.dump(out, sys.stdout)
