// npm ci refuses a lockfile that lacks an entry for any optional dependency of a locked package
// (for example another platform's native binary), and npm 11 leaves those out when the registry
// mirror does not have that version (npm/cli#4828). This finds such gaps before CI does.
// Usage: node scripts/check-lockfile.mjs
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages;
const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    // npm looks for a dependency next to the package, then in each enclosing node_modules.
    let base = location;
    let found = false;
    for (;;) {
      if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) {
        found = true;
        break;
      }
      if (!base) break;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut === -1 ? '' : base.slice(0, cut);
    }
    if (!found) missing.push(`${name} (optional dependency of ${location || 'the root'})`);
  }
}
if (missing.length > 0) {
  console.error(`package-lock.json lacks ${missing.length} optional packages, so npm ci will fail:\n  ${missing.join('\n  ')}\nPin the depending package to a version whose optional packages the registry has (see "overrides" in package.json).`);
  process.exit(1);
}
console.log('package-lock.json: every optional dependency has an entry');
