import ignore, { type Ignore } from 'ignore';

/**
 * Which files a project scan leaves out: the rules of `.gitignore` files (at the root and in any
 * folder, with negations, as git reads them) and of `.structeditignore` files (same syntax, for
 * what should be hidden from structedit but not from git). The `ignore` package parses and matches
 * the patterns (it follows git's rules closely and is what eslint and prettier use); this module
 * only stacks one rule set per folder the way git does.
 */

/** The ignore files read in every folder, in the order their rules apply (later ones win). */
export const IGNORE_FILE_NAMES: readonly string[] = ['.gitignore', '.structeditignore'];

interface FolderRules {
  /** The folder whose ignore files these are, root-relative (`""`: the root). */
  readonly folder: string;
  readonly rules: Ignore;
}

/**
 * The ignore rules that apply inside one folder: its own files' and those of every folder above
 * it. Immutable: {@link IgnoreRules.inFolder} returns the rules for a subfolder.
 */
export class IgnoreRules {
  /** Deepest folder first: git lets a deeper file's rules override a shallower one's. */
  readonly #levels: readonly FolderRules[];

  private constructor(levels: readonly FolderRules[]) {
    this.#levels = levels;
  }

  /** No rules: nothing is ignored. */
  static none(): IgnoreRules {
    return new IgnoreRules([]);
  }

  /**
   * The rules inside `folder` (a subfolder of the one these rules are for), given the texts of the
   * ignore files found in it, in {@link IGNORE_FILE_NAMES} order. No text: the same rules.
   */
  inFolder(folder: string, ignoreFileTexts: readonly string[]): IgnoreRules {
    if (ignoreFileTexts.length === 0) return this;
    // Case-sensitive, as git is by default (core.ignorecase is off except on case-insensitive file systems).
    const rules = ignore({ ignorecase: false, allowRelativePaths: true });
    for (const text of ignoreFileTexts) rules.add(text);
    return new IgnoreRules([{ folder, rules }, ...this.#levels]);
  }

  /**
   * Whether the rules leave out `path` (root-relative; `isFolder` for a folder, which patterns
   * ending in `/` match). The deepest ignore file with a pattern matching the path decides, and in
   * it the last matching pattern, as in git. The caller checks folders on the way down and does not
   * enter an ignored one: as in git, a file inside an ignored folder cannot be re-included.
   */
  ignores(path: string, isFolder: boolean): boolean {
    for (const { folder, rules } of this.#levels) {
      const relative = folder === '' ? path : path.slice(folder.length + 1);
      const result = rules.test(isFolder ? `${relative}/` : relative);
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }
}
