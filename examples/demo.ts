/**
 * The demo behind `npm run demo`: a small project in Python, TypeScript and Markdown is written to a
 * temporary folder, then read by structure: listings with targets, nested reads, and the
 * TARGET_NOT_FOUND an LLM gets when it names something slightly wrong.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditor, nodeFs, type StructureListing } from 'structedit';

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
