import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditor, memoryFs } from 'structedit';

/**
 * Issue 20: real history, replayed. Every commit of a repository is applied as its own `git diff`
 * and as an apply_patch envelope converted from it, to the files as they were before, and must give
 * the committed files byte for byte. Derived cases cover what the history lacks: each changed text
 * file with CRLF line endings on both sides (the LF diff applied to the CRLF file), and without a
 * final newline (a diff with "\ No newline at end of file").
 *
 * Two repositories: this one (the clone the test runs in), and one no one here wrote: pallets/markupsafe
 * (Python, C, reStructuredText, TOML; BSD-3-Clause, test/fixtures/history/markupsafe.LICENSE.txt), its
 * whole history as a git bundle (test/fixtures/history/markupsafe.bundle, main at 1251593f, 2025-06-14).
 */
type Git = (...args: string[]) => string;
const gitIn =
  (cwd: string): Git =>
  (...args) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
const here = gitIn(process.cwd());
const inRepository = (() => {
  try {
    return here('rev-parse', '--is-inside-work-tree').trim() === 'true' && here('rev-parse', '--is-shallow-repository').trim() === 'false';
  } catch {
    return false;
  }
})();
// The newest commits, enough for well over 500 file changes; STRUCTEDIT_REPLAY_COMMITS takes more.
const LIMIT = Number(process.env.STRUCTEDIT_REPLAY_COMMITS ?? 150);

/** The file at a revision, or null where it does not exist. */
function show(git: Git, revision: string, path: string): string | null {
  try {
    return git('show', `${revision}:${path}`);
  } catch {
    return null;
  }
}

/** An apply_patch envelope with the changes of a unified diff (files without a final newline left out: the envelope cannot say so). */
function envelopeOf(diff: string): string | null {
  const out = ['*** Begin Patch'];
  const files = diff.split(/^(?=diff --git )/m).filter((part) => part.startsWith('diff --git '));
  for (const part of files) {
    if (part.includes('\\ No newline at end of file')) return null;
    const lines = part.split('\n');
    const paths = /^diff --git a\/(.+) b\/(.+)$/.exec(lines[0]!)!;
    const isNew = lines.some((line) => line.startsWith('new file mode'));
    const isDeleted = lines.some((line) => line.startsWith('deleted file mode'));
    const hunkStart = lines.findIndex((line) => line.startsWith('@@'));
    const body = hunkStart === -1 ? [] : lines.slice(hunkStart);
    if (isDeleted) out.push(`*** Delete File: ${paths[1]}`);
    else if (isNew) out.push(`*** Add File: ${paths[2]}`, ...body.filter((line) => line.startsWith('+')));
    else if (body.length === 0 && paths[1] === paths[2]) continue; // a mode change: no text changes
    else {
      out.push(`*** Update File: ${paths[1]}`);
      if (paths[1] !== paths[2]) out.push(`*** Move to: ${paths[2]}`);
      // git's hunk header names the enclosing line (a function), as the envelope's @@ anchor does.
      for (const line of body) out.push(line.startsWith('@@') ? `@@ ${line.replace(/^@@ [^@]+ @@ ?/, '')}`.trimEnd() : line);
    }
  }
  out.push('*** End Patch');
  return out.join('\n');
}

/** Replays the newest `limit` commits of the repository `git` runs in; returns the tally and the failures. */
async function replayHistory(git: Git, limit: number, exclude: readonly string[]) {
    const pathspec = ['--', '.', ...exclude.map((path) => `:(exclude)${path}`)];
    const commits = git('log', '--no-merges', '--format=%H', '-n', String(limit)).trim().split('\n').filter((commit) => {
      try {
        git('rev-parse', '--verify', '--quiet', `${commit}^`);
        return true;
      } catch {
        return false;
      }
    });
    const tally = { commits: 0, fileChanges: 0, unified: 0, envelope: 0, envelopeSkipped: 0, envelopeWithMoreContext: 0, crlf: 0, noFinalNewline: 0, binarySkipped: 0 };
    const failures: string[] = [];
    for (const commit of commits) {
      const diff = git('diff', '--no-color', '--no-ext-diff', '-M', `${commit}^`, commit, ...pathspec);
      if (diff.trim() === '') continue;
      if (/^(Binary files |GIT binary patch)/m.test(diff)) {
        tally.binarySkipped++;
        continue;
      }
      const changes = git('diff', '--name-status', '-M', `${commit}^`, commit, ...pathspec).trim().split('\n').map((line) => line.split('\t'));
      const before: Record<string, string> = {};
      const after: Record<string, string> = {};
      for (const [status, first, second] of changes) {
        const from = first!;
        const to = status!.startsWith('R') ? second! : first!;
        const old = status === 'A' ? null : show(git, `${commit}^`, from);
        const now = status === 'D' ? null : show(git, commit, to);
        if (old !== null) before[from] = old;
        if (now !== null) after[to] = now;
      }
      tally.commits++;
      tally.fileChanges += changes.length;
      const expected = { ...before, ...after };
      for (const [status, first] of changes) if (status === 'D' || status!.startsWith('R')) delete expected[first!];
      for (const [status, , second] of changes) if (status!.startsWith('R')) expected[second!] = after[second!]!;

      // (Placement is what this replays: `force` leaves out the checks of what the patch changes,
      // which need the whole tree; history-checks.corpus.test.ts replays them on it.)
      const replay = async (patch: string, label: string, retry?: () => string | null) => {
        const fs = memoryFs(before);
        let result = await createEditor({ fs, semantic: 'syntax' }).applyPatch({ patch, force: true });
        // An envelope has no line numbers: where git's three context lines occur several times, the
        // hunk is ambiguous and structedit refuses it, asking for more context; the retry gives it.
        const ambiguous = result.isErr() && result.error.error === 'PATCH_FAILED' && result.error.details.problems.length === 0 && result.error.details.hunks.every((hunk) => hunk.applied || hunk.reason === 'ambiguous');
        const wider = ambiguous && retry ? retry() : null;
        if (wider !== null) {
          tally.envelopeWithMoreContext++;
          result = await createEditor({ fs, semantic: 'syntax' }).applyPatch({ patch: wider, force: true });
        }
        if (result.isErr()) failures.push(`${commit.slice(0, 8)} ${label}: ${result.error.message.slice(0, 300)}`);
        else if (JSON.stringify(fs.snapshot()) !== JSON.stringify(Object.fromEntries(Object.entries(expected).sort()))) {
          const got = fs.snapshot() as Record<string, string>;
          const wrong = Object.keys({ ...got, ...expected }).filter((path) => got[path] !== expected[path]);
          failures.push(`${commit.slice(0, 8)} ${label}: wrong bytes in ${wrong.join(', ')}`);
        }
        return result.isOk();
      };
      if (await replay(diff, 'git diff')) tally.unified++;
      const envelope = envelopeOf(diff);
      const widerEnvelope = () => envelopeOf(git('diff', '--no-color', '--no-ext-diff', '-M', '-U12', `${commit}^`, commit, ...pathspec));
      if (envelope === null) tally.envelopeSkipped++;
      else if (await replay(envelope, 'apply_patch', widerEnvelope)) tally.envelope++;

      // Derived: the same change to CRLF files (the LF diff), and without final newlines.
      for (const [status, path] of changes) {
        if (status !== 'M' || !before[path!]!.endsWith('\n') || !after[path!]!.endsWith('\n') || before[path!]!.includes('\r')) continue;
        const fileDiff = git('diff', '--no-color', '--no-ext-diff', `${commit}^`, commit, '--', path!);
        const crlf = memoryFs({ [path!]: before[path!]!.replace(/\n/g, '\r\n') });
        const crlfResult = await createEditor({ fs: crlf, semantic: 'syntax' }).applyPatch({ patch: fileDiff, force: true });
        if (crlfResult.isOk() && crlf.snapshot()[path!] === after[path!]!.replace(/\n/g, '\r\n')) tally.crlf++;
        else failures.push(`${commit.slice(0, 8)} CRLF ${path}: ${crlfResult.isErr() ? crlfResult.error.message.slice(0, 200) : 'wrong bytes'}`);
        break;
      }
    }
    // No final newline: the last lines of changed files, with the newline stripped on both sides, through a diff the `diff` package writes.
    const { createTwoFilesPatch } = await import('diff');
    for (const commit of commits.slice(0, 60)) {
      const changes = git('diff', '--name-status', `${commit}^`, commit, '--', '*.ts', '*.py', '*.c', '*.rst').trim().split('\n').filter(Boolean).map((line) => line.split('\t'));
      const modified = changes.find(([status]) => status === 'M');
      if (!modified) continue;
      const path = modified[1]!;
      const old = show(git, `${commit}^`, path)!.replace(/\n$/, '');
      const now = show(git, commit, path)!.replace(/\n$/, '') + '\n// end';
      const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, old, now);
      const fs = memoryFs({ [path]: old });
      const result = await createEditor({ fs, semantic: 'syntax' }).applyPatch({ patch, format: 'unified', force: true });
      if (result.isOk() && fs.snapshot()[path] === now) tally.noFinalNewline++;
      else failures.push(`${commit.slice(0, 8)} no final newline ${path}: ${result.isErr() ? result.error.message.slice(0, 200) : 'wrong bytes'}`);
    }
    return { tally, failures };
}

function report(name: string, { tally, failures }: Awaited<ReturnType<typeof replayHistory>>): void {
  console.log(
    `history replay of ${name} (${tally.commits} commits, ${tally.fileChanges} file changes): git diff ${tally.unified}/${tally.commits} commits exact; apply_patch envelope ${tally.envelope}/${tally.commits - tally.envelopeSkipped} (${tally.envelopeSkipped} with a file lacking its final newline, which the envelope cannot say; ${tally.envelopeWithMoreContext} refused as ambiguous and applied with 12 context lines, as the refusal asks); CRLF ${tally.crlf}; no final newline ${tally.noFinalNewline}; binary commits skipped ${tally.binarySkipped}${failures.length > 0 ? `\n  ${failures.slice(0, 15).join('\n  ')}` : ''}`,
  );
  expect(failures).toEqual([]);
  expect(tally.fileChanges).toBeGreaterThanOrEqual(500);
  expect(tally.crlf).toBeGreaterThan(20);
  expect(tally.noFinalNewline).toBeGreaterThan(10);
}

describe('real history replayed through applyPatch', () => {
  const clones: string[] = [];
  afterAll(() => clones.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it.skipIf(!inRepository)('every commit of this repository, as git diff and as an apply_patch envelope, gives the committed files byte for byte', async () => {
    report('this repository', await replayHistory(here, LIMIT, ['package-lock.json', 'test/fixtures/history']));
  }, 600_000);

  it('every commit of pallets/markupsafe (a repository no one here wrote), the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'structedit-history-'));
    clones.push(dir);
    execFileSync('git', ['clone', '--quiet', join(process.cwd(), 'test/fixtures/history/markupsafe.bundle'), dir], { stdio: 'ignore' });
    report('pallets/markupsafe', await replayHistory(gitIn(dir), Number(process.env.STRUCTEDIT_REPLAY_COMMITS ?? 600), []));
  }, 600_000);
});
