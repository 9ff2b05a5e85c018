import type { CalendarItem } from '@opsuite/shared';

// The calendar's instructor filter (issue 17): classes taught by one staff contact; appointments
// and events are not filtered. ALL_INSTRUCTORS shows every class.

export const ALL_INSTRUCTORS = 'all';

export interface InstructorOption {
  value: string;
  label: string;
}

/** The instructors of the classes in view, by name, plus the caller's own classes first. */
export function instructorOptions(
  items: readonly CalendarItem[],
  ownContactId: string | null,
): InstructorOption[] {
  const names = new Map<string, string>();
  for (const item of items) {
    const { instructorId, instructorName } = item.extendedProps;
    if (item.kind === 'class' && instructorId) names.set(instructorId, instructorName ?? 'Instructor');
  }
  const others = [...names]
    .filter(([id]) => id !== ownContactId)
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([value, label]) => ({ value, label }));
  const own = ownContactId ? [{ value: ownContactId, label: 'My classes' }] : [];
  return [{ value: ALL_INSTRUCTORS, label: 'All instructors' }, ...own, ...others];
}

export function byInstructor(items: readonly CalendarItem[], instructor: string): CalendarItem[] {
  if (instructor === ALL_INSTRUCTORS) return [...items];
  return items.filter((item) => item.kind !== 'class' || item.extendedProps.instructorId === instructor);
}
