/**
 * The shape of src/, checked by `npm run check:imports` (part of `npm test`):
 * no import cycles (type-only imports included), and a pure core that imports nothing from the
 * shell (editor, fs, parsing, tools, cli) and no Node builtin; outside structedit/node, the CLI and the
 * MCP server, no runtime import of a Node builtin at all.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Import cycles make modules load in surprising orders and blur which layer owns what.', from: { path: '^src/' }, to: { circular: true } },
    { name: 'core-is-pure', severity: 'error', comment: 'src/core has no I/O: it must not import the shell.', from: { path: '^src/core/' }, to: { path: '^src/(editor|fs|parsing|tools|cli)/' } },
    { name: 'core-has-no-node-builtins', severity: 'error', comment: 'src/core runs anywhere, browsers included.', from: { path: '^src/core/' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'entries-have-no-node-builtins',
      severity: 'error',
      comment: 'The root and tools entries bundle for browsers: Node is reached through process.getBuiltinModule (src/platform), never imported. Only structedit/node (src/fs/node.ts), the CLI and the MCP server import Node.',
      from: { path: '^src/', pathNot: '^src/(cli|mcp)/|^src/fs/node\\.ts$' },
      to: { dependencyTypes: ['core'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
