import { describe, expect, it } from 'vitest';
import { formatDayAt, formatDayLabel, formatInstantAt } from './day-labels.ts';

describe('day labels', () => {
  it('names the weekday and month of a calendar day', () => {
    expect(formatDayLabel('2026-11-23')).toBe('Mon, Nov 23');
    expect(formatDayLabel('2024-02-29')).toBe('Thu, Feb 29');
    expect(formatDayLabel('2027-01-01')).toBe('Fri, Jan 1');
    expect(formatDayLabel('2026-11-23', { weekday: undefined, year: 'numeric' })).toBe('Nov 23, 2026');
  });

  it('leaves text that is not a day as it is', () => {
    expect(formatDayLabel('2026-02-30')).toBe('2026-02-30');
    expect(formatDayLabel('soon')).toBe('soon');
  });

  it('writes the time as hh:mm A', () => {
    expect(formatDayAt('2026-11-23', '18:00')).toBe('Mon, Nov 23 at 06:00 PM');
    expect(formatDayAt('2026-11-23', '00:05')).toBe('Mon, Nov 23 at 12:05 AM');
    expect(formatDayAt('2026-11-23', '12:30')).toBe('Mon, Nov 23 at 12:30 PM');
  });

  it("shows an instant on the organisation's clock, across a daylight-saving change", () => {
    // 23:30 UTC on Nov 23 is 6:30 PM in New York and already Tuesday in Tokyo.
    expect(formatInstantAt('2026-11-23T23:30:00Z', 'America/New_York')).toBe('Mon, Nov 23 at 06:30 PM');
    expect(formatInstantAt('2026-11-23T23:30:00Z', 'Asia/Tokyo')).toBe('Tue, Nov 24 at 08:30 AM');
    // New York leaves summer time on Nov 1, 2026: 14:00 UTC is 10 AM before and 9 AM after.
    expect(formatInstantAt('2026-10-31T14:00:00Z', 'America/New_York')).toBe('Sat, Oct 31 at 10:00 AM');
    expect(formatInstantAt('2026-11-01T14:00:00Z', 'America/New_York')).toBe('Sun, Nov 1 at 09:00 AM');
  });

  it('leaves an unreadable instant as it is', () => {
    expect(formatInstantAt('not a date', 'UTC')).toBe('not a date');
  });
});
