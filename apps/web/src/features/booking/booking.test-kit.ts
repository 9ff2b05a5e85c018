import type { CalendarItem, DeviceAnswer, PublicBookingPageAnswer } from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { vi } from 'vitest';
import { jsonResponse, makeLoginAnswer } from '../../test-utils';

// Test data and a fake API for the booking screens.

export const id = (n: number) => `0190b000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const RESOURCES = ['booking', 'calendar', 'kiosk', 'settings', 'contacts'];

export function signInAdmin() {
  const rules = RESOURCES.map(fullRule);
  return makeLoginAnswer({ ability: buildAbility(rules), plan: { permissions: rules } });
}

/** An employee whose own contact is `contactId` (an instructor), with the demo employee's rights. */
export function signInEmployee(contactId: string) {
  const rules = ['booking', 'calendar', 'contacts'].map(fullRule);
  return makeLoginAnswer({
    userType: 'employee',
    ability: buildAbility(rules),
    plan: { permissions: rules },
    curRole: {
      contactTypeId: { _id: id(990), name: 'Employee', type: 'employee' },
      contactId,
      assignerId: null,
    },
  });
}

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/** A fetch stand-in: `handler` answers first; anything else is a 404 in the server's error shape. */
export function fakeApi(handler: Handler) {
  return vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const answer = await handler(url, init);
    if (answer) return answer;
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No route ${url.pathname}` } }, 404);
  });
}

export function device(n: number, overrides: Partial<DeviceAnswer> = {}): DeviceAnswer {
  return {
    _id: id(n),
    name: `Front desk ${n}`,
    code: `KX${n}P4Q7R`,
    isActive: true,
    pairedAt: null,
    lastSeenAt: null,
    createdAt: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

/** Today at a given UTC hour, so items always fall in the week the calendar opens on. */
export function todayAt(hour: number): string {
  const day = new Date().toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

export function calendarItem(kind: CalendarItem['kind'], n: number, title: string): CalendarItem {
  const calendar = kind === 'class' ? 'Classes' : kind === 'appointment' ? 'Appointments' : 'Events';
  return {
    id: `${kind}:${id(n)}`,
    kind,
    calendar,
    title,
    start: todayAt(9 + n),
    end: todayAt(10 + n),
    allDay: false,
    colorName: kind === 'class' ? 'Sage' : 'Grape',
    color: kind === 'class' ? '#33B679' : '#8E24AA',
    sourceId: id(n),
    bookingTypeId: id(900),
    extendedProps:
      kind === 'class'
        ? { capacity: 20, bookedCount: 3, attendedSlots: 1 }
        : { contactId: id(800), contactName: 'Morgan Member', status: 'booked' },
  };
}

export function publicPage(overrides: Partial<PublicBookingPageAnswer> = {}): PublicBookingPageAnswer {
  const slot = (n: number, date: string, start: string, end: string) => ({
    _id: id(n),
    date,
    startTime: start,
    endTime: end,
    startsAt: `${date}T${start}:00.000Z`,
    endsAt: `${date}T${end}:00.000Z`,
    bookingType: {
      _id: id(900),
      title: 'Morning Yoga',
      program: { name: 'Yoga' },
      description: 'A gentle flow to start the day.',
    },
    capacity: 20,
    remaining: 5,
  });
  return {
    group: { _id: id(700), name: 'Yoga classes', description: 'Book a morning class', slug: 'abc123xyz' },
    organization: { name: 'Iron Gym', logoLink: null, themeColor: '#7367f0', timeZone: 'UTC' },
    theme: { type: 'solid', color: 'orange' },
    slots: [slot(1, '2030-03-04', '07:00', '08:00'), slot(2, '2030-03-05', '18:30', '19:30')],
    ...overrides,
  };
}
