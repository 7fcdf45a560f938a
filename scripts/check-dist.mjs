// Loads the built package the way users will: the ES module build, and the CommonJS build with
// require(esm) switched off (as before Node 20.19), each reading a Markdown and a Python structure,
// and structedit/node's nodeFs editing a file on disk.
// Run by `npm test` after the build.
import { execFileSync } from 'node:child_process';

const probe = (load, loadTools) => `
  const { createEditor, memoryFs } = ${load};
  const { createTools } = ${loadTools};
  const editor = createEditor({ fs: memoryFs({ 'a.md': '# Title\\n\\ntext\\n', 'a.py': 'def f():\\n    pass\\n' }) });
  const read = createTools(editor).find((tool) => tool.name === 'read_structure');
  Promise.all([editor.readStructure({ path: 'a.md', target: 'Title' }), editor.readStructure({ path: 'a.py', target: 'def f' })]).then(async (results) => {
    for (const result of results) if (!result.isOk()) { console.error(result.error); process.exit(1); }
    const viaTool = await read.execute({ path: 'a.py', target: 'def f' });
    if (viaTool.isError) { console.error(viaTool); process.exit(1); }
  });`;

const flags = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module') ? ['--no-experimental-require-module'] : [];
execFileSync(process.execPath, [...flags, '-e', probe("require('./dist/index.cjs')", "require('./dist/tools.cjs')")], { stdio: 'inherit' });
execFileSync(process.execPath, ['--input-type=module', '-e', probe("await import('./dist/index.js')", "await import('./dist/tools.js')")], { stdio: 'inherit' });
// structedit/mcp builds a server in both formats (the SDK, an optional peer, is a dev dependency here).
const mcp = (load, loadMain) => `const { createMcpServer } = ${load}; const { createEditor, memoryFs } = ${loadMain}; if (typeof createMcpServer({ editor: createEditor({ fs: memoryFs() }) }).connect !== 'function') process.exit(1);`;
execFileSync(process.execPath, [...flags, '-e', mcp("require('./dist/mcp.cjs')", "require('./dist/index.cjs')")], { stdio: 'inherit' });
execFileSync(process.execPath, ['--input-type=module', '-e', mcp("await import('./dist/mcp.js')", "await import('./dist/index.js')")], { stdio: 'inherit' });
// structedit/node: nodeFs over a temporary folder, a Python structure replaced on disk.
const onDisk = (load, loadMain) => `
  const { nodeFs } = ${load}; const { createEditor } = ${loadMain};
  const { mkdtempSync, writeFileSync, readFileSync, rmSync } = require('node:fs'); const { join } = require('node:path'); const { tmpdir } = require('node:os');
  const root = mkdtempSync(join(tmpdir(), 'structedit-dist-'));
  writeFileSync(join(root, 'a.py'), 'def f():\\n    pass\\n');
  createEditor({ fs: nodeFs({ root }) }).replaceStructure({ path: 'a.py', target: 'def f', content: 'def f():\\n    return 1\\n' }).then((result) => {
    const text = readFileSync(join(root, 'a.py'), 'utf8'); rmSync(root, { recursive: true });
    if (!result.isOk() || text !== 'def f():\\n    return 1\\n') { console.error(result, text); process.exit(1); }
  });`;
execFileSync(process.execPath, [...flags, '-e', onDisk("require('./dist/node.cjs')", "require('./dist/index.cjs')")], { stdio: 'inherit' });
execFileSync(process.execPath, ['--input-type=module', '-e', `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${onDisk("await import('./dist/node.js')", "await import('./dist/index.js')")}`], { stdio: 'inherit' });
console.log(`dist: ESM and CJS${flags.length ? ' (without require(esm))' : ''} builds load, read structures and edit a file on disk`);
// findStructures on the search pool's worker threads (dist/search-worker.js) finds what the calling thread finds.
execFileSync(process.execPath, ['scripts/check-search-pool.mjs'], { stdio: 'inherit' });
