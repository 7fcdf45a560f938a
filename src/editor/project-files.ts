import { ResultAsync } from 'neverthrow';
import { IGNORE_FILE_NAMES, IgnoreRules } from '../core/discovery/ignore-rules.js';
import type { StructeditError } from '../core/errors.js';
import type { FsAdapter } from '../fs/adapter.js';
import { fsFailure } from './fs-errors.js';

/**
 * Folders never scanned, whatever the ignore files say: dependencies, caches, version control and
 * every hidden folder.
 */
const SKIPPED_FOLDERS = /^(node_modules|__pycache__|site-packages|venv)$|^\./;

/** A folder or ignore file under the root that could not be read (so a scan would be incomplete). */
class ListingFailure {
  constructor(
    readonly path: string,
    readonly cause: unknown,
  ) {}
}

const decoder = new TextDecoder();

/** The files under a folder: those a scan searches, and those the ignore files leave out. */
export interface ProjectListing {
  /** The files not ignored, sorted: what renames and moves search for mentions, and `findStructures` searches. */
  readonly files: string[];
  /**
   * The files ignore files leave out (build output, generated code), sorted; listed only with
   * `withIgnored`. They exist, so imports of them still resolve; they are only not searched.
   */
  readonly ignored: string[];
}

/**
 * Every file under `folder` (root-relative, `""`: the root), sorted, leaving out the always-skipped
 * folders and whatever `.gitignore` and `.structeditignore` files ignore (those at the root and in
 * every folder on the way, as git reads them; those above `folder` apply too). This is the project
 * as renames, moves and `findStructures` see it. With `withIgnored`, ignored files are walked and
 * listed apart. A folder or ignore file that cannot be read fails the listing: a partial one would
 * silently hide files.
 */
export function listProjectFiles(fs: FsAdapter, folder = '', options: { withIgnored?: boolean } = {}): ResultAsync<ProjectListing, StructeditError> {
  return ResultAsync.fromPromise(
    (async () => {
      const found: string[] = [];
      const ignored: string[] = [];
      const rulesIn = async (path: string, rules: IgnoreRules, names: ReadonlySet<string>): Promise<IgnoreRules> => {
        const texts: string[] = [];
        for (const name of IGNORE_FILE_NAMES) {
          if (!names.has(name)) continue;
          const file = path === '' ? name : `${path}/${name}`;
          const bytes = await fs.readFile(file).catch((cause: unknown) => {
            throw new ListingFailure(file, cause);
          });
          texts.push(decoder.decode(bytes));
        }
        return rules.inFolder(path, texts);
      };
      const filesIn = async (path: string) => {
        const entries = await fs.readDirectory(path).catch((cause: unknown) => {
          throw new ListingFailure(path, cause);
        });
        return { entries, names: new Set(entries.filter((entry) => entry.kind === 'file').map((entry) => entry.name)) };
      };
      // `rules` is null inside an ignored folder: everything in it is ignored (git re-includes nothing there).
      const walk = async (path: string, inherited: IgnoreRules | null): Promise<void> => {
        const { entries, names } = await filesIn(path);
        const rules = inherited && (await rulesIn(path, inherited, names));
        for (const entry of entries) {
          const child = path === '' ? entry.name : `${path}/${entry.name}`;
          if (entry.kind === 'directory') {
            if (SKIPPED_FOLDERS.test(entry.name)) continue;
            const inside = rules !== null && !rules.ignores(child, true) ? rules : null;
            if (inside !== null || options.withIgnored) await walk(child, inside);
          } else if (entry.kind === 'file') (rules !== null && !rules.ignores(child, false) ? found : ignored).push(child);
        }
      };
      // The ignore files of the folders above the one listed apply to it too.
      let rules = IgnoreRules.none();
      const segments = folder === '' ? [] : folder.split('/');
      for (let depth = 0; depth < segments.length; depth++) {
        const above = segments.slice(0, depth).join('/');
        rules = await rulesIn(above, rules, (await filesIn(above)).names);
      }
      await walk(folder, rules);
      return { files: found.sort(), ignored: options.withIgnored ? ignored.sort() : [] };
    })(),
    (failure) => (failure instanceof ListingFailure ? fsFailure(failure.cause, failure.path === '' ? '.' : failure.path, 'read') : fsFailure(failure, folder === '' ? '.' : folder, 'read')),
  );
}
