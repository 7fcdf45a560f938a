/**
 * Glob patterns over root-relative paths, as workspace configurations (`packages/*`, `apps/**`),
 * tsconfig `include`/`exclude` and `find_structures` `paths` write them: `*` and `?` within one path
 * segment, `**` for any number of segments (none included), `{a,b}` alternatives, `[abc]` classes.
 * One matcher for all of them, so a pattern means the same everywhere.
 */

/**
 * A regular expression matching the paths `glob` names. With `orInside`, a path inside a matched
 * folder matches too (tsconfig `exclude`, where `dist` excludes everything under it).
 */
export function globRegExp(glob: string, orInside = false): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      const atSegmentStart = index === 0 || glob[index - 1] === '/';
      const atSegmentEnd = index + 2 === glob.length || glob[index + 2] === '/';
      if (atSegmentStart && atSegmentEnd) {
        if (index + 2 === glob.length) {
          // `a/**`: `a` itself and everything under it.
          source = source.endsWith('/') ? `${source.slice(0, -1)}(?:/.*)?` : `${source}.*`;
          index += 1;
        } else {
          // `**/`: any number of folders, none included.
          source += '(?:[^/]+/)*';
          index += 2;
        }
        continue;
      }
    }
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      const close = glob.indexOf('}', index);
      if (close === -1) source += '\\{';
      else {
        source += `(?:${glob
          .slice(index + 1, close)
          .split(',')
          .map((alternative) => globRegExp(alternative).source.slice(1, -1))
          .join('|')})`;
        index = close;
      }
    } else if (char === '[') {
      const close = glob.indexOf(']', index + 2);
      if (close === -1) source += '\\[';
      else {
        const body = glob.slice(index + 1, close);
        source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        index = close;
      }
    } else source += /[\\^$.|+()]/.test(char) ? `\\${char}` : char;
  }
  return new RegExp(`^${source}${orInside ? '(?:/.*)?' : ''}$`);
}

/** Whether a path is a glob pattern (has `*`, `?`, `[` or `{`) rather than one file or folder. */
export function isGlob(path: string): boolean {
  return /[*?[{]/.test(path);
}

/**
 * Which root-relative paths a list of patterns selects: a path is selected when a pattern matches it
 * and no later `!pattern` does (as in `.gitignore`, the last matching pattern wins). A pattern also
 * selects everything inside a folder it names (`src` is `src/**`). No pattern, or only negated ones,
 * starts from every path.
 */
export function pathSelector(patterns: readonly string[]): (path: string) => boolean {
  const compiled = patterns.map((pattern) => {
    const negated = pattern.startsWith('!');
    // `./src`, `/src` and `src/` all name the root's `src`.
    const body = (negated ? pattern.slice(1) : pattern).replace(/^(?:\.?\/)+/, '').replace(/\/+$/, '');
    return { negated, regExp: body === '' || body === '.' ? /^/ : globRegExp(body, true) };
  });
  const startsSelected = compiled.every((pattern) => pattern.negated);
  return (path) => {
    let selected = startsSelected;
    for (const pattern of compiled) if (pattern.negated === selected && pattern.regExp.test(path)) selected = !pattern.negated;
    return selected;
  };
}

/**
 * A regular expression matching whole names (not paths) against a wildcard pattern: `*` for any
 * run of characters (`/` included: names such as Markdown headings may hold one), `?` for one
 * character, everything else literal.
 */
export function wildcardRegExp(pattern: string): RegExp {
  const source = [...pattern].map((char) => (char === '*' ? '.*' : char === '?' ? '.' : /[\\^$.|+()[\]{}]/.test(char) ? `\\${char}` : char)).join('');
  return new RegExp(`^${source}$`, 's');
}
