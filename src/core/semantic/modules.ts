/**
 * Module resolution between files under the root, without touching the file system: given the
 * list of files, which file does an import specifier name? TypeScript/JavaScript relative
 * specifiers (with or without extension, `.js` naming a `.ts` file, `index` files); Python relative
 * imports (`.models`, `..util`) and absolute ones under the importing package's root, the root or
 * `src/`. Package specifiers (`react`, `numpy`) name nothing under the root.
 */

/** The language family whose files import each other. */
export function languageFamily(language: string): string {
  return language === 'typescript' || language === 'tsx' || language === 'javascript' ? 'ecmascript' : language;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Joins and normalizes root-relative path segments (`..` above the root gives `null`). */
export function joinPath(base: string, relative: string): string | null {
  const segments = base === '' ? [] : base.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** The file an import names, or `null` when it names none under the root. */
export function resolveModule(from: string, specifier: string, language: string, files: ReadonlySet<string>): string | null {
  if (languageFamily(language) === 'ecmascript') {
    if (!specifier.startsWith('.')) return null;
    const base = joinPath(dirname(from), specifier);
    if (base === null) return null;
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    const candidates = [base, ...SCRIPT_EXTENSIONS.map((extension) => `${stem}${extension}`), ...SCRIPT_EXTENSIONS.map((extension) => `${base}/index${extension}`)];
    return candidates.find((candidate) => files.has(candidate)) ?? null;
  }
  if (language === 'python') {
    const dots = /^\.*/.exec(specifier)![0].length;
    const rest = specifier.slice(dots).split('.').filter(Boolean).join('/');
    const bases: string[] = [];
    if (dots > 0) {
      let base: string | null = dirname(from);
      for (let level = 1; level < dots && base !== null; level++) base = base === '' ? null : dirname(base);
      if (base === null) return null;
      bases.push(base);
    } else bases.push(...pythonRoots(from, files));
    for (const base of bases) {
      const path = rest === '' ? base : base === '' ? rest : `${base}/${rest}`;
      for (const candidate of rest === '' ? [`${path}/__init__.py`] : [`${path}.py`, `${path}/__init__.py`, `${path}.pyi`]) {
        const normalized = candidate.replace(/^\//, '');
        if (files.has(normalized)) return normalized;
      }
    }
    return null;
  }
  return null;
}

/** Where absolute Python imports of a file start: its top package's parent, the root, `src`. */
function pythonRoots(from: string, files: ReadonlySet<string>): string[] {
  let folder = dirname(from);
  while (folder !== '' && files.has(`${folder}/__init__.py`)) folder = dirname(folder);
  return [...new Set([folder, '', 'src'])];
}

/**
 * The specifier a file uses to import another (for imports a move adds): relative for
 * TypeScript/JavaScript (with `.js` when the importer writes extensions); for Python relative
 * between modules of one package, else the dotted path from the root (or `src/`).
 */
export function moduleSpecifier(from: string, to: string, language: string, style: { extension: boolean; relative: boolean }, files?: ReadonlySet<string>): string {
  if (languageFamily(language) === 'ecmascript') {
    const fromParts = dirname(from).split('/').filter(Boolean);
    const toParts = to.split('/');
    let common = 0;
    while (common < fromParts.length && common < toParts.length - 1 && fromParts[common] === toParts[common]) common++;
    const up = fromParts.length - common;
    const rest = toParts.slice(common).join('/');
    let specifier = `${up === 0 ? './' : '../'.repeat(up)}${rest}`;
    specifier = style.extension ? specifier.replace(/\.(m|c)?tsx?$/, (match) => match.replace('t', 'j')) : specifier.replace(/(\.d)?\.(m|c)?[jt]sx?$/, '');
    return specifier.replace(/\/index$/, '') || '.';
  }
  // Python: relative when the files share a package and the importer uses relative imports.
  const toModule = to.replace(/(\/__init__)?\.pyi?$/, '');
  if ((style.relative || files?.has(`${dirname(to)}/__init__.py`)) && dirname(from) === dirname(to) && dirname(to) !== '') return `.${toModule.split('/').pop()}`;
  return toModule.replace(/^src\//, '').split('/').join('.');
}
