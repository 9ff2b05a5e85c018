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

/** The first index of `merged` (sorted, disjoint) whose span ends at or after `at`. */
function firstEndingFrom(merged: readonly TimeSpan[], at: number): number {
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (merged[mid]!.end < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * subtractSpans for many calls against a growing cover: `spans` less `merged`, where `merged` is
 * already as mergeSpans leaves it (sorted, disjoint, not touching). Only the cover's spans near
 * each span are looked at, so an employee's hundreds of sessions take n log n, not n².
 */
export function subtractMerged(spans: readonly TimeSpan[], merged: readonly TimeSpan[]): TimeSpan[] {
  const result: TimeSpan[] = [];
  for (const span of mergeSpans(spans)) {
    let from = span.start;
    for (let i = firstEndingFrom(merged, from); i < merged.length && merged[i]!.start < span.end; i++) {
      const cut = merged[i]!;
      if (cut.end <= from) continue;
      if (cut.start > from) result.push({ start: from, end: cut.start });
      from = Math.max(from, cut.end);
    }
    if (from < span.end) result.push({ start: from, end: span.end });
  }
  return result;
}

/** Adds a span to `merged` (sorted, disjoint, not touching) in place, joining what it overlaps or touches. */
export function addToMerged(merged: TimeSpan[], span: TimeSpan): void {
  if (!(span.end > span.start)) return;
  const i = firstEndingFrom(merged, span.start);
  let j = i;
  const joined = { ...span };
  while (j < merged.length && merged[j]!.start <= span.end) {
    joined.start = Math.min(joined.start, merged[j]!.start);
    joined.end = Math.max(joined.end, merged[j]!.end);
    j++;
  }
  merged.splice(i, j - i, joined);
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
