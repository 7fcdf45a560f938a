import { err, ok, safeTry, type ResultAsync } from 'neverthrow';
import { makeError, type StructeditError, type UnresolvedReference } from '../errors.js';
import type { ExhaustiveMatch } from '../languages/profile.js';
import { profileOf } from '../languages/profiles/index.js';
import { literalPattern } from '../text/literal-search.js';
import type { ChangedSignature } from './call-arity.js';
import { modelled, searchFiles } from './declaration-references.js';
import { codeLocation, type LocatedAddress } from './locate-address.js';
import type { CheckOrigin, Problem } from './use-sites.js';
import type { EditRun } from './workspace.js';

/*
 * The check that an enumeration given more cases left every match that must cover it covering
 * it, in a language no type checker answers for. Which value a match takes cannot be told without
 * types, but the match need not be found by it: one that must cover every value and names every
 * case the enumeration had is a match on it (values of a case it does not name are taken by arms
 * that name no case, which take the new ones just as well), and it breaks unless it names the new
 * cases too or takes any value.
 */

/**
 * `MATCHES_BROKEN` when a match that named every case of the enumeration at `located` (`before`)
 * has no arm for one it has now (`after`) and none taking any value, or could not be read.
 */
export function checkMatches(run: EditRun, change: ChangedSignature, located: LocatedAddress, name: string, before: readonly string[], after: readonly string[], origin: CheckOrigin): ResultAsync<void, StructeditError> {
  return safeTry(async function* () {
    const added = after.filter((each) => !before.includes(each));
    // (An enumeration without cases before had no match naming them all.)
    if (added.length === 0 || before.length === 0) return ok(undefined);
    const { file } = located;
    const root = yield* run.workspace.syntax(file).safeUnwrap();
    if (!root) return ok(undefined);
    // Every match naming all the old cases names the first: the files mentioning it are read.
    const { models, unproven } = yield* searchFiles(run.workspace, modelled(file, root), before[0]!).safeUnwrap();
    const problems: Problem[] = unproven.map((mention) => ({ file: mention.file, start: mention.start, reason: mention.reason }));
    const rules = profileOf(file.tree.language);
    for (const model of models.values()) {
      // `use Shape as S;`: the enumeration's cases written `S::Circle`.
      const aliases = new Set([name, ...[...model.text.matchAll(new RegExp(`\\b${literalPattern(name)}\\s+as\\s+([\\p{L}_][\\p{L}\\p{N}_]*)`, 'gu'))].map((alias) => alias[1]!)]);
      for (const match of rules.cases.exhaustiveMatches(model.root)) {
        const reason = matchProblem(match, aliases, before, added, name, (at) => rules.calls?.implementedType(at) === name);
        if (reason) problems.push({ file: model.path, start: match.node.startIndex, reason });
      }
    }
    if (problems.length === 0) return ok(undefined);
    const matches: UnresolvedReference[] = [];
    for (const problem of problems) matches.push({ ...codeLocation(yield* run.workspace.file(problem.file).safeUnwrap(), problem.start, 'reference'), reason: problem.reason });
    return err(matchesBroken(change, name, added, matches, origin));
  });
}

/**
 * Why a match no longer covers the enumeration (`null`: it does, or is not a match on it): it
 * names every old case (bare, or after the enumeration's name, an alias of it, or `Self` in its
 * own methods), none of the `added` ones is missing from it or it takes any value.
 */
function matchProblem(match: ExhaustiveMatch, qualifiers: ReadonlySet<string>, before: readonly string[], added: readonly string[], name: string, ownSelf: (at: ExhaustiveMatch['node']) => boolean): string | null {
  if (match.catchAll) return null;
  const named = new Set(match.cases.filter((each) => each.qualifier === null || qualifiers.has(each.qualifier) || (each.qualifier === 'Self' && ownSelf(match.node))).map((each) => each.name));
  if (!before.every((each) => named.has(each))) return null;
  const missing = added.filter((each) => !named.has(each));
  if (missing.length === 0) return null;
  const list = missing.join(', ');
  if (match.unread) return `a match inside a macro's arguments names every case of ${name}; structedit does not read its patterns, so whether it covers ${list} cannot be told`;
  return `names every case of ${name} and has no arm taking any value (_, default, else): it needs one for ${list}`;
}

function matchesBroken(change: ChangedSignature, name: string, cases: readonly string[], matches: UnresolvedReference[], origin: CheckOrigin): StructeditError {
  const listed = matches.slice(0, 3).map((match) => `${match.file}:${match.line} ${JSON.stringify(match.text)} (${match.reason})`).join('; ');
  const wayOut = origin === 'batch' ? 'add those arms in the same batch, or send the batch with validate: false' : 'add those arms too (applyEdits, or apply_patch), or send the edit again with force: true and add them next';
  const plural = matches.length === 1 ? '' : 'es';
  return makeError(
    'MATCHES_BROKEN',
    `${JSON.stringify(name)} would have ${cases.length === 1 ? 'a case' : 'cases'} (${cases.join(', ')}) that ${matches.length} match${plural} covering it do${matches.length === 1 ? 'es' : ''} not handle, or could not be checked: ${listed}${matches.length > 3 ? '; …' : ''}. Nothing was written. Give each match an arm for ${cases.length === 1 ? 'it' : 'them'}: ${wayOut}.`,
    { path: change.path, address: change.target, name, cases: [...cases], matches },
  );
}
