import { describe, expect, it } from 'vitest';
import { mergeSpans, overlapLength, subtractSpans } from './time-spans.ts';

describe('spans', () => {
  it('joins overlapping and touching spans, drops empty ones', () => {
    expect(
      mergeSpans([
        { start: 5, end: 8 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 7, end: 10 },
        { start: 12, end: 12 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 10 },
    ]);
  });

  it('cuts spans out', () => {
    expect(
      subtractSpans(
        [{ start: 0, end: 10 }],
        [
          { start: 2, end: 4 },
          { start: 3, end: 5 },
          { start: 9, end: 20 },
        ],
      ),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 5, end: 9 },
    ]);
    expect(subtractSpans([{ start: 0, end: 10 }], [{ start: -5, end: 15 }])).toEqual([]);
    expect(subtractSpans([{ start: 0, end: 10 }], [])).toEqual([{ start: 0, end: 10 }]);
  });

  it('measures the common part once', () => {
    expect(
      overlapLength(
        [
          { start: 0, end: 10 },
          { start: 5, end: 12 },
        ],
        [{ start: 8, end: Number.POSITIVE_INFINITY }],
      ),
    ).toBe(4);
    expect(overlapLength([{ start: 0, end: 1 }], [{ start: 1, end: 2 }])).toBe(0);
  });
});
