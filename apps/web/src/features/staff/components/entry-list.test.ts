import { describe, expect, it } from 'vitest';
import { breakLabel, changeText } from './entry-list';

// The audit trail shows each changed field as what it is: times on the organisation clock,
// breaks as spans, a description as text (not read as a date).

describe('changeText', () => {
  const zone = 'America/New_York';
  it('shows times on the organisation clock, breaks as spans and text as typed', () => {
    expect(changeText('end', '2026-11-15T12:30:00.000Z', zone)).toContain('07:30 AM');
    expect(changeText('breaks', '2026-11-15T17:00:00.000Z–2026-11-15T17:30:00.000Z', zone)).toBe(
      '12:00 PM – 12:30 PM',
    );
    expect(changeText('breaks', '2026-11-15T17:00:00.000Z–…', zone)).toContain('since');
    expect(changeText('description', 'Closing shift', zone)).toBe('Closing shift');
    expect(changeText('description', null, zone)).toBe('—');
  });
});

describe('breakLabel', () => {
  it('shows the kind of each break, then its note; breaks saved before kinds are breaks', () => {
    expect(breakLabel({ kind: 'meal', description: 'Lunch' })).toBe('Meal: Lunch');
    expect(breakLabel({ kind: 'meal', description: null })).toBe('Meal');
    expect(breakLabel({ kind: 'break', description: 'Coffee' })).toBe('Break: Coffee');
    expect(breakLabel({ kind: 'break', description: null })).toBe('Break');
  });
});
