/**
 * The demo behind `npm run demo`: a small project in Python, TypeScript and Markdown is written to a
 * temporary folder, then read and edited by structure: listings with targets, nested reads, a
 * skeleton, a method replaced by its target, atomic exact-text edits with their diff, an exact-text
 * rename refused while another file still uses the name (and applied as a patch of both files), and
 * the error values an LLM gets when it names something slightly wrong (nothing written on a failure).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditor, type StructureListing } from 'structedit';
import { nodeFs } from 'structedit/node';
import { fileReadText } from 'structedit/tools';

const SAMPLE: Record<string, string> = {
  'auth.py': `"""User authentication."""
import hashlib


class UserAuth:
    """Checks credentials."""

    def __init__(self, store):
        self.store = store

    # Sessions expire after an hour.
    @staticmethod
    def validate(token):
        if not token:
            return False
        return hashlib.sha256(token.encode()).hexdigest() in VALID
`,
  'src/cart.ts': `import { Item } from './item';

/** A shopping cart. */
@Injectable()
export class Cart {
  private items: Item[] = [];

  addItem(item: Item): void {
    if (item.quantity <= 0) {
      throw new Error('quantity must be positive');
    }
    this.items.push(item);
  }

  total(): number {
    return this.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  }
}
`,
  'login.py': `from auth import UserAuth


def login(store, token):
    return UserAuth(store).validate(token)
`,
  'README.md': `# Shop

A tiny shop.

## Install

\`\`\`bash
npm install shop
\`\`\`

## Usage

- Create a cart
- Add items
`,
};

function heading(text: string): void {
  console.log(`\n\u001b[1m== ${text}\u001b[0m`);
}

function printOutline(structures: readonly StructureListing[], indent = '  '): void {
  for (const structure of structures) {
    const name = structure.name ? ` ${structure.name}` : '';
    const target = structure.target === null ? '(no unique target)' : JSON.stringify(structure.target);
    console.log(`${indent}${structure.kind}${name} [lines ${structure.line_range_inclusive.join('-')}] target: ${target}`);
    printOutline(structure.children, `${indent}  `);
  }
}

export async function runDemo(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'structedit-demo-'));
  try {
    for (const [path, content] of Object.entries(SAMPLE)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    console.log(`Sample project written to ${root}`);
    const editor = createEditor({ fs: nodeFs({ root }) });

    for (const path of Object.keys(SAMPLE)) {
      heading(`listStructures({ path: '${path}', depth: 2 })`);
      const listing = await editor.listStructures({ path, depth: 2 });
      if (listing.isErr()) throw new Error(listing.error.message);
      printOutline(listing.value.structures);
    }

    const reads: Array<[string, string]> = [
      ['auth.py', 'class UserAuth\ndef validate'],
      ['src/cart.ts', 'export class Cart\naddItem\nif'],
      ['README.md', 'Shop\nInstall\nbash'],
    ];
    for (const [path, target] of reads) {
      heading(`readStructure({ path: '${path}', target: ${JSON.stringify(target)} })`);
      const result = await editor.readStructure({ path, target });
      if (result.isErr()) throw new Error(result.error.message);
      for (const match of result.value.matches) {
        console.log(`  lines ${match.line_range_inclusive.join('-')}:`);
        console.log(match.text.replace(/^/gm, '  | '));
      }
    }

    heading("readFile({ path: 'src/cart.ts', skeleton: true })  -> the file's shape, bodies collapsed")
    const skeleton = await editor.readFile({ path: 'src/cart.ts', skeleton: true });
    if (skeleton.isErr()) throw new Error(skeleton.error.message);
    console.log(fileReadText(skeleton.value).replace(/^/gm, '  | '));

    const validate = 'class UserAuth\ndef validate';
    heading(`replaceStructure({ path: 'auth.py', target: ${JSON.stringify(validate)}, content })  -> content at zero indent, re-based;\n   the structure includes its comment and decorator`);
    const replaced = await editor.replaceStructure({
      path: 'auth.py',
      target: validate,
      content: '# Sessions expire after an hour.\n@staticmethod\ndef validate(token):\n    return bool(token) and hashlib.sha256(token.encode()).hexdigest() in VALID\n',
    });
    if (replaced.isErr()) throw new Error(replaced.error.message);
    const { lines: newLines, warnings, hash, undo_token } = replaced.value;
    console.log(`  lines: ${JSON.stringify(newLines)}, warnings: ${JSON.stringify(warnings)}, undo_token: ${undo_token}`);
    console.log(`  hash: ${hash} (send it back as expected_hash to refuse edits over a changed file)`);
    console.log(readFileSync(join(root, 'auth.py'), 'utf8').replace(/\n$/, '').replace(/^/gm, '  | '));

    heading("editFile({ path: 'README.md', edits: [two exact-text edits] })  -> applied together, with a diff");
    const edited = await editor.editFile({
      path: 'README.md',
      edits: [
        { old_text: 'A tiny shop.', new_text: 'A tiny shop, edited by structure.' },
        { old_text: '- Add items', new_text: '- Add items\n- Check out' },
      ],
    });
    if (edited.isErr()) throw new Error(edited.error.message);
    const lines = edited.value.edits_applied.map((edit) => edit.line_numbers.join(','));
    console.log(`  total_replacements: ${edited.value.total_replacements}, at lines ${lines.join(' and ')}`);
    console.log(edited.value.diff.unified.replace(/\n$/, '').replace(/^/gm, '  '));

    heading("editFile({ path: 'README.md', edits: [a good edit, then one whose old_text is slightly off] })  -> nothing written");
    const before = readFileSync(join(root, 'README.md'));
    const refused = await editor.editFile({
      path: 'README.md',
      edits: [
        { old_text: '# Shop', new_text: '# The Shop' },
        { old_text: '- create a cart', new_text: '- Create a basket' },
      ],
    });
    if (refused.isOk()) throw new Error('expected NO_MATCH');
    console.log(`  error: ${refused.error.error}`);
    console.log(`  message: ${refused.error.message}`);
    console.log(`  README.md unchanged: ${Buffer.compare(before, readFileSync(join(root, 'README.md'))) === 0}`);

    heading("editFile({ path: 'auth.py', edits: [rename class UserAuth] })  -> refused: login.py still uses it");
    const broken = await editor.editFile({ path: 'auth.py', edits: [{ old_text: 'class UserAuth:', new_text: 'class Authenticator:' }] });
    if (broken.isOk()) throw new Error('expected REFERENCES_EXIST');
    console.log(`  error: ${broken.error.error}`);
    console.log(`  message: ${broken.error.message}`);
    heading('applyPatch({ patch: the same rename in auth.py and login.py })  -> applied: the program still holds together');
    const patch = [
      '*** Begin Patch',
      '*** Update File: auth.py',
      '-class UserAuth:',
      '+class Authenticator:',
      '*** Update File: login.py',
      '-from auth import UserAuth',
      '+from auth import Authenticator',
      '@@ def login(store, token):',
      '-    return UserAuth(store).validate(token)',
      '+    return Authenticator(store).validate(token)',
      '*** End Patch',
    ].join('\n');
    const patched = await editor.applyPatch({ patch, dry_run: true });
    if (patched.isErr()) throw new Error(patched.error.message);
    console.log(`  dry run: ${patched.value.files.map((file) => `${file.action} ${file.path} (${file.hunks} hunk${file.hunks === 1 ? '' : 's'})`).join(', ')}`);

    for (const target of ['class UserAuth\ndef validte', 'def validate']) {
      heading(`readStructure({ path: 'auth.py', target: ${JSON.stringify(target)} })  -> an error value, not a throw`);
      const result = await editor.readStructure({ path: 'auth.py', target });
      if (result.isOk()) throw new Error('expected TARGET_NOT_FOUND');
      const error = result.error;
      console.log(`  error: ${error.error}`);
      console.log(`  message: ${error.message}`);
      if (error.error === 'TARGET_NOT_FOUND') {
        console.log(`  parent_found: ${JSON.stringify(error.details.parent_found)}`);
        console.log('  suggestions:');
        for (const suggestion of error.details.suggestions) {
          console.log(`    ${suggestion.similarity.toFixed(2)}  ${JSON.stringify(suggestion.target)} (${suggestion.kind}, line ${suggestion.line}${suggestion.skipped_level ? ', a level deeper' : ''})`);
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDemo().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
