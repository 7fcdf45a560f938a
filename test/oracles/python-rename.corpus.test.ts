import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageServerBackend } from 'structedit';
import { expectAtMost, FULL, PYTHON_BUDGET, sampled, TIME_LIMIT_MS } from './budget.js';
import { JediOracle, pythonWithJedi, type JediRuntime } from './jedi-client.js';
import { loadPythonCorpus, removeCorpus, type PythonCorpus } from './python-corpus.js';
import { renameAgainstJedi } from './python-rename.js';

/**
 * Issue 17's oracle for Python renames: on real packages (the standard library's, Debian's
 * python3-jinja2 and python3-markdown), rename top-level functions and classes and methods with
 * structedit (dry run) and compare the places with jedi's `get_references`; then the renamed
 * package must still compile and import. Needs an interpreter with jedi: scripts/ensure-oracles.sh.
 *
 * The bounds below are a ratchet: today's counts. The goal is 0 disagreed and 0 broke; a bound may
 * only go down (lower it when the engine gets better; never raise it to make a change pass).
 */
const BOUNDS: Record<string, { disagreed: number; broke: number }> = {
  json: { disagreed: 0, broke: 0 },
  email: { disagreed: 0, broke: 0 },
  logging: { disagreed: 0, broke: 0 },
  importlib: { disagreed: 0, broke: 0 },
  asyncio: { disagreed: 0, broke: 0 },
  jinja2: { disagreed: 0, broke: 0 },
  markdown: { disagreed: 0, broke: 0 },
};

const python = pythonWithJedi();
let oracle: JediOracle;
let checker: JediOracle;
let runtime: JediRuntime;

describe('rename agrees with jedi on real Python packages, and they still compile and import', () => {
  beforeAll(async () => {
    if (python === null) throw new Error('no python3 can import jedi: run scripts/ensure-oracles.sh (installs Debian python3-jedi)');
    oracle = new JediOracle(python);
    checker = new JediOracle(python);
    runtime = await oracle.ready;
    await checker.ready;
    console.log(`Python oracle: ${runtime.executable} ${runtime.python}, jedi ${runtime.jedi}${FULL ? ' (full run)' : ''}`);
  });
  afterAll(() => {
    oracle?.close();
    checker?.close();
  });

  it('the harness sees references across files and catches a rename that breaks the package', async () => {
    const corpus = loadPythonCorpus(python!, 'json')!;
    try {
      const { declarations } = await oracle.declarations(corpus.root, [...corpus.files.keys()]);
      const decoder = declarations.find((declaration) => declaration.name === 'JSONDecoder' && declaration.kind === 'class')!;
      expect(decoder.file).toBe('json/decoder.py');
      const answer = await oracle.references(corpus.root, decoder, 30);
      expect('references' in answer && answer.references.map((place) => place.file)).toContain('json/__init__.py');
      // Renaming only the definition: json/__init__.py still imports JSONDecoder, so `import json` fails.
      const text = corpus.files.get('json/decoder.py')!.replace('class JSONDecoder(object):', 'class JSONDecoderOnlyHere(object):');
      const check = await checker.check(corpus.root, 'json', { 'json/decoder.py': text }, { modules: ['json'] });
      expect(Object.keys(check.import_failures)).toEqual(['json']);
      const broken = await checker.check(corpus.root, 'json', { 'json/decoder.py': `${text}\ndef (:\n` }, { modules: [] });
      expect(broken.compile_errors.map((error) => error.file)).toEqual(['json/decoder.py']);
    } finally {
      removeCorpus(corpus);
    }
  });

  for (const [name, bound] of Object.entries(BOUNDS)) {
    it(
      name,
      async () => {
        const corpus: PythonCorpus | null = loadPythonCorpus(python!, name);
        if (corpus === null) throw new Error(`${python} cannot import ${name}: run scripts/ensure-oracles.sh (installs Debian python3-jinja2 and python3-markdown)`);
        try {
          const tally = await renameAgainstJedi(corpus, oracle, checker, { sample: PYTHON_BUDGET.renames, maxOccurrences: PYTHON_BUDGET.maxOccurrences, limitSeconds: PYTHON_BUDGET.jediSeconds });
          console.log(`${tally.report()}\n  (${corpus.source}, sampled ${tally.sampled} of ${tally.total})`);
          // The harness works: a real corpus, an oracle that answers, renames that agree.
          expect(corpus.files.size).toBeGreaterThan(0);
          expect(tally.sampled).toBeGreaterThanOrEqual(Math.min(10, tally.total));
          expect(tally.answered / tally.sampled).toBeGreaterThanOrEqual(0.9);
          expect(tally.agreed).toBeGreaterThan(0);
          expect(tally.checked).toBeGreaterThan(0);
          // Errors are values: a thrown exception is a bug whatever the rename.
          expect(tally.crashed).toEqual([]);
          // The ratchet (goal 0 for both; bounds only go down).
          expectAtMost(tally.disagreed.length, bound.disagreed);
          expectAtMost(tally.broke.length, bound.broke);
        } finally {
          removeCorpus(corpus);
        }
      },
      TIME_LIMIT_MS,
    );
  }
});

/**
 * Issue 18's acceptance for language servers: with pyright's language server (npm `pyright`, a dev
 * dependency) as the Python backend, renames agree with jedi and break nothing: 0 disagreed and 0
 * broke, no ratchet. A use pyright cannot see (a package named like a standard module, which it
 * takes for typeshed's stub) is caught by the syntactic engine's second opinion and refused.
 */
// Each rename asks pyright several times (rename twice, definitions, diagnostics before and after): a few per package here.
const PYRIGHT_PACKAGES: Record<string, number> = { json: 6, markdown: 4, distro: 6 };

describe("with pyright's language server, renames agree with jedi and break nothing", () => {
  const pyright = languageServerBackend({ command: fileURLToPath(new URL('../../node_modules/.bin/pyright-langserver', import.meta.url)), args: ['--stdio'], languages: ['python'] });
  let pyOracle: JediOracle;
  let pyChecker: JediOracle;
  beforeAll(async () => {
    if (python === null) throw new Error('no python3 can import jedi: run scripts/ensure-oracles.sh (installs Debian python3-jedi)');
    pyOracle = new JediOracle(python);
    pyChecker = new JediOracle(python);
    await Promise.all([pyOracle.ready, pyChecker.ready]);
  });
  afterAll(async () => {
    pyOracle?.close();
    pyChecker?.close();
    await pyright.dispose();
  });

  for (const [name, renames] of Object.entries(PYRIGHT_PACKAGES)) {
    it(
      name,
      async () => {
        const corpus = loadPythonCorpus(python!, name);
        if (corpus === null) throw new Error(`${python} cannot import ${name}: run scripts/ensure-oracles.sh`);
        try {
          const tally = await renameAgainstJedi(corpus, pyOracle, pyChecker, { sample: sampled(renames), maxOccurrences: PYTHON_BUDGET.maxOccurrences, limitSeconds: PYTHON_BUDGET.jediSeconds, semantic: { python: pyright } });
          console.log(`${tally.report()}\n  (${corpus.source}, sampled ${tally.sampled} of ${tally.total})`);
          expect(tally.agreed).toBeGreaterThan(0);
          expect(tally.checked).toBeGreaterThan(0);
          expect(tally.crashed).toEqual([]);
          expect(tally.disagreed).toEqual([]);
          expect(tally.broke).toEqual([]);
        } finally {
          removeCorpus(corpus);
        }
      },
      TIME_LIMIT_MS,
    );
  }
});
