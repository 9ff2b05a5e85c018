// Half-open spans of numbers (epoch milliseconds, or day numbers) and the two set operations the
// time rules need. Joining before counting is what makes overlapping breaks, double clock-ins
// and overlapping freezes count once.

export interface TimeSpan {
  start: number;
  end: number;
}

/** Spans sorted and joined where they overlap or touch; empty spans are dropped. */
export function mergeSpans(spans: readonly TimeSpan[]): TimeSpan[] {
  const merged: TimeSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (!(span.end > span.start)) continue;
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** `spans` with every part covered by `minus` cut out. */
export function subtractSpans(spans: readonly TimeSpan[], minus: readonly TimeSpan[]): TimeSpan[] {
  const cuts = mergeSpans(minus);
  const result: TimeSpan[] = [];
  for (const span of mergeSpans(spans)) {
    let from = span.start;
    for (const cut of cuts) {
      if (cut.end <= from || cut.start >= span.end) continue;
      if (cut.start > from) result.push({ start: from, end: cut.start });
      from = Math.max(from, cut.end);
    }
    if (from < span.end) result.push({ start: from, end: span.end });
  }
  return result;
}

/** The length of what two span lists have in common. */
export function overlapLength(a: readonly TimeSpan[], b: readonly TimeSpan[]): number {
  const left = mergeSpans(a);
  const right = mergeSpans(b);
  let total = 0;
  for (const x of left) {
    for (const y of right) total += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  }
  return total;
}
