import { describe, expect, it } from 'vitest';
import { cancelWindow, cutoffText, freeCancelUntil } from './booking-cancellation.ts';

const START = '2030-05-06T18:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('cancellation cut-off', () => {
  it('with no cut-off a cancellation is free until the class starts, then refused', () => {
    expect(cancelWindow(START, at('2030-05-06T17:59:59.999Z'), 0)).toBe('free');
    expect(cancelWindow(START, at(START), 0)).toBe('started');
    expect(cancelWindow(START, at('2030-05-06T19:00:00Z'), 0)).toBe('started');
  });

  it('a cut-off of 2 hours makes the last two hours late, the exact cut-off instant included', () => {
    expect(cancelWindow(START, at('2030-05-06T15:59:59.999Z'), 120)).toBe('free');
    expect(cancelWindow(START, at('2030-05-06T16:00:00Z'), 120)).toBe('late');
    expect(cancelWindow(START, at('2030-05-06T17:30:00Z'), 120)).toBe('late');
    expect(cancelWindow(START, at(START), 120)).toBe('started');
  });

  it('takes milliseconds as well as ISO text, and treats a negative cut-off as none', () => {
    expect(cancelWindow(at(START), at('2030-05-06T17:00:00Z'), 60)).toBe('late');
    expect(cancelWindow(START, at('2030-05-06T17:00:00Z'), -5)).toBe('free');
  });

  it('says until when a cancellation is free and how long the cut-off is', () => {
    expect(freeCancelUntil(START, 0)).toBeNull();
    expect(freeCancelUntil(START, 120)).toBe('2030-05-06T16:00:00.000Z');
    expect(cutoffText(0)).toBe('until the class starts');
    expect(cutoffText(120)).toBe('2 hours');
    expect(cutoffText(60)).toBe('1 hour');
    expect(cutoffText(90)).toBe('90 minutes');
    expect(cutoffText(1440)).toBe('1 day');
    expect(cutoffText(1)).toBe('1 minute');
  });
});
