/**
 * Counting and printing what the oracle runs found: per corpus, how many edits agreed with the
 * oracle, were refused (by error code), disagreed, or were applied and then broke the program.
 */

/** A place with the text of its line, for printing a difference. */
export interface ShownPlace {
  file: string;
  line: number;
  column: number;
  /** The line's text. */
  text: string;
  /** Why the place counts as it does (for places only the engine found). */
  note?: string;
}

/** How one edit came out. */
export type Verdict =
  | { kind: 'agreed'; engineOnly: ShownPlace[] }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'disagreed'; missed: ShownPlace[]; extra: ShownPlace[]; note?: string }
  | { kind: 'oracle_unavailable'; reason: string };

/** Counts of one corpus, and the cases behind them. */
export class Tally {
  readonly corpus: string;
  /** Declarations of the corpus (before sampling). */
  total = 0;
  /** Declarations left out before sampling, by reason. */
  readonly excluded = new Map<string, number>();
  sampled = 0;
  agreed = 0;
  /** Agreed, with places only the engine found that the oracle cannot see (counted in `agreed`). */
  readonly agreedBeyondOracle: string[] = [];
  readonly refused = new Map<string, string[]>();
  readonly disagreed: string[] = [];
  /** The places of each disagreement, for tools that categorize them. */
  readonly differences: { label: string; missed: ShownPlace[]; extra: ShownPlace[] }[] = [];
  readonly unavailable: string[] = [];
  /** Applied edits whose result was checked (compile, import, type check). */
  checked = 0;
  /** Applied edits whose result could be checked only in part, and why. */
  readonly partlyChecked: string[] = [];
  readonly broke: string[] = [];
  /** Exceptions thrown by the library (a bug: errors must be values). */
  readonly crashed: string[] = [];
  /** Milliseconds spent, by part (engine, oracle, checks), to see where a run's time goes. */
  readonly milliseconds = new Map<string, number>();

  /** `compare`: edits checked against an oracle's places; `move`: edits checked only by what they leave (agreed = applied and sound). */
  readonly mode: 'compare' | 'move';

  constructor(corpus: string, mode: 'compare' | 'move' = 'compare') {
    this.corpus = corpus;
    this.mode = mode;
  }

  /** Records one edit's verdict. */
  add(label: string, verdict: Verdict): void {
    switch (verdict.kind) {
      case 'agreed':
        this.agreed++;
        if (verdict.engineOnly.length > 0) this.agreedBeyondOracle.push(`${label}: ${verdict.engineOnly.map(show).join('; ')}`);
        return;
      case 'refused': {
        // An internal error is a bug of the library, not a refusal that tells the caller what to fix.
        if (verdict.code === 'INTERNAL_ERROR') {
          this.crashed.push(`${label}: INTERNAL_ERROR ${verdict.message.split('\n')[0]!.slice(0, 300)}`);
          return;
        }
        const list = this.refused.get(verdict.code) ?? [];
        list.push(`${label}: ${verdict.message.split('\n')[0]!.slice(0, 200)}`);
        this.refused.set(verdict.code, list);
        return;
      }
      case 'disagreed': {
        const shown = [...verdict.missed.map((place) => `missed ${show(place)}`), ...verdict.extra.map((place) => `extra ${show(place)}`)];
        const more = shown.length > 4 ? ` (+${shown.length - 4} more)` : '';
        this.differences.push({ label, missed: verdict.missed, extra: verdict.extra });
        this.disagreed.push(`${label}: ${verdict.note ? `${verdict.note}; ` : ''}${verdict.missed.length} missed, ${verdict.extra.length} extra${shown.length > 0 ? `: ${shown.slice(0, 4).join('; ')}${more}` : ''}`);
        return;
      }
      case 'oracle_unavailable':
        this.unavailable.push(`${label}: ${verdict.reason}`);
        return;
    }
  }

  /** Runs `work`, adding its time to `part`. */
  async timed<T>(part: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.milliseconds.set(part, (this.milliseconds.get(part) ?? 0) + performance.now() - start);
    }
  }

  /** Refusals in all. */
  get refusedCount(): number {
    return [...this.refused.values()].reduce((sum, list) => sum + list.length, 0);
  }

  /** Edits the oracle answered for. */
  get answered(): number {
    return this.sampled - this.unavailable.length;
  }

  /** The table and the cases, for the test's output. */
  report(options: { cases?: number } = {}): string {
    const cases = options.cases ?? 40;
    const excluded = [...this.excluded].map(([reason, count]) => `${count} ${reason}`).join(', ');
    const compare = this.mode === 'compare';
    const rows: [string, string][] = compare ? [
      ['declarations', `${this.total}${excluded ? ` (left out: ${excluded})` : ''}`],
      ['sampled', `${this.sampled}`],
      ['oracle answered', `${this.answered}${this.unavailable.length > 0 ? ` (not: ${this.unavailable.length})` : ''}`],
      ['agreed', `${this.agreed}${this.agreedBeyondOracle.length > 0 ? ` (${this.agreedBeyondOracle.length} with places the oracle cannot see, listed below)` : ''}`],
      ['refused', `${this.refusedCount}${this.refused.size > 0 ? ` (${[...this.refused].map(([code, list]) => `${code} ${list.length}`).join(', ')})` : ''}`],
      ['disagreed', `${this.disagreed.length}  (goal 0)`],
      ['applied, checked', `${this.checked}${this.partlyChecked.length > 0 ? ` (${this.partlyChecked.length} in part, listed below)` : ''}`],
      ['broke', `${this.broke.length}  (goal 0)`],
      ['crashed', `${this.crashed.length}`],
    ] : [
      ['declarations', `${this.total}`],
      ['sampled', `${this.sampled}`],
      ['applied, sound', `${this.agreed}`],
      ['not judged', `${this.unavailable.length}${this.unavailable.length > 0 ? ' (jedi could not resolve the uses; listed below)' : ''}`],
      ['refused', `${this.refusedCount}${this.refused.size > 0 ? ` (${[...this.refused].map(([code, list]) => `${code} ${list.length}`).join(', ')})` : ''}`],
      ['broke', `${this.broke.length}  (goal 0)`],
      ['crashed', `${this.crashed.length}`],
    ];
    if (this.milliseconds.size > 0) rows.push(['time', [...this.milliseconds].map(([part, ms]) => `${part} ${(ms / 1000).toFixed(1)} s`).join(', ')]);
    const width = Math.max(...rows.map(([name]) => name.length));
    const lines = [`── ${this.corpus} ──`, ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`)];
    const section = (title: string, list: readonly string[]) => {
      if (list.length === 0) return;
      lines.push(`  ${title}:`);
      for (const entry of list.slice(0, cases)) lines.push(`    ${entry}`);
      if (list.length > cases) lines.push(`    … and ${list.length - cases} more`);
    };
    section('disagreed', this.disagreed);
    section('broke', this.broke);
    section('crashed', this.crashed);
    for (const [code, list] of this.refused) section(`refused ${code}`, list);
    section('agreed, with places the oracle cannot see', this.agreedBeyondOracle);
    section('oracle unavailable', this.unavailable);
    section('checked in part', this.partlyChecked);
    return lines.join('\n');
  }
}

/** `file:line:column text`. */
export function show(place: ShownPlace): string {
  const text = place.text.trim();
  return `${place.file}:${place.line}:${place.column} \`${text.length > 90 ? `${text.slice(0, 87)}...` : text}\`${place.note ? ` (${place.note})` : ''}`;
}

/** `file:line:column`, the key places are compared by. */
export function placeKey(place: { file: string; line: number; column: number }): string {
  return `${place.file}:${place.line}:${place.column}`;
}

/**
 * Every `count`-th item of a list sorted by `key`, `count` items at most: the same sample on every
 * run, spread over the whole list.
 */
export function evenSample<T>(items: readonly T[], count: number, key: (item: T) => string): T[] {
  const sorted = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  if (sorted.length <= count) return sorted;
  const chosen: T[] = [];
  for (let index = 0; index < count; index++) chosen.push(sorted[Math.floor((index * sorted.length) / count)]!);
  return chosen;
}
