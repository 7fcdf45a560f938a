/**
 * The playground page: structedit running in a browser on an in-memory file system. Every action
 * puts the text area's file into a fresh `memoryFs`, runs one operation through the tools an LLM
 * would call (`structedit/tools`), and shows the tool's text, the diff and the new file text.
 *
 * State for tests: `body[data-state]` is `loading`, `ready` or `failed`; `body[data-actions]` counts
 * finished actions (List structures, Run), so a test can wait for the next one.
 */
import { BUILTIN_LANGUAGES, createEditor, memoryFs, type Editor, type MemoryFs, type StructureListing, type TreeSitterInitOptions } from 'structedit';
import { createTools, type ToolResult } from 'structedit/tools';
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { SAMPLES } from './samples.js';

/** The runtime WASM file the build copied into dist/ (`web-tree-sitter.wasm` or `tree-sitter.wasm`). */
declare const PLAYGROUND_TREE_SITTER_WASM: string;

/** Operations of the select, by value: the tool that runs each and whether it takes content. */
const OPERATIONS = {
  read: { tool: 'read_structure', content: false },
  replace: { tool: 'replace_structure', content: true },
  insert_after: { tool: 'insert_after_structure', content: true },
  insert_before: { tool: 'insert_before_structure', content: true },
  delete: { tool: 'delete_structure', content: false },
} as const;
type OperationName = keyof typeof OPERATIONS;

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no #${id} ${type.name}`);
  return found;
}

const ui = {
  sample: element('sample', HTMLSelectElement),
  path: element('path', HTMLInputElement),
  language: element('language', HTMLSpanElement),
  source: element('source', HTMLTextAreaElement),
  list: element('list', HTMLButtonElement),
  structures: element('structures', HTMLUListElement),
  operation: element('operation', HTMLSelectElement),
  target: element('target', HTMLTextAreaElement),
  content: element('content', HTMLTextAreaElement),
  run: element('run', HTMLButtonElement),
  status: element('status', HTMLPreElement),
  toolText: element('tool-text', HTMLPreElement),
  diffBox: element('diff-box', HTMLDivElement),
  diff: element('diff', HTMLPreElement),
  newTextBox: element('new-text-box', HTMLDivElement),
  newText: element('new-text', HTMLPreElement),
};

/** tree-sitter's runtime and the grammars, served next to the page by the build. */
const treeSitter: TreeSitterInitOptions = {
  // Whatever name web-tree-sitter asks for, the runtime is the file the build copied.
  locateFile: () => new URL(PLAYGROUND_TREE_SITTER_WASM, document.baseURI).href,
  grammarBaseUrl: new URL('grammars/', document.baseURI).href,
};

/** The file of the text area in a fresh in-memory file system, with an editor over it. */
function session(): { fs: MemoryFs; editor: Editor; path: string; before: string } {
  const path = ui.path.value.trim();
  const before = ui.source.value;
  const fs = memoryFs({ [path]: before });
  return { fs, editor: createEditor({ fs, treeSitter }), path, before };
}

function showLanguage(): void {
  const name = ui.path.value.trim().toLowerCase();
  const language = BUILTIN_LANGUAGES.find((definition) => definition.extensions.some((extension) => name.endsWith(extension)));
  ui.language.textContent = language ? `(${language.id})` : '(no language for this extension)';
}

function setStatus(outcome: 'ok' | 'error' | 'busy', text: string): void {
  ui.status.dataset['outcome'] = outcome;
  ui.status.textContent = text;
}

function showDiff(path: string, before: string, after: string): void {
  ui.diff.replaceChildren();
  const unified = formatPatch(structuredPatch(path, path, before, after, undefined, undefined, { context: 3 }), FILE_HEADERS_ONLY);
  for (const line of unified.split('\n')) {
    const span = document.createElement('span');
    span.className = line.startsWith('@@') ? 'hunk' : line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
    span.textContent = `${line}\n`;
    ui.diff.append(span);
  }
  ui.diffBox.hidden = false;
}

function clearOutput(): void {
  ui.toolText.textContent = '';
  ui.diff.replaceChildren();
  ui.diffBox.hidden = true;
  ui.newText.textContent = '';
  ui.newTextBox.hidden = true;
}

/** Counts a finished action for tests, whatever its outcome. */
function finished(): void {
  document.body.dataset['actions'] = String(Number(document.body.dataset['actions'] ?? '0') + 1);
}

function renderStructures(listings: readonly StructureListing[], depth = 0): HTMLLIElement[] {
  return listings.flatMap((listing) => {
    const item = document.createElement('li');
    item.dataset['target'] = listing.target ?? '';
    item.title = listing.target === null ? (listing.target_unavailable ?? 'no target names it alone') : 'click: use this target';
    const kind = document.createElement('span');
    kind.className = 'kind';
    kind.textContent = ` ${listing.kind}, lines ${listing.line_range_inclusive.join('-')}`;
    item.append(`${'  '.repeat(depth)}${listing.target === null ? '(no target)' : JSON.stringify(listing.target)}`, kind);
    item.addEventListener('click', () => {
      if (listing.target !== null) ui.target.value = listing.target;
    });
    return [item, ...renderStructures(listing.children, depth + 1)];
  });
}

/** Lists the file's structures into the list; returns the status line to show, or null for an error. */
async function showStructures(editor: Editor, path: string): Promise<string | null> {
  const listed = await editor.listStructures({ path });
  ui.structures.replaceChildren();
  if (listed.isErr()) {
    setStatus('error', `listStructures failed (${listed.error.error})`);
    ui.toolText.textContent = listed.error.message;
    return null;
  }
  ui.structures.append(...renderStructures(listed.value.structures));
  return `${listed.value.path} (${listed.value.language}): ${ui.structures.childElementCount} structures`;
}

async function listStructures(): Promise<void> {
  clearOutput();
  setStatus('busy', 'Listing…');
  const { editor, path } = session();
  const status = await showStructures(editor, path);
  if (status !== null) setStatus('ok', status);
}

async function run(): Promise<void> {
  clearOutput();
  const operation = OPERATIONS[ui.operation.value as OperationName];
  setStatus('busy', `Running ${operation.tool}…`);
  const { fs, editor, path, before } = session();
  const tool = createTools(editor, { include: [operation.tool] })[0];
  if (!tool) throw new Error(`structedit/tools has no ${operation.tool}`);
  const input: Record<string, string> = { path, target: ui.target.value };
  if (operation.content) input['content'] = ui.content.value;
  const result: ToolResult = await tool.execute(input);
  const text = result.content.map((part) => part.text).join('\n');
  ui.toolText.textContent = text;
  const after = fs.snapshot()[path];
  if (result.isError) {
    const code = String(result.structuredContent['error'] ?? 'error');
    setStatus('error', `${operation.tool} failed (${code}); ${after === before ? 'the file is unchanged' : 'THE FILE CHANGED'}`);
    return;
  }
  if (after === undefined || after === before) {
    setStatus('ok', `${operation.tool}: done; the file is unchanged`);
    return;
  }
  showDiff(path, before, after);
  ui.newText.textContent = after;
  ui.newTextBox.hidden = false;
  // The edited file becomes the text to edit next, as in an agent's session.
  ui.source.value = after;
  setStatus('ok', `${operation.tool}: ${path} changed`);
  // A list on show would give the old line ranges: list the new text.
  if (ui.structures.childElementCount > 0 && (await showStructures(editor, path)) !== null) setStatus('ok', `${operation.tool}: ${path} changed; structures listed again`);
}

/** Why a file name cannot be used (memoryFs refuses it), or null. */
function pathProblem(path: string): string | null {
  if (path === '') return 'Give the file a name: its extension chooses the language.';
  try {
    memoryFs({ [path]: '' });
    return null;
  } catch (cause) {
    return `The file name cannot be used: ${cause instanceof Error ? cause.message : String(cause)}`;
  }
}

/** Runs an action; a throw (a bug: structedit answers errors as values) is shown and logged. */
function action(body: () => Promise<void>): () => void {
  return () => {
    const problem = pathProblem(ui.path.value.trim());
    if (problem !== null) {
      clearOutput();
      setStatus('error', problem);
      finished();
      return;
    }
    ui.list.disabled = true;
    ui.run.disabled = true;
    body()
      .catch((cause: unknown) => {
        setStatus('error', `unexpected exception: ${cause instanceof Error ? cause.message : String(cause)}`);
        console.error(cause);
      })
      .finally(() => {
        ui.list.disabled = false;
        ui.run.disabled = false;
        finished();
      });
  };
}

function pickSample(index: number): void {
  const sample = SAMPLES[index];
  if (!sample) return;
  ui.path.value = sample.path;
  ui.source.value = sample.text;
  ui.target.value = sample.target;
  ui.content.value = sample.content;
  ui.structures.replaceChildren();
  clearOutput();
  setStatus('ok', '');
  showLanguage();
}

async function start(): Promise<void> {
  SAMPLES.forEach((sample, index) => ui.sample.add(new Option(`${sample.label} (${sample.path})`, String(index))));
  ui.sample.addEventListener('change', () => pickSample(Number(ui.sample.value)));
  ui.path.addEventListener('input', showLanguage);
  ui.list.addEventListener('click', action(listStructures));
  ui.run.addEventListener('click', action(run));
  pickSample(0);
  // Load tree-sitter and the first sample's grammar now, so that the page is ready when it says so.
  const warmUp = await createEditor({ fs: memoryFs({ [ui.path.value]: ui.source.value }), treeSitter }).listStructures({ path: ui.path.value });
  if (warmUp.isErr()) throw new Error(`structedit could not parse the sample: ${warmUp.error.message}`);
  setStatus('ok', `Ready: ${warmUp.value.language} parsed in the browser.`);
}

start().then(
  () => {
    document.body.dataset['state'] = 'ready';
  },
  (cause: unknown) => {
    document.body.dataset['state'] = 'failed';
    setStatus('error', `The playground could not start: ${cause instanceof Error ? cause.message : String(cause)}`);
    console.error(cause);
  },
);
