import { describe, expect, it } from 'vitest';
import {
  clock,
  dayName,
  daysFrom,
  durationText,
  formatCents,
  ordinal,
  seatsText,
  todayOf,
} from './portal-format';

describe('portal wording', () => {
  it('names days by the organisation’s calendar', () => {
    expect(daysFrom('2030-02-26', 4)).toEqual(['2030-02-26', '2030-02-27', '2030-02-28', '2030-03-01']);
    expect(dayName('2030-02-26', '2030-02-26')).toBe('Today');
    expect(dayName('2030-02-27', '2030-02-26')).toBe('Tomorrow');
    expect(dayName('2030-03-01', '2030-02-26')).toBe('Fri');
    // 03:30 UTC is still the day before in New York.
    expect(todayOf('America/New_York', Date.parse('2030-02-27T03:30:00Z'))).toBe('2030-02-26');
  });

  it('reads times, lengths, money and places', () => {
    expect(clock('18:00')).toBe('6:00 PM');
    expect(clock('07:05')).toBe('7:05 AM');
    expect(durationText('18:00', '19:00')).toBe('1 h');
    expect(durationText('18:00', '18:45')).toBe('45 min');
    expect(durationText('19:15', '20:30')).toBe('1 h 15 min');
    expect(durationText('23:30', '00:30')).toBe('1 h');
    expect(formatCents(12000)).toBe('$120.00');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
  });

  it('says how full a class is', () => {
    expect(seatsText(null).label).toBe('Open class');
    expect(seatsText(0)).toEqual({ label: 'Full', color: 'red' });
    expect(seatsText(1).label).toBe('1 seat left');
    expect(seatsText(3).color).toBe('orange');
    expect(seatsText(1500).label).toBe('1,500 seats left');
    expect(seatsText(12)).toEqual({ label: '12 seats left', color: 'teal' });
  });
});
