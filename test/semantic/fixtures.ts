import type { ApplyEditsOptions, ApplyEditsResult, SemanticEdit } from 'structedit';
import { syntaxEditorOver as editorOver, expectOk, lines } from '../helpers.js';

/**
 * `run(edits, options)`: the edits applied as one batch to a fresh copy of a fixture package, with
 * the files afterwards; `applied(edits)`: the same, expecting success.
 */
export function batchRunner(fixture: () => Record<string, string>) {
  const run = async (edits: SemanticEdit[], options: ApplyEditsOptions = {}) => {
    const { editor, fs } = editorOver(fixture());
    const result = await editor.applyEdits({ edits, options });
    return { result, files: fs.snapshot() as Record<string, string> };
  };
  const applied = async (edits: SemanticEdit[]): Promise<{ value: ApplyEditsResult; files: Record<string, string> }> => {
    const { result, files } = await run(edits);
    return { value: expectOk(result), files };
  };
  return { run, applied };
}

/** A small Python package with imports between its modules (and a local that shadows an import). */
export const pythonPackage = (): Record<string, string> => ({
  'shop/__init__.py': lines('from .pricing import total_price', '', "__all__ = ['total_price']"),
  'shop/pricing.py': lines(
    '"""Prices."""',
    'from decimal import Decimal',
    '',
    'TAX_RATE = Decimal("0.2")',
    "DEFAULTS = {'currency': 'EUR', 'rounding': 2}",
    '',
    '',
    'def total_price(items, discount=0, *, tax=True):',
    '    """Sum of the items\' prices."""',
    '    total = sum(item.price for item in items)',
    '    if tax:',
    '        total = total * (1 + TAX_RATE)',
    '    return total - discount',
    '',
    '',
    'def unit_price(item):',
    '    return item.price',
    '',
    '',
    'SETTINGS = {',
    '    "debug": False,',
    '    "timeout": 30,',
    '}',
    '',
    '',
    'def configure(',
    '    name,',
    '    level=1',
    '):',
    '    return (name, level)',
  ),
  'shop/cart.py': lines(
    'from .pricing import total_price, unit_price',
    '',
    '',
    'class Cart:',
    '    def __init__(self, owner):',
    '        self.owner = owner',
    '        self.items = []',
    '',
    '    def add(self, item):',
    '        self.items.append(item)',
    '',
    '    def total(self):',
    '        return total_price(self.items)',
    '',
    '    def cheapest(self):',
    '        return min(unit_price(item) for item in self.items)',
  ),
  'shop/report.py': lines(
    'import shop.pricing as pricing',
    'from shop import total_price',
    '',
    '',
    'def report(carts):',
    '    lines = []',
    '    for cart in carts:',
    '        lines.append(str(total_price(cart.items)))',
    '    return lines',
    '',
    '',
    'def shadowed(total_price):',
    '    # total_price here is a parameter, not the function',
    '    return total_price + 1',
    '',
    '',
    'def via_module(items):',
    '    return pricing.total_price(items, discount=1)',
    '',
    '',
    'def text():',
    '    return "total_price is documented here"',
  ),
});

/** A small TypeScript package with imports, re-exports, a namespace import and shadowing. */
export const typescriptPackage = (): Record<string, string> => ({
  'src/index.ts': lines("export { formatPrice, parsePrice } from './format';", "export * from './cart';"),
  'src/format.ts': lines(
    "import { CURRENCY } from './config';",
    '',
    'export function formatPrice(cents: number, currency = CURRENCY): string {',
    '  return `${(cents / 100).toFixed(2)} ${currency}`;',
    '}',
    '',
    'export function parsePrice(text: string): number {',
    '  const [amount] = text.split(" ");',
    '  return Math.round(Number(amount) * 100);',
    '}',
    '',
    'function unused(formatPrice: number) {',
    '  return formatPrice * 2;',
    '}',
  ),
  'src/config.ts': lines(
    "export const CURRENCY = 'EUR';",
    '',
    'export const LIMITS = {',
    '  maxItems: 10,',
    '  maxTotal: 100000,',
    '};',
    '',
    "export type Status = 'open' | 'paid';",
    '',
    'export const ROLES = [',
    "  'admin',",
    "  'user'",
    '];',
  ),
  'src/cart.ts': lines(
    "import { formatPrice } from './format';",
    "import * as fmt from './format';",
    "import { LIMITS, type Status } from './config';",
    '',
    'export interface Item {',
    '  name: string;',
    '  cents: number;',
    '}',
    '',
    'export class Cart {',
    '  items: Item[] = [];',
    "  status: Status = 'open';",
    '',
    '  add(item: Item): void {',
    '    if (this.items.length >= LIMITS.maxItems) throw new Error("full");',
    '    this.items.push(item);',
    '  }',
    '',
    '  total(): string {',
    '    const cents = this.items.reduce((sum, item) => sum + item.cents, 0);',
    '    return formatPrice(cents);',
    '  }',
    '',
    '  label(): string {',
    "    return fmt.formatPrice(0) + ' formatPrice';",
    '  }',
    '}',
  ),
});
