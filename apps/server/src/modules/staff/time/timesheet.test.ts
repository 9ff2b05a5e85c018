import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { withTenant } from '../../../db/tenant.ts';
import { endOverdueSessions, payableSessions } from '../index.ts';
import { createKit, type Kit } from '../staff.test-kit.ts';

const W = '/api/contact/workhistory';
const HOUR = 3_600_000;

describe(`the time sheet (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'America/New_York' });
  });
  afterAll(() => k.t.close());

  const manual = (body: Record<string, unknown>) =>
    k.admin.call('POST', `${W}/create-manual-workHistory`, {
      contactId: k.employee.contactId,
      reason: 'Forgot to clock in',
      ...body,
    });

  it('a manual entry across the autumn change is its real 9 hours, split on the organisation days', async () => {
    const res = await manual({
      startDate: '2025-11-01',
      startTime: '22:00',
      endDate: '2025-11-02',
      endTime: '06:00',
      breakTimes: [{ startDate: '2025-11-02', startTime: '01:30', endDate: '2025-11-02', endTime: '01:45' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Work history updated.', data: { manual: true } });
    // 22:00 EDT is 02:00Z; 06:00 EST is 11:00Z.
    expect(res.body.data.startTime).toBe('2025-11-02T02:00:00.000Z');
    expect(res.body.data.endTime).toBe('2025-11-02T11:00:00.000Z');
    expect(res.body.data.workedMs).toBe(9 * HOUR - 15 * 60_000);
    const week = await k.admin.get(`${W}/overview`, { startOfWeek: '2025-11-02', endOfWeek: '2025-11-08' });
    const row = week.body.list.find((r: { contactId: string }) => r.contactId === k.employee.contactId);
    expect(row.days[0]).toEqual({ day: '2025-11-02', workedMs: 9 * HOUR - 2 * HOUR - 15 * 60_000 });
    const before = await k.admin.get(`${W}/overview`, { startOfWeek: '2025-10-26', endOfWeek: '2025-11-01' });
    const previous = before.body.list.find(
      (r: { contactId: string }) => r.contactId === k.employee.contactId,
    );
    expect(previous.days.at(-1)).toEqual({ day: '2025-11-01', workedMs: 2 * HOUR });
    expect(previous.totalMs).toBe(2 * HOUR);
  });

  it('an edit reads the times on the organisation clock, whatever zone the manager is in, and is audited', async () => {
    const made = await manual({
      startDate: '2025-06-10',
      startTime: '09:00',
      endDate: '2025-06-10',
      endTime: '17:00',
    });
    const historyId = made.body.data.historyId as string;
    const edit = await k.admin.call('POST', `${W}/update-time-work-history`, {
      historyId,
      startDate: '2025-06-10',
      startTime: '08:30',
      reason: 'Opened early',
    });
    expect(edit.body).toMatchObject({ message: 'Time history updated.' });
    // 08:30 in New York, not in the manager's (or the server's) zone.
    expect(edit.body.data.startTime).toBe('2025-06-10T12:30:00.000Z');
    expect(edit.body.data.workedMs).toBe(8.5 * HOUR);
    const noReason = await k.admin.call('POST', `${W}/update-time-work-history`, {
      historyId,
      startDate: '2025-06-10',
      startTime: '08:00',
    });
    expect(noReason.status).toBe(400);
    const halfPoint = await k.admin.call('POST', `${W}/update-time-work-history`, {
      historyId,
      startDate: '2025-06-10',
      reason: 'x',
    });
    expect(halfPoint.body.error.message).toBe('startTime: startDate and startTime go together');
    const backwards = await k.admin.call('POST', `${W}/update-time-work-history`, {
      historyId,
      endDate: '2025-06-10',
      endTime: '07:00',
      reason: 'typo',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe('endTime: The end must be after the start');
    const trail = await k.admin.get(`${W}/edits`, { historyId });
    expect(trail.body.list.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(trail.body.list[0]).toMatchObject({
      reason: 'Opened early',
      actorName: expect.any(String),
      changes: [{ field: 'start', from: '2025-06-10T13:00:00.000Z', to: '2025-06-10T12:30:00.000Z' }],
    });
    // The creation lists what was set: an empty description is no change.
    expect(trail.body.list[1].changes.map((c: { field: string }) => c.field)).toEqual(['start', 'end']);
    // The employee reads their own trail; another employee may not.
    expect((await k.employee.get(`${W}/edits`, { historyId })).status).toBe(200);
    expect((await k.second.get(`${W}/edits`, { historyId })).status).toBe(403);
    expect(
      (
        await k.employee.call('POST', `${W}/update-time-work-history`, {
          historyId,
          description: 'x',
          reason: 'x',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses overlapping, future and inside-out manual entries', async () => {
    const overlap = await manual({
      startDate: '2025-06-10',
      startTime: '16:00',
      endDate: '2025-06-10',
      endTime: '18:00',
    });
    expect(overlap.status).toBe(409);
    const future = await manual({
      startDate: '2099-06-10',
      startTime: '09:00',
      endDate: '2099-06-10',
      endTime: '10:00',
    });
    expect(future.body.error.message).toBe('endTime: An entry cannot end in the future');
    const badBreak = await manual({
      startDate: '2025-06-11',
      startTime: '09:00',
      endDate: '2025-06-11',
      endTime: '12:00',
      breakTimes: [{ startDate: '2025-06-11', startTime: '08:00', endDate: '2025-06-11', endTime: '09:30' }],
    });
    expect(badBreak.body.error.message).toBe('breakTimes: A break must lie inside the entry');
    expect(
      (
        await manual({
          contactId: k.client.contactId,
          startDate: '2025-06-11',
          startTime: '09:00',
          endDate: '2025-06-11',
          endTime: '10:00',
        })
      ).body.error.message,
    ).toBe('contactId: is not an employee');
    expect(
      (
        await k.employee.call('POST', `${W}/create-manual-workHistory`, {
          contactId: k.employee.contactId,
          startDate: '2025-06-11',
          startTime: '09:00',
          endDate: '2025-06-11',
          endTime: '10:00',
          reason: 'x',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await k.intruder.call('POST', `${W}/create-manual-workHistory`, {
          contactId: k.employee.contactId,
          startDate: '2025-06-11',
          startTime: '09:00',
          endDate: '2025-06-11',
          endTime: '10:00',
          reason: 'x',
        })
      ).status,
    ).toBe(400);
  });

  it('deletes a break and an entry, each kept in the trail', async () => {
    const made = await manual({
      startDate: '2025-06-12',
      startTime: '09:00',
      endDate: '2025-06-12',
      endTime: '17:00',
      breakTimes: [
        {
          startDate: '2025-06-12',
          startTime: '12:00',
          endDate: '2025-06-12',
          endTime: '13:00',
          description: 'Lunch',
        },
      ],
    });
    const historyId = made.body.data.historyId as string;
    expect(made.body.data.workedMs).toBe(7 * HOUR);
    const breakId = made.body.data.breakTimes[0]._id as string;
    const gone = await k.admin.call('POST', `${W}/delete-breaktime`, {
      historyId,
      breakId,
      reason: 'Worked through lunch',
    });
    expect(gone.body).toMatchObject({
      message: 'Work history updated.',
      data: { workedMs: 8 * HOUR, breakTimes: [] },
    });
    expect((await k.admin.call('POST', `${W}/delete-breaktime`, { historyId, breakId })).status).toBe(404);
    expect((await k.employee.call('POST', `${W}/delete-breaktime`, { historyId, breakId })).status).toBe(403);
    expect((await k.employee.call('DELETE', `${W}/${historyId}`)).status).toBe(403);
    expect((await k.intruder.call('DELETE', `${W}/${historyId}`)).status).toBe(404);
    const deleted = await k.admin.call('DELETE', `${W}/${historyId}?reason=Duplicate`);
    expect(deleted.body).toEqual({ success: true, message: 'Work history deleted' });
    const trail = await k.admin.get(`${W}/edits`, { historyId });
    expect(trail.body.list.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'delete-break',
      'create',
    ]);
    expect(trail.body.list[0].reason).toBe('Duplicate');
  });

  it('shows who is working now and who worked on a day', async () => {
    const start = await k.second.call('POST', `${W}/startwork`, { description: 'Close' });
    const running = await k.admin.get(`${W}/running`);
    expect(running.body.list).toEqual([
      expect.objectContaining({
        contactId: k.second.contactId,
        onBreak: false,
        historyId: start.body.data.historyId,
      }),
    ]);
    expect((await k.employee.get(`${W}/running`)).status).toBe(403);
    expect((await k.intruder.get(`${W}/running`)).body.list).toEqual([]);
    await k.second.call('POST', `${W}/endwork`, { historyId: start.body.data.historyId });

    const day = await k.admin.get(`${W}/worked-employees`, { date: '2025-06-10' });
    expect(day.body.list).toEqual([
      expect.objectContaining({
        contactId: k.employee.contactId,
        workedMs: 8.5 * HOUR,
        entries: 1,
        lastEnd: '2025-06-10T21:00:00.000Z',
      }),
    ]);
    expect((await k.employee.get(`${W}/worked-employees`, { date: '2025-06-10' })).status).toBe(403);
    // An employee's overview is their own row only.
    const own = await k.employee.get(`${W}/overview`, { startOfWeek: '2025-06-08', endOfWeek: '2025-06-14' });
    expect(own.body.list.map((r: { contactId: string }) => r.contactId)).toEqual([k.employee.contactId]);
    expect(own.body.list[0].totalMs).toBe(8.5 * HOUR);
    // The overview lists the schedule's roster: both employees clocked in (or were given time),
    // the admin never did.
    const all = await k.admin.get(`${W}/overview`, { startOfWeek: '2025-06-08', endOfWeek: '2025-06-14' });
    expect(all.body.list.map((r: { contactId: string }) => r.contactId).sort()).toEqual(
      [k.employee.contactId, k.second.contactId].sort(),
    );
    expect(
      (await k.admin.get(`${W}/overview`, { startOfWeek: '2025-06-09', endOfWeek: '2025-06-15' })).status,
    ).toBe(400);
  });

  it('ends a session left open past the limit at start + limit, and it waits for confirmation', async () => {
    await k.admin.call('PUT', '/api/staff/settings', { autoEndHours: 10 });
    expect((await k.employee.call('PUT', '/api/staff/settings', { autoEndHours: 1 })).status).toBe(403);
    const start = await k.employee.call('POST', `${W}/startwork`, { description: 'Forgot' });
    const historyId = start.body.data.historyId as string;
    await k.employee.call('POST', `${W}/checkout`, { restDescription: 'Went home' });
    await k.query(`update work_histories set start_at = now() - interval '11 hours' where id = $1`, [
      historyId,
    ]);
    await k.query(
      `update work_histories set break_times = jsonb_set(break_times, '{0,start}', to_jsonb(to_char((start_at + interval '2 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) where id = $1`,
      [historyId],
    );
    expect(await endOverdueSessions(k.t.database.db)).toBe(1);
    expect(await endOverdueSessions(k.t.database.db)).toBe(0);
    const clock = await k.employee.get(`${W}/current`);
    expect(clock.body.session).toBeNull();
    expect(clock.body.needsConfirmation).toEqual([
      expect.objectContaining({ historyId, autoEnded: true, needsConfirmation: true }),
    ]);
    const entry = clock.body.needsConfirmation[0];
    expect(Date.parse(entry.endTime) - Date.parse(entry.startTime)).toBe(10 * HOUR);
    expect(entry.workedMs).toBe(2 * HOUR);
    expect(entry.breakTimes[0].endTime).toBe(entry.endTime);
    // Pay counts it only once confirmed: staff's rule, as payroll and tips read it.
    const payable = () =>
      withTenant(k.t.database.db, k.orgId, (tx) =>
        payableSessions(
          tx,
          k.orgId,
          { from: Date.now() - 12 * HOUR, to: Date.now(), by: 'start' },
          { contactIds: [k.employee.contactId] },
        ),
      );
    expect(await payable()).toEqual([]);
    expect((await k.second.call('POST', `${W}/confirm`, { historyId })).status).toBe(403);
    const confirmed = await k.employee.call('POST', `${W}/confirm`, { historyId });
    const [paid, ...more] = await payable();
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ contactId: k.employee.contactId, positionIds: [] });
    expect(paid!.end - paid!.start).toBe(10 * HOUR);
    expect(paid!.breaks).toHaveLength(1);
    expect(confirmed.body).toMatchObject({
      message: 'Work history confirmed',
      data: { needsConfirmation: false },
    });
    expect((await k.employee.call('POST', `${W}/confirm`, { historyId })).status).toBe(409);
    const listed = await k.admin.get(`${W}/list`, { needsConfirmation: 'true' });
    expect(listed.body.list).toEqual([]);
  });
});
