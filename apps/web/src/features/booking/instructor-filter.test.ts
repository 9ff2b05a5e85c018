import type { CalendarItem } from '@opsuite/shared';
import { describe, expect, it } from 'vitest';
import { calendarItem, id } from './booking.test-kit';
import { ALL_INSTRUCTORS, byInstructor, instructorOptions } from './instructor-filter';

const taught = (n: number, title: string, instructorId: string, instructorName: string): CalendarItem => {
  const item = calendarItem('class', n, title);
  return { ...item, extendedProps: { ...item.extendedProps, instructorId, instructorName } };
};

const coach = id(500);
const sam = id(501);
const items = [
  taught(1, 'Yoga', coach, 'Casey Coach'),
  taught(2, 'Spin', sam, 'Sam Trainer'),
  calendarItem('class', 3, 'Open Mat'),
  calendarItem('appointment', 4, 'Personal Training'),
];

describe('instructor filter', () => {
  it('lists the instructors in view, with the caller own classes as "My classes"', () => {
    expect(instructorOptions(items, null)).toEqual([
      { value: ALL_INSTRUCTORS, label: 'All instructors' },
      { value: coach, label: 'Casey Coach' },
      { value: sam, label: 'Sam Trainer' },
    ]);
    expect(instructorOptions(items, coach).map((o) => o.label)).toEqual([
      'All instructors',
      'My classes',
      'Sam Trainer',
    ]);
  });

  it("keeps one instructor's classes and every appointment and event", () => {
    expect(byInstructor(items, coach).map((i) => i.title)).toEqual(['Yoga', 'Personal Training']);
    expect(byInstructor(items, ALL_INSTRUCTORS)).toHaveLength(4);
  });
});
