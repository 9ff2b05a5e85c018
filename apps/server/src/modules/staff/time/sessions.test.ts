import { workedMs } from '@opsuite/shared';
import { describe, expect, it } from 'vitest';
import { breaksOf, sessionOf } from './sessions.ts';

// A stored session becomes the rules' work session in one place, whichever driver read it and
// whether its times come as text, dates or epoch ms.

const breaks = [
  {
    _id: 'b1',
    kind: 'meal' as const,
    start: '2026-03-02T12:00:00.000Z',
    end: '2026-03-02T12:30:00.000Z',
    description: null,
  },
  { _id: 'b2', start: '2026-03-02T15:00:00.000Z', end: null, description: 'call' },
];

describe('a stored session as a work session', () => {
  it('reads its breaks as stored jsonb text or as parsed rows', () => {
    expect(breaksOf(JSON.stringify(breaks))).toEqual(breaks);
    expect(breaksOf(breaks)).toEqual(breaks);
    expect(breaksOf(null)).toEqual([]);
  });

  it('counts an open session and a running break up to now, whatever form the times take', () => {
    const now = Date.parse('2026-03-02T16:00:00.000Z');
    const start = '2026-03-02T09:00:00.000Z';
    const fromText = sessionOf({ start, end: null, breakTimes: JSON.stringify(breaks) }, now);
    expect(fromText).toEqual({
      start: Date.parse(start),
      end: now,
      breaks: [
        { start: Date.parse(breaks[0]!.start), end: Date.parse(breaks[0]!.end!) },
        { start: Date.parse(breaks[1]!.start), end: null },
      ],
    });
    expect(sessionOf({ start: new Date(start), end: null, breakTimes: breaks }, now)).toEqual(fromText);
    // 7 hours, less the half-hour meal and the hour of the running break.
    expect(workedMs(fromText)).toBe(5.5 * 3_600_000);
  });

  it('never ends before it starts', () => {
    const s = sessionOf({ start: 2_000, end: 1_000, breakTimes: [] });
    expect([s.start, s.end]).toEqual([2_000, 2_000]);
  });
});
