import { err, type Result } from 'neverthrow';
import { parseApplyPatch } from './apply-patch-format.js';
import type { PatchBatch, PatchFormat, PatchSyntaxError } from './patch-batch.js';
import { parseSearchReplace } from './search-replace.js';
import { parseUnifiedDiff } from './unified-diff.js';

/** Which format a patch is written in, by its markers (`null`: none recognized). */
export function detectPatchFormat(patch: string): PatchFormat | null {
  if (/^\s*\*\*\* Begin Patch\s*$/m.test(patch)) return 'apply_patch';
  if (/^(<{5,}|-{5,}) ?SEARCH\s*$/m.test(patch)) return 'search_replace';
  // A git diff may have no hunk at all (a rename, a mode change, an empty file).
  if (/^diff --git /m.test(patch) || (/^--- /m.test(patch) && /^(\+\+\+ |@@ )/m.test(patch))) return 'unified';
  return null;
}

/** A patch in any of the formats, as one batch (`path`: the file of SEARCH/REPLACE blocks that name none). */
export function parsePatch(patch: string, format: PatchFormat | 'auto', path: string | null): Result<PatchBatch, PatchSyntaxError> {
  const chosen = format === 'auto' ? detectPatchFormat(patch) : format;
  switch (chosen) {
    case 'apply_patch':
      return parseApplyPatch(patch);
    case 'search_replace':
      return parseSearchReplace(patch, path);
    case 'unified':
      return parseUnifiedDiff(patch);
    case null:
      return err({ line: 1, message: 'no known patch format: expected an apply_patch envelope ("*** Begin Patch"), SEARCH/REPLACE blocks ("<<<<<<< SEARCH") or a unified diff ("--- a/file", "+++ b/file", "@@")' });
  }
}
