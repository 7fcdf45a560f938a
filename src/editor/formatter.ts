/** A span of text to format: offsets into the file's text (`\n` line endings). */
export interface FormatRange {
  /** First offset of the range. */
  readonly start: number;
  /** Offset just past the range. */
  readonly end: number;
}

/**
 * Formats code after semantic edits (`options.format`). An adapter for any formatter: structedit
 * passes the file's text and the ranges the batch changed, and writes back what it returns.
 */
export interface Formatter {
  /** The formatter's name, for warnings. */
  readonly name: string;
  /** Whether it formats files of this language id (and path). */
  supports(language: string, path: string): boolean | Promise<boolean>;
  /** The file's text with the ranges formatted (and the rest as it was, as far as the formatter allows). */
  format(input: { path: string; language: string; text: string; ranges: readonly FormatRange[] }): Promise<string>;
}

/** Options of {@link prettierFormatter}. */
export interface PrettierFormatterOptions {
  /**
   * An absolute folder that paths are relative to, so prettier finds the project's configuration
   * (`.prettierrc`, `package.json`); without it prettier's defaults apply.
   */
  root?: string;
}

interface PrettierModule {
  format(text: string, options: Record<string, unknown>): Promise<string>;
  resolveConfig?(path: string): Promise<Record<string, unknown> | null>;
  getSupportInfo(): Promise<{ languages: Array<{ extensions?: string[] }> }>;
}

/**
 * A {@link Formatter} backed by prettier, an optional peer dependency: it is imported on first use,
 * and when it is not installed `supports` answers `false` (the batch then carries a
 * `FORMAT_SKIPPED` warning). Only the changed ranges are formatted (prettier's `rangeStart` /
 * `rangeEnd`, which widen to whole statements), so lines the batch did not touch keep their style.
 */
export function prettierFormatter(options: PrettierFormatterOptions = {}): Formatter {
  let loaded: Promise<{ prettier: PrettierModule; extensions: Set<string> } | null> | null = null;
  const load = () => {
    // A variable specifier: bundlers must not try to resolve the optional peer.
    const name = 'prettier';
    loaded ??= (import(/* @vite-ignore */ name) as Promise<PrettierModule & { default?: PrettierModule }>)
      .then(async (module) => {
        const prettier = (module.default ?? module) as PrettierModule;
        const info = await prettier.getSupportInfo();
        return { prettier, extensions: new Set(info.languages.flatMap((language) => language.extensions ?? [])) };
      })
      .catch(() => null);
    return loaded;
  };
  const extensionOf = (path: string) => /(\.[^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return {
    name: 'prettier',
    async supports(_language, path) {
      const module = await load();
      return module !== null && module.extensions.has(extensionOf(path));
    },
    async format({ path, text, ranges }) {
      const module = await load();
      if (!module) return text;
      const config = options.root && module.prettier.resolveConfig ? ((await module.prettier.resolveConfig(`${options.root.replace(/\/+$/, '')}/${path}`)) ?? {}) : {};
      let result = text;
      // Last range first, so the offsets of the earlier ones stay valid.
      for (const range of [...ranges].sort((a, b) => b.start - a.start)) {
        result = await module.prettier.format(result, { ...config, filepath: path, rangeStart: range.start, rangeEnd: range.end, endOfLine: 'lf' });
      }
      return result;
    },
  };
}
