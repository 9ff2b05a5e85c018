import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, WEEK, WEEK_QS } from '../staff.test-kit.ts';

const S = '/api/employee-shifts';

describe(`the schedule (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'America/New_York' });
  });
  afterAll(() => k.t.close());

  const shift = (contactId: string, start: string, end: string, shiftName = 'Front desk') =>
    k.admin.call('POST', S, { contactId, shiftName, startDate: start, endDate: end });

  it('a night shift 22:00-04:00 clashes with 02:00-08:00, but back-to-back shifts do not', async () => {
    const id = k.employee.contactId;
    // Monday 22:00 to Tuesday 04:00 in New York (EDT, UTC-4).
    const night = await shift(id, '2025-06-03T02:00:00Z', '2025-06-03T08:00:00Z', 'Night');
    expect(night.status).toBe(200);
    expect(night.body).toMatchObject({
      message: 'Shift created',
      data: { contactId: id, shiftName: 'Night', state: 'draft', day: '2025-06-02', overTimeOff: false },
    });
    const clash = await shift(id, '2025-06-03T06:00:00Z', '2025-06-03T12:00:00Z', 'Early');
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('This shift overlaps Night of the same employee');
    const after = await shift(id, '2025-06-03T08:00:00Z', '2025-06-03T14:00:00Z', 'Morning');
    expect(after.status).toBe(200);
    const before = await shift(id, '2025-06-02T18:00:00Z', '2025-06-03T02:00:00Z', 'Evening');
    expect(before.status).toBe(200);
    expect(before.body.data.day).toBe('2025-06-02');
    // Another employee may work the same hours.
    expect(
      (await shift(k.second.contactId, '2025-06-03T02:00:00Z', '2025-06-03T08:00:00Z', 'Night')).status,
    ).toBe(200);
  });

  it('moves and resizes a shift, refusing a move onto another and to a non-employee', async () => {
    const made = await shift(k.second.contactId, '2025-06-04T13:00:00Z', '2025-06-04T17:00:00Z', 'Bar');
    const id = made.body.data._id as string;
    const moved = await k.admin.call('PUT', `${S}/${id}`, {
      startDate: '2025-06-05T13:00:00Z',
      endDate: '2025-06-05T19:00:00Z',
    });
    expect(moved.body).toMatchObject({
      message: 'Shift updated',
      data: { day: '2025-06-05', endDate: '2025-06-05T19:00:00.000Z' },
    });
    const onto = await k.admin.call('PUT', `${S}/${id}`, {
      contactId: k.employee.contactId,
      startDate: '2025-06-03T03:00:00Z',
      endDate: '2025-06-03T05:00:00Z',
    });
    expect(onto.status).toBe(409);
    expect((await k.admin.call('PUT', `${S}/${id}`, { contactId: k.client.contactId })).status).toBe(400);
    expect((await k.admin.call('PUT', `${S}/${id}`, { endDate: '2025-06-05T12:00:00Z' })).status).toBe(409);
    expect(
      (
        await k.admin.call('PUT', `${S}/${id}`, {
          startDate: '2025-06-05T13:00:00Z',
          endDate: '2025-06-06T14:00:00Z',
        })
      ).body.error.message,
    ).toBe('endDate: A shift lasts at most 24 hours');
    const grid = await k.admin.get(S, { ...WEEK });
    expect(grid.status).toBe(200);
    expect(grid.body).toMatchObject({
      startOfWeek: '2025-06-01',
      endOfWeek: '2025-06-07',
      status: 'draft',
      publishedAt: null,
    });
    expect(grid.body.days).toHaveLength(7);
    const second = grid.body.rows.find((r: { contactId: string }) => r.contactId === k.second.contactId);
    expect(second.shifts.map((s: { shiftName: string }) => s.shiftName)).toEqual(['Night', 'Bar']);
    expect(grid.body.unpublishedChanges).toBe(5);
  });

  it('employees see nothing before publishing; publishing e-mails those whose shifts changed; revert withdraws', async () => {
    expect((await k.employee.get(`${S}/mine`, { ...WEEK })).body.shifts).toEqual([]);
    expect((await k.employee.call('POST', `${S}/publish`, WEEK)).status).toBe(403);
    const sent = k.t.mailer.recent.length;
    const published = await k.admin.call('POST', `${S}/publish`, WEEK);
    expect(published.body).toMatchObject({
      success: true,
      message: 'Schedule published',
      data: { changed: 5, notified: 2 },
    });
    const mails = k.t.mailer.recent.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([k.employee.email, k.second.email].sort());
    expect(mails.find((m) => m.to === k.employee.email)!.text).toContain('Night');
    // The subject writes the week's first day as the product writes dates, not 2025-06-01.
    expect(mails[0]!.subject).toBe('Your schedule for the week of Jun 1, 2025');

    const mine = await k.employee.get(`${S}/mine`, { ...WEEK });
    expect(mine.body.shifts.map((s: { shiftName: string; day: string }) => [s.shiftName, s.day])).toEqual([
      ['Evening', '2025-06-02'],
      ['Night', '2025-06-02'],
      ['Morning', '2025-06-03'],
    ]);
    // Another employee's shifts are not in my week.
    expect(mine.body.shifts.every((s: { _id: string }) => typeof s._id === 'string')).toBe(true);

    const grid = await k.admin.get(S, { ...WEEK });
    expect(grid.body).toMatchObject({ status: 'published', unpublishedChanges: 0 });
    const morning = grid.body.rows
      .find((r: { contactId: string }) => r.contactId === k.employee.contactId)
      .shifts.find((s: { shiftName: string }) => s.shiftName === 'Morning');
    expect(morning.state).toBe('published');

    // A draft edit of a published shift: employees keep the published version until the next publish.
    await k.admin.call('PUT', `${S}/${morning._id}`, { shiftName: 'Morning prep' });
    const afterEdit = await k.admin.get(S, { ...WEEK });
    expect(afterEdit.body.unpublishedChanges).toBe(1);
    expect((await k.employee.get(`${S}/mine`, { ...WEEK })).body.shifts[2].shiftName).toBe('Morning');
    // Deleting a published shift waits for publishing too.
    const del = await k.admin.call('DELETE', `${S}/${morning._id}`);
    expect(del.body).toEqual({ success: true, message: 'Shift deleted' });
    expect((await k.employee.get(`${S}/mine`, { ...WEEK })).body.shifts).toHaveLength(3);

    const reverted = await k.admin.call('POST', `${S}/revert`, WEEK);
    expect(reverted.body).toMatchObject({
      message: 'Schedule reverted',
      data: { publishedAt: null, changed: 4 },
    });
    expect((await k.employee.get(`${S}/mine`, { ...WEEK })).body.shifts).toEqual([]);
    const draft = await k.admin.get(S, { ...WEEK });
    expect(draft.body.status).toBe('draft');
    const names = draft.body.rows.flatMap((r: { shifts: { shiftName: string }[] }) =>
      r.shifts.map((s) => s.shiftName),
    );
    expect(names).not.toContain('Morning prep');
    expect((await k.admin.call('POST', `${S}/revert`, WEEK)).status).toBe(409);
  });

  it('copies last week at the same wall-clock times, skipping clashes', async () => {
    const next = { startOfWeek: '2025-06-08', endOfWeek: '2025-06-14' };
    await shift(k.employee.contactId, '2025-06-10T12:00:00Z', '2025-06-10T16:00:00Z', 'Already there');
    const copied = await k.admin.call('POST', `${S}/copy-last-week`, next);
    expect(copied.body).toMatchObject({ message: 'Last week copied', data: { copied: 4, skipped: 0 } });
    const again = await k.admin.call('POST', `${S}/copy-last-week`, next);
    expect(again.body.data).toEqual({ copied: 0, skipped: 4 });
    const grid = await k.admin.get(S, { ...next });
    const night = grid.body.rows
      .find((r: { contactId: string }) => r.contactId === k.employee.contactId)
      .shifts.find((s: { shiftName: string }) => s.shiftName === 'Night');
    expect(night).toMatchObject({ startDate: '2025-06-10T02:00:00.000Z', day: '2025-06-09' });
    expect(
      (
        await k.admin.call('POST', `${S}/copy-last-week`, {
          startOfWeek: '2030-06-09',
          endOfWeek: '2030-06-15',
        })
      ).status,
    ).toBe(400);
  });

  it('keeps a dragged row order and logs every change, five at a time', async () => {
    const order = [k.second.contactId, k.employee.contactId, k.admin.contactId];
    const saved = await k.admin.call('PUT', `${S}/row-order`, { contactIds: order });
    expect(saved.body).toEqual({ success: true, message: 'Row order Updated' });
    const grid = await k.admin.get(S, { ...WEEK });
    expect(grid.body.rows.map((r: { contactId: string }) => r.contactId).slice(0, 3)).toEqual(order);
    expect((await k.employee.call('PUT', `${S}/row-order`, { contactIds: order })).status).toBe(403);
    expect((await k.admin.call('PUT', `${S}/row-order`, { contactIds: [k.intruder.contactId] })).status).toBe(
      400,
    );

    const first = await k.admin.get(`${S}/activity`);
    expect(first.body.list).toHaveLength(5);
    expect(first.body.list[0]).toMatchObject({
      action: 'schedule.reordered',
      message: 'Row order updated',
      actorName: expect.any(String),
    });
    expect(first.body.total).toBeGreaterThan(10);
    const page2 = await k.admin.get(`${S}/activity`, { skip: 5, limit: 5 });
    expect(page2.body.list[0]._id).not.toBe(first.body.list[0]._id);
    expect((await k.employee.get(`${S}/activity`)).status).toBe(403);
  });

  it('refuses other roles and other organisations', async () => {
    const body = {
      contactId: k.employee.contactId,
      shiftName: 'X',
      startDate: '2025-06-06T12:00:00Z',
      endDate: '2025-06-06T13:00:00Z',
    };
    expect((await k.employee.call('POST', S, body)).status).toBe(403);
    expect((await k.client.call('POST', S, body)).status).toBe(403);
    expect((await k.client.get(`${S}/mine`, { ...WEEK })).status).toBe(403);
    expect((await k.intruder.call('POST', S, body)).status).toBe(400);
    const grid = await k.admin.get(S, { ...WEEK });
    const id = grid.body.rows.find((r: { shifts: unknown[] }) => r.shifts.length).shifts[0]._id;
    expect((await k.intruder.call('PUT', `${S}/${id}`, { shiftName: 'Mine now' })).status).toBe(404);
    expect((await k.intruder.call('DELETE', `${S}/${id}`)).status).toBe(404);
    expect(
      (await k.intruder.get(S, { ...WEEK })).body.rows.map((r: { contactId: string }) => r.contactId),
    ).not.toContain(k.employee.contactId);
    expect((await k.employee.get(`/api/employee-shifts?${WEEK_QS}`)).status).toBe(403);
    expect((await k.admin.get(S, { startOfWeek: '2025-06-02', endOfWeek: '2025-06-08' })).status).toBe(400);
  });
});
