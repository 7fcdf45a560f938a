/**
 * Glob patterns over root-relative paths, as workspace configurations (`packages/*`, `apps/**`) and
 * tsconfig `include`/`exclude` write them: `*` and `?` within one path segment, `**` for any number of
 * segments (none included), `{a,b}` alternatives, `[abc]` classes.
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
