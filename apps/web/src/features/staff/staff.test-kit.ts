import type { EmployeeShiftAnswer, ScheduleAnswer } from '@opsuite/shared/contracts/staff-schedule';
import type { MyClockAnswer, WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { vi } from 'vitest';
import { jsonResponse, makeLoginAnswer } from '../../test-utils';

// Shared set-up of the staff web tests: a signed-in admin (with an employee contact of their
// own), a fetch stand-in, and answers shaped like the server's.

export const id = (n: number) => `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const ME = id(900);

export function signInStaff(userType: 'admin' | 'employee' = 'admin', timeZone = 'America/New_York') {
  const rules = ['staff', 'settings'].map(fullRule);
  return makeLoginAnswer(
    {
      userType,
      ability: buildAbility(rules),
      plan: { permissions: rules },
      curRole: {
        contactTypeId: { _id: id(1), name: userType, type: userType },
        contactId: ME,
        assignerId: null,
      },
    },
    { timeZone },
  );
}

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

export function fakeApi(handler: Handler) {
  return vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const answer = await handler(url, init);
    if (answer) return answer;
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No route ${url.pathname}` } }, 404);
  });
}

export const ok = <T>(message: string, data: T) => jsonResponse({ success: true, message, data });

export function session(overrides: Partial<WorkHistoryAnswer> = {}): WorkHistoryAnswer {
  return {
    _id: id(50),
    historyId: id(50),
    contactId: ME,
    contactName: 'Jane Admin',
    shiftId: null,
    shiftName: null,
    description: '',
    startTime: new Date(Date.now() - 3_600_000).toISOString(),
    endTime: null,
    manual: false,
    autoEnded: false,
    needsConfirmation: false,
    restDescription: null,
    screenshot: null,
    screenshot_sm: null,
    captureStatus: 'off',
    breakTimes: [],
    onBreak: false,
    workedMs: 3_600_000,
    ...overrides,
  };
}

export function clock(open: WorkHistoryAnswer | null, overrides: Partial<MyClockAnswer> = {}): MyClockAnswer {
  const days = [
    '2026-06-07',
    '2026-06-08',
    '2026-06-09',
    '2026-06-10',
    '2026-06-11',
    '2026-06-12',
    '2026-06-13',
  ];
  return {
    contactId: ME,
    session: open,
    offeredShift: null,
    nextShift: null,
    pinSet: false,
    needsConfirmation: [],
    week: {
      startOfWeek: days[0]!,
      endOfWeek: days[6]!,
      days: days.map((day, i) => ({ day, workedMs: i === 1 ? 27_000_000 : 0 })),
      totalMs: 27_000_000,
    },
    settings: {
      screenshotIntervalMinutes: 15,
      screenshotsEnabled: true,
      autoEndHours: 12,
      lateGraceMinutes: 5,
      requirePunchPin: false,
    },
    ...overrides,
  };
}

export function shift(
  n: number,
  contactId: string,
  day: string,
  startDate: string,
  endDate: string,
  overrides: Partial<EmployeeShiftAnswer> = {},
): EmployeeShiftAnswer {
  return {
    _id: id(n),
    contactId,
    shiftName: `Shift ${n}`,
    positionIds: [],
    startDate,
    endDate,
    note: null,
    state: 'published',
    day,
    overTimeOff: false,
    onOffer: false,
    ...overrides,
  };
}

export function schedule(
  week: { startOfWeek: string; endOfWeek: string },
  rows: ScheduleAnswer['rows'],
): ScheduleAnswer {
  const days = Array.from({ length: 7 }, (_, i) => {
    const d = new Date(`${week.startOfWeek}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });
  return {
    ...week,
    days,
    status: 'draft',
    publishedAt: null,
    unpublishedChanges: rows.reduce((n, r) => n + r.shifts.length, 0),
    rows,
    pagination: { page: 1, pageSize: 200, hasMore: false },
  };
}
