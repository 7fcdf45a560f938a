// Scenario 8: a rename's reference scan over a whole tree, the way an agent renames an exported
// function. The tree is three published monorepos from node_modules, copied out of node_modules
// (which scans skip): @typescript-eslint, @microsoft (api-extractor, tsdoc) and @rushstack, some
// 2,500 .js/.ts/.d.ts files. The rename is `getParserServices` of @typescript-eslint/utils, a dry
// run (nothing is written) with `semantic: 'syntax'`, a fresh editor each run. The peer is
// TypeScript's own language service (allowJs) finding the same rename's locations, its program
// built cold each run. Goal (issue 23): the scan of a 2,000-file tree within 2 s.
// Usage: npm run build && node bench/rename-scan.mjs
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEditor } from '../dist/index.js';
import { nodeFs } from '../dist/node.js';

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, '..', 'node_modules');
const require = createRequire(import.meta.url);
const ts = require('typescript');

const TREES = ['@typescript-eslint', '@microsoft', '@rushstack'];
const ORIGIN = '@typescript-eslint/utils/dist/eslint-utils/getParserServices.js';
const ADDRESS = 'function getParserServices';

const SOURCE = /\.(?:[cm]?js|[cm]?ts|tsx|jsx)$/;
function walk(root, folder = root) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(root, full);
    return entry.isFile() && SOURCE.test(entry.name) ? [relative(root, full)] : [];
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median times (ms) of structedit's scan and TypeScript's, over `runs`, and what each found. */
export async function renameScanTimes(runs = 3) {
  const root = mkdtempSync(join(tmpdir(), 'structedit-rename-scan-'));
  try {
    for (const tree of TREES) cpSync(join(modules, tree), join(root, tree), { recursive: true, filter: (path) => !path.slice(join(modules, tree).length).includes('/node_modules') });
    // The copies are one monorepo's workspace packages: their imports of each other lead to the
    // copies (without this, a package named in a dependency and also present as a folder is ambiguous).
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'rename-scan', private: true, workspaces: TREES.map((tree) => `${tree}/*`) }));
    const files = walk(root);
    const ours = [];
    const peer = [];
    let outcome = '';
    let peerLocations = 0;
    for (let run = 0; run < runs; run++) {
      const editor = createEditor({ fs: nodeFs({ root }), semantic: 'syntax' });
      let start = performance.now();
      const result = await editor.applyEdits({ edits: [{ op: 'rename', path: ORIGIN, address: ADDRESS, new_name: 'getParserServicesRenamed' }], options: { dry_run: true } });
      ours.push(performance.now() - start);
      const applied = result.isOk() ? result.value.results[0] : null;
      outcome = applied ? `applied, ${applied.locations_updated} locations in ${applied.files_modified} files` : `refused: ${result.error.error}`;
      await editor.dispose();

      start = performance.now();
      peerLocations = typescriptRename(root, files);
      peer.push(performance.now() - start);
    }
    return { files: files.length, ms: median(ours), peer_ms: median(peer), outcome, peer_locations: peerLocations };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** TypeScript's language service over every file, cold: the locations of the same rename. */
function typescriptRename(root, files) {
  const options = { allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  const paths = files.map((file) => join(root, file));
  const host = {
    getScriptFileNames: () => paths,
    getScriptVersion: () => '1',
    getScriptSnapshot: (path) => {
      try {
        return ts.ScriptSnapshot.fromString(readFileSync(path, 'utf8'));
      } catch {
        return undefined;
      }
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const origin = join(root, ORIGIN);
  const position = readFileSync(origin, 'utf8').indexOf(ADDRESS) + 'function '.length;
  const locations = service.findRenameLocations(origin, position, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [];
  service.dispose();
  return locations.length;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await renameScanTimes(Number(process.argv[2] ?? 3)));
