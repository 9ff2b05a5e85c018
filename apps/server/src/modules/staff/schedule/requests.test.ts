import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, WEEK } from '../staff.test-kit.ts';

const S = '/api/employee-shifts';

describe(`time-off and reschedule requests (${DB_KIND})`, () => {
  let k: Kit;
  let shiftId: string;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'America/New_York' });
    const made = await k.admin.call('POST', S, {
      contactId: k.employee.contactId,
      shiftName: 'Wednesday',
      startDate: '2025-06-04T13:00:00Z',
      endDate: '2025-06-04T21:00:00Z',
    });
    shiftId = made.body.data._id;
    await k.admin.call('POST', `${S}/publish`, WEEK);
  });
  afterAll(() => k.t.close());

  it('time off: pending, then approved; the grid shows it and flags the shift over it', async () => {
    const asked = await k.employee.call('POST', `${S}/time-off`, {
      startDate: '2025-06-04',
      endDate: '2025-06-05',
      reason: 'Wedding',
    });
    expect(asked.body).toMatchObject({
      message: 'Time off requested',
      data: {
        kind: 'timeOff',
        status: 'pending',
        contactId: k.employee.contactId,
        payload: { startDate: '2025-06-04', endDate: '2025-06-05', reason: 'Wedding' },
      },
    });
    const id = asked.body.data.id as string;
    expect(
      (await k.employee.call('POST', `${S}/time-off`, { startDate: '2025-06-05', endDate: '2025-06-04' }))
        .status,
    ).toBe(400);
    let grid = await k.admin.get(S, { ...WEEK });
    let row = grid.body.rows.find((r: { contactId: string }) => r.contactId === k.employee.contactId);
    expect(row.timeOff).toEqual([]);
    expect(row.shifts[0].overTimeOff).toBe(false);

    expect((await k.employee.call('PUT', `${S}/time-off/${id}`, { status: 'approved' })).status).toBe(403);
    expect((await k.intruder.call('PUT', `${S}/time-off/${id}`, { status: 'approved' })).status).toBe(404);
    const sent = k.t.mailer.recent.length;
    const approved = await k.admin.call('PUT', `${S}/time-off/${id}`, {
      status: 'approved',
      response: 'Enjoy',
    });
    expect(approved.body).toMatchObject({
      message: 'TimeOff request updated!',
      data: { status: 'approved', response: 'Enjoy', decidedBy: expect.any(String) },
    });
    expect(k.t.mailer.recent.slice(sent).map((m) => m.to)).toEqual([k.employee.email]);
    expect((await k.admin.call('PUT', `${S}/time-off/${id}`, { status: 'denied' })).status).toBe(409);
    grid = await k.admin.get(S, { ...WEEK });
    row = grid.body.rows.find((r: { contactId: string }) => r.contactId === k.employee.contactId);
    // The 4th and 5th in New York: from 04:00Z on the 4th to 04:00Z on the 6th.
    expect(row.timeOff).toEqual([
      {
        _id: id,
        startDate: '2025-06-04T04:00:00.000Z',
        endDate: '2025-06-06T04:00:00.000Z',
        reason: 'Wedding',
      },
    ]);
    expect(row.shifts[0].overTimeOff).toBe(true);
    expect((await k.employee.get(`${S}/mine`, { ...WEEK })).body.timeOff).toHaveLength(1);

    const listed = await k.employee.get(`${S}/time-off`);
    expect(listed.body.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await k.second.get(`${S}/time-off`)).body.list).toEqual([]);
    expect((await k.admin.get(`${S}/time-off`, { status: 'approved' })).body.list).toHaveLength(1);
  });

  it('reschedule: an approved request moves the shift, published version included; a denied one does not', async () => {
    const asked = await k.employee.call('POST', `${S}/reschedule`, {
      shiftId,
      startDate: '2025-06-06T13:00:00Z',
      endDate: '2025-06-06T21:00:00Z',
      reason: 'Swap to Friday',
    });
    expect(asked.body).toMatchObject({
      message: 'Reschedule requested',
      data: { kind: 'reschedule', payload: { shiftId, shiftName: 'Wednesday' } },
    });
    expect(
      (
        await k.second.call('POST', `${S}/reschedule`, {
          shiftId,
          startDate: '2025-06-06T13:00:00Z',
          endDate: '2025-06-06T14:00:00Z',
        })
      ).status,
    ).toBe(403);
    const approved = await k.admin.call('PUT', `${S}/reschedule/${asked.body.data.id}`, {
      status: 'approved',
    });
    expect(approved.body).toMatchObject({
      message: 'Reschedule request updated!',
      data: { status: 'approved' },
    });
    const mine = await k.employee.get(`${S}/mine`, { ...WEEK });
    expect(mine.body.shifts[0]).toMatchObject({
      _id: shiftId,
      startDate: '2025-06-06T13:00:00.000Z',
      day: '2025-06-06',
    });

    const denied = await k.employee.call('POST', `${S}/reschedule`, {
      shiftId,
      startDate: '2025-06-07T13:00:00Z',
      endDate: '2025-06-07T15:00:00Z',
    });
    await k.admin.call('PUT', `${S}/reschedule/${denied.body.data.id}`, { status: 'denied' });
    expect((await k.employee.get(`${S}/mine`, { ...WEEK })).body.shifts[0].day).toBe('2025-06-06');

    const pending = await k.employee.call('POST', `${S}/reschedule`, {
      shiftId,
      startDate: '2025-06-07T13:00:00Z',
      endDate: '2025-06-07T15:00:00Z',
    });
    expect((await k.second.call('DELETE', `${S}/reschedule/${pending.body.data.id}`)).status).toBe(403);
    const cancelled = await k.employee.call('DELETE', `${S}/reschedule/${pending.body.data.id}`);
    expect(cancelled.body).toMatchObject({ message: 'Request cancelled', data: { status: 'cancelled' } });
  });
});
