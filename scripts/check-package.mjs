// Packs the package once and checks the tarball with publint and are-the-types-wrong (both must be clean).
// Usage: npm run check:package (builds first)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folder = mkdtempSync(join(tmpdir(), 'structedit-pack-'));
try {
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { encoding: 'utf8' }));
  const tarball = join(folder, packed[0].filename);
  console.log(`packed ${packed[0].filename}: ${packed[0].entryCount} files, ${packed[0].size} bytes`);
  execFileSync('npx', ['publint', 'run', tarball, '--strict'], { stdio: 'inherit' });
  execFileSync('npx', ['attw', tarball, '--profile', 'node16'], { stdio: 'inherit' });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
