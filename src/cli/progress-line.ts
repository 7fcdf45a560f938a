import type { Progress } from '../core/progress.js';

const LABELS: Record<Progress['operation'], string> = { find_structures: 'searching', references: 'checking references' };

/**
 * An `onProgress` that keeps one line on a terminal's stderr up to date while a scan runs
 * (`checking references 812/1819 src/app.ts`), at most ten times a second, and clears it at the
 * end. `undefined` when stderr is not a terminal: pipes and logs get nothing.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ((progress: Progress) => void) | undefined {
  if (!stream.isTTY) return undefined;
  let shownAt = 0;
  let shown = false;
  return (progress) => {
    const now = Date.now();
    if (progress.done >= progress.total) {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
      return;
    }
    if (now - shownAt < 100) return;
    shownAt = now;
    shown = true;
    const line = `${LABELS[progress.operation]} ${progress.done}/${progress.total} ${progress.path}`;
    stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, (stream.columns ?? 80) - 1))}`);
  };
}
