/** The files the playground's sample picker offers: one per kind of parser (tree-sitter grammars, Markdown). */
export interface Sample {
  /** What the picker shows. */
  label: string;
  /** The file name; its extension chooses the language. */
  path: string;
  text: string;
  /** A target of the sample, put into the target box when the sample is picked. */
  target: string;
  /** Content for a replace of that target, put into the content box. */
  content: string;
}

export const SAMPLES: readonly Sample[] = [
  {
    label: 'Python',
    path: 'auth.py',
    target: 'class UserAuth\ndef validate',
    content: ['def validate(self, token):', '    if not token:', '        return False', '    return token in self.valid'].join('\n'),
    text: [
      '"""User authentication helpers."""',
      '',
      'import hashlib',
      '',
      'VALID = {"alpha", "beta"}',
      '',
      '',
      'class UserAuth:',
      '    """Checks tokens against a known set."""',
      '',
      '    def __init__(self, valid=VALID):',
      '        self.valid = set(valid)',
      '',
      '    def validate(self, token):',
      '        return token in self.valid',
      '',
      '    def logout(self, token):',
      '        self.valid.discard(token)',
      '',
      '',
      'def hash_token(token):',
      '    return hashlib.sha256(token.encode()).hexdigest()',
      '',
    ].join('\n'),
  },
  {
    label: 'TypeScript',
    path: 'cart.ts',
    target: 'class Cart\ntotal',
    content: ['total(): number {', '  return this.items.reduce((sum, item) => sum + item.price * item.quantity, 0);', '}'].join('\n'),
    text: [
      "import type { Item } from './item';",
      '',
      'export class Cart {',
      '  private readonly items: Item[] = [];',
      '',
      '  add(item: Item): void {',
      '    this.items.push(item);',
      '  }',
      '',
      '  total(): number {',
      '    return this.items.reduce((sum, item) => sum + item.price, 0);',
      '  }',
      '}',
      '',
      'export function emptyCart(): Cart {',
      '  return new Cart();',
      '}',
      '',
    ].join('\n'),
  },
  {
    label: 'Markdown',
    path: 'README.md',
    target: 'Shop\nInstall',
    content: ['## Install', '', '```sh', 'npm install --save-exact shop', '```'].join('\n'),
    text: [
      '# Shop',
      '',
      'A small shop.',
      '',
      '## Install',
      '',
      '```sh',
      'npm install shop',
      '```',
      '',
      '## Usage',
      '',
      'Call `emptyCart()`, then `add` items.',
      '',
    ].join('\n'),
  },
];
