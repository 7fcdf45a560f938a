import type { Warning } from 'structedit';

/** Warnings appended to a success text. */
export function renderWarnings(warnings: readonly Warning[]): string {
  return warnings.length === 0 ? '' : `\n\n${warnings.map((warning) => `Warning (${warning.type}): ${warning.message}`).join('\n')}`;
}
