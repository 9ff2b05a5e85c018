import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, type Member } from '../staff.test-kit.ts';

// Attendance counts worked time inside its week on the organisation's clock, as the time sheet
// does: Saturday evening's session before a week is not this week's work, nor overtime.

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe(`attendance at the week boundary (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const worked = async (who: Member, startOfWeek: string) => {
    const endOfWeek = `2026-11-${Number(startOfWeek.slice(8)) + 6}`;
    const res = await k.admin.get('/api/employee-attendance', {
      startOfWeek,
      endOfWeek,
      contactId: who.contactId,
    });
    expect(res.status).toBe(200);
    const row = res.body.list.find((r: { contactId: string }) => r.contactId === who.contactId);
    return { workedMs: row?.workedMs ?? 0, overtimeMs: row?.overtimeMs ?? 0 };
  };
  const manual = (who: Member, startDate: string, startTime: string, endDate: string, endTime: string) =>
    k.admin.call('POST', '/api/contact/workhistory/create-manual-workHistory', {
      contactId: who.contactId,
      startDate,
      startTime,
      endDate,
      endTime,
      reason: 'From the paper sheet',
    });

  for (const [zone, who] of [
    ['America/New_York', 'employee'],
    ['Europe/London', 'second'],
  ] as const) {
    it(`Saturday's 4h 03m is Nov 15-21's only; Sunday's first hour is Nov 22-28's (${zone})`, async () => {
      const person = k[who];
      expect((await k.admin.call('PUT', '/api/organization/current', { timeZone: zone })).status).toBe(200);
      expect((await manual(person, '2026-11-21', '18:00', '2026-11-21', '22:03')).status).toBe(200);
      expect(await worked(person, '2026-11-22')).toEqual({ workedMs: 0, overtimeMs: 0 });
      expect((await worked(person, '2026-11-15')).workedMs).toBe(4 * HOUR + 3 * MINUTE);
      expect((await manual(person, '2026-11-22', '00:10', '2026-11-22', '01:10')).status).toBe(200);
      expect((await worked(person, '2026-11-22')).workedMs).toBe(HOUR);
      expect((await worked(person, '2026-11-15')).workedMs).toBe(4 * HOUR + 3 * MINUTE);
    });
  }
});
