import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from 'structedit/tools';
import configs from '../../tsup.config.js';
import { FILES, TOOL_CASES, type Call } from './tool-cases.js';

const run = promisify(execFile);
const projectRoot = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'structedit-mcp-e2e-'));
/** Where the package is installed from its tarball, as a user would. */
const consumer = join(work, 'consumer');
const bin = join(consumer, 'node_modules', '.bin', 'structedit');
const project = join(work, 'project');
const sdk = join(consumer, 'node_modules', '@modelcontextprotocol');

function writeProject(): void {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  for (const [path, text] of Object.entries(FILES)) writeFileSync(join(project, path), text);
}

/**
 * Builds the package (ES modules only, no declarations: what `structedit mcp` runs) into a staging
 * copy, packs it, and installs the tarball and the SDK into an empty folder from the npm cache.
 */
beforeAll(async () => {
  const staging = join(work, 'staging');
  mkdirSync(staging);
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'grammars']) cpSync(join(projectRoot, file), join(staging, file), { recursive: true });
  const esm = (configs as unknown as Array<Record<string, unknown>>)[0]!;
  await build({ ...esm, dts: false, clean: false, silent: true, sourcemap: false, outDir: join(staging, 'dist'), entry: Object.fromEntries(Object.entries(esm.entry as Record<string, string>).map(([name, path]) => [name, join(projectRoot, path)])) });
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: staging, encoding: 'utf8' })) as Array<{ filename: string }>;
  const tarball = join(work, packed[0]!.filename);
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
  const sdkVersion = (JSON.parse(readFileSync(join(projectRoot, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'), 'utf8')) as { version: string }).version;
  const install = (...specs: string[]) => run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], { cwd: consumer });
  try {
    await install(tarball, `@modelcontextprotocol/sdk@${sdkVersion}`);
  } catch {
    // npm ci caches tarballs, not the registry's metadata, so an offline install that must resolve
    // versions can fail. Then install as npm would lay it out, by hand: the tarball unpacked, its
    // dependencies and the SDK linked to the workspace's copies, the bin linked.
    installByHand(tarball);
    process.stderr.write('structedit-mcp e2e: npm install --offline failed; installed the tarball by hand\n');
  }
  writeProject();
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

function installByHand(tarball: string): void {
  const modules = join(consumer, 'node_modules');
  const target = join(modules, 'structedit');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', target, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; bin: Record<string, string> };
  for (const name of [...Object.keys(manifest.dependencies), '@modelcontextprotocol/sdk']) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(projectRoot, 'node_modules', name), join(modules, name), 'dir');
  }
  mkdirSync(dirname(bin), { recursive: true });
  chmodSync(join(target, manifest.bin.structedit!), 0o755);
  symlinkSync(join('..', 'structedit', manifest.bin.structedit!), bin);
}

/** A client of `structedit mcp <roots>` started from the installed package. */
async function start(...args: string[]) {
  const transport = new StdioClientTransport({ command: bin, args: ['mcp', ...args], cwd: consumer, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'structedit-e2e', version: '1.0.0' });
  await client.connect(transport);
  const call: Call = async (name, input) => (await client.callTool({ name, arguments: input as Record<string, unknown> })) as Awaited<ReturnType<Call>>;
  return { client, call, stderr: () => stderr };
}

type Text = Array<{ text: string }>;

describe('structedit mcp from the packed package', () => {
  it('serves every tool with annotations, one good and one failing call each', async () => {
    const { client, call, stderr } = await start(project, '--semantic', 'syntax');
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
      for (const tool of tools) expect(tool.annotations).toMatchObject({ title: tool.title, readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean), idempotentHint: expect.any(Boolean), openWorldHint: false });
      expect(stderr()).toContain(`structedit mcp: root ${project}; ${TOOL_NAMES.length} tools; semantic: syntax for every language`);
      for (const [name, testCase] of Object.entries(TOOL_CASES)) {
        writeProject();
        const ok = await call(name, await testCase.ok(call));
        expect(ok.isError, `${name}: ${(ok as { content: Text }).content[0]!.text}`).toBe(false);
        writeProject();
        const failed = await call(name, testCase.fails);
        expect(failed.isError, name).toBe(true);
        expect((failed as { content: Text }).content[0]!.text).toMatch(testCase.fix);
      }
    } finally {
      await client.close();
    }
  });

  it('--read-only serves the tools that do not write; two roots with one folder name are mounted apart', async () => {
    const second = join(work, 'other', 'project');
    mkdirSync(second, { recursive: true });
    writeFileSync(join(second, 'auth.py'), 'def other():\n    pass\n');
    writeProject();
    const { client, call, stderr } = await start(project, second, '--read-only', '--semantic', 'syntax');
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_structure', 'list_structures', 'find_structures', 'file_read']);
      expect(stderr()).toContain(`roots ${project} as project/, ${second} as project-2/; 4 tools (read-only)`);
      const read = await call('read_structure', { path: 'project-2/auth.py', target: 'def other' });
      expect((read as { content: Text }).content[0]!.text).toContain('def other():');
      expect((await call('file_read', { path: 'project/auth.py' })).isError).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('a root that does not exist: exit 2 at once, saying so', async () => {
    const started = Date.now();
    const failure = await run(bin, ['mcp', join(work, 'nowhere')], { cwd: consumer }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining(`root ${join(work, 'nowhere')} does not exist`) });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('without the SDK installed: exit 2 with how to install it', async () => {
    const hidden = join(consumer, 'hidden-sdk');
    renameSync(sdk, hidden);
    try {
      const failure = await run(bin, ['mcp', project], { cwd: consumer }).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({ code: 2 });
      const { stderr } = failure as { stderr: string };
      expect(stderr).toContain('npx -y -p structedit -p @modelcontextprotocol/sdk structedit mcp <dir>');
      expect(stderr).toContain('npm i @modelcontextprotocol/sdk');
      // The other commands never load it.
      const { stdout } = await run(bin, ['read', 'util.py', 'def parse', '--root', project], { cwd: consumer });
      expect(stdout).toContain('def parse(text):');
    } finally {
      renameSync(hidden, sdk);
    }
    expect(existsSync(sdk)).toBe(true);
  });
});
