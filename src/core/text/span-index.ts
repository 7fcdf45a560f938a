import type { TextSpan } from '../structure/types.js';

/**
 * Changed spans of a text, asked which of them touch a range: sorted by start, with the furthest
 * end reached so far, so the spans before the first that can reach an offset are skipped by
 * bisection. An edit of every line of a long function (10,000 spans) is not compared with every
 * structure. A span of no width is an insertion at its offset.
 */
export class SpanIndex {
  readonly #sorted: TextSpan[];
  readonly #reach: number[];

  constructor(spans: readonly TextSpan[]) {
    this.#sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
    this.#reach = this.#sorted.map((span) => span.end);
    for (let i = 1; i < this.#reach.length; i++) this.#reach[i] = Math.max(this.#reach[i]!, this.#reach[i - 1]!);
  }

  /** Whether there are no spans. */
  get empty(): boolean {
    return this.#sorted.length === 0;
  }

  /** Whether a span meets `start`..`end`, its ends included (a structure a change borders is touched). */
  touches(start: number, end: number): boolean {
    return this.#some(start, end, (span) => span.start <= end && span.end >= start);
  }

  /** Whether a span changes text inside `start`..`end`: overlaps it, or inserts strictly inside it. */
  changesInside(start: number, end: number): boolean {
    return this.#some(start, end, (span) => (span.start === span.end ? span.start > start && span.start < end : span.start < end && span.end > start));
  }

  /** Whether an offset lies inside a span (a place the edit rewrote). */
  holds(offset: number): boolean {
    return this.#some(offset, offset, (span) => span.start <= offset && offset < span.end);
  }

  #some(start: number, end: number, test: (span: TextSpan) => boolean): boolean {
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#reach[middle]! < start) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.#sorted.length; i++) {
      const span = this.#sorted[i]!;
      if (span.start > end) return false;
      if (test(span)) return true;
    }
    return false;
  }
}
