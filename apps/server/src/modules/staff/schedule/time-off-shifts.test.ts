import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, type Member } from '../staff.test-kit.ts';

// Time off over published shifts: the request says how many it covers, and approving it can offer
// them in the pool or take them off the schedule instead of leaving them assigned.

const S = '/api/employee-shifts';
const WEEK = { startOfWeek: '2027-01-03', endOfWeek: '2027-01-09' };

describe(`time off over published shifts (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const shiftOn = async (who: Member, day: string, name: string) =>
    (
      await k.admin.call('POST', S, {
        contactId: who.contactId,
        shiftName: name,
        startDate: `${day}T09:00:00Z`,
        endDate: `${day}T17:00:00Z`,
      })
    ).body.data._id as string;
  const ask = async (who: Member, startDate: string, endDate: string) =>
    (await who.call('POST', `${S}/time-off`, { startDate, endDate, reason: 'Trip' })).body.data;
  const decide = (id: string, shifts: string) =>
    k.admin.call('PUT', `${S}/time-off/${id}`, { status: 'approved', response: null, shifts });

  it('warns of the shifts on the request; approval offers them in the pool or unassigns them', async () => {
    const mon = await shiftOn(k.employee, '2027-01-04', 'Monday');
    const tue = await shiftOn(k.employee, '2027-01-05', 'Tuesday');
    const wed = await shiftOn(k.second, '2027-01-06', 'Wednesday');
    expect((await k.admin.call('POST', `${S}/publish`, WEEK)).status).toBe(200);

    const first = await ask(k.employee, '2027-01-04', '2027-01-05');
    expect(first.overlappingShifts).toBe(2);
    expect((await ask(k.employee, '2027-01-08', '2027-01-08')).overlappingShifts).toBe(0);
    expect((await decide(first.id, 'pool')).status).toBe(200);
    const pool = await k.admin.get(`${S}/pool`);
    const offered = pool.body.list
      .filter((p: { status: string }) => p.status === 'offered')
      .map((p: { shiftId: string }) => p.shiftId);
    expect(offered).toEqual(expect.arrayContaining([mon, tue]));

    const second = await ask(k.second, '2027-01-06', '2027-01-06');
    expect(second.overlappingShifts).toBe(1);
    expect((await decide(second.id, 'unassign')).status).toBe(200);
    const grid = await k.admin.get(S, WEEK);
    const row = grid.body.rows.find((r: { contactId: string }) => r.contactId === k.second.contactId);
    expect(row?.shifts.find((s: { _id: string; state: string }) => s._id === wed)?.state).not.toBe(
      'published',
    );
    const after = await k.second.get(`${S}/time-off`);
    expect(after.body.list[0]).toMatchObject({ status: 'approved', overlappingShifts: 0 });
  });
});
