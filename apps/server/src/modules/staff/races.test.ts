import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, REAL_DATABASE_URL } from '../../../test/helpers.ts';
import { createKit, type Kit } from './staff.test-kit.ts';

// Races on a real PostgreSQL server (PGlite runs one transaction at a time): one open session per
// employee, no overlapping shifts, one winner of two accepted trades.

describe.skipIf(!REAL_DATABASE_URL)(`staff races (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('ten clock-ins at once open one session', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => k.employee.call('POST', '/api/contact/workhistory/startwork', {})),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(
      await k.scalar(
        'select count(*)::int as n from work_histories where contact_id = $1 and end_at is null',
        [k.employee.contactId],
      ),
    ).toBe(1);
  });

  it('overlapping shifts written at once for one employee: one is kept', async () => {
    const shifts = Array.from({ length: 8 }, (_, i) => ({
      contactId: k.second.contactId,
      shiftName: `Try ${i}`,
      startDate: `2025-07-01T${String(8 + (i % 3)).padStart(2, '0')}:00:00Z`,
      endDate: '2025-07-01T16:00:00Z',
    }));
    const answers = await Promise.all(shifts.map((s) => k.admin.call('POST', '/api/employee-shifts', s)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    // Moves racing onto the same hours: still never two overlapping.
    const a = await k.admin.call('POST', '/api/employee-shifts', {
      contactId: k.second.contactId,
      shiftName: 'A',
      startDate: '2025-07-02T08:00:00Z',
      endDate: '2025-07-02T10:00:00Z',
    });
    const b = await k.admin.call('POST', '/api/employee-shifts', {
      contactId: k.second.contactId,
      shiftName: 'B',
      startDate: '2025-07-02T12:00:00Z',
      endDate: '2025-07-02T14:00:00Z',
    });
    const moves = await Promise.all([
      k.admin.call('PUT', `/api/employee-shifts/${a.body.data._id}`, {
        startDate: '2025-07-02T10:30:00Z',
        endDate: '2025-07-02T11:30:00Z',
      }),
      k.admin.call('PUT', `/api/employee-shifts/${b.body.data._id}`, {
        startDate: '2025-07-02T11:00:00Z',
        endDate: '2025-07-02T12:00:00Z',
      }),
    ]);
    expect(moves.map((m) => m.status).sort()).toEqual([200, 409]);
    expect(
      await k.scalar(
        `select count(*)::int as n from employee_shifts x join employee_shifts y
           on x.organization_id = y.organization_id and x.contact_id = y.contact_id and x.id < y.id
          and x.removed_at is null and y.removed_at is null and x.start_at < y.end_at and y.start_at < x.end_at
         where x.contact_id = $1`,
        [k.second.contactId],
      ),
    ).toBe(0);
  });

  it('two admins accepting bids on one offer: one wins', async () => {
    const week = { startOfWeek: '2030-07-07', endOfWeek: '2030-07-13' };
    const made = await k.admin.call('POST', '/api/employee-shifts', {
      contactId: k.employee.contactId,
      shiftName: 'Pool race',
      startDate: '2030-07-08T09:00:00Z',
      endDate: '2030-07-08T17:00:00Z',
    });
    await k.admin.call('POST', '/api/employee-shifts/publish', week);
    const offer = await k.employee.call('POST', '/api/employee-shifts/pool', { shiftId: made.body.data._id });
    const poolId = offer.body.data._id as string;
    await k.second.call('POST', `/api/employee-shifts/pool/${poolId}/bid`, {});
    await k.admin.call('POST', `/api/employee-shifts/pool/${poolId}/bid`, {});
    const answers = await Promise.all([
      k.admin.call('POST', `/api/employee-shifts/pool/${poolId}/accept-trade`, {
        contactId: k.second.contactId,
      }),
      k.admin.call('POST', `/api/employee-shifts/pool/${poolId}/accept-trade`, {
        contactId: k.admin.contactId,
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.trades[0].to.contactId;
    expect(
      await k.scalar(
        'select count(*)::int as n from employee_shifts where id = $1 and contact_id = $2 and pub_contact_id = $2',
        [made.body.data._id, winner],
      ),
    ).toBe(1);
  });
});
