import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createSlot, createType, type Kit, pairKiosk } from '../booking.test-kit.ts';

describe(`calendar, calendar settings and theme settings (${DB_KIND})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit();
  });
  afterAll(() => kit.t.close());

  it('lists classes, appointments and events of a range in their colours, by filter', async () => {
    const cls = await createType(kit.admin, { title: 'Muay Thai', color: 'Grape' });
    const appt = await createType(kit.admin, { title: 'Private', kind: 'other', color: 'Default' });
    const slot = await createSlot(kit.admin, cls._id, {
      date: '2030-07-02',
      startTime: '18:00',
      endTime: '19:00',
      capacity: 8,
    });
    const mine = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingType: appt._id,
      startDate: '2030-07-03T10:00:00Z',
      endDate: '2030-07-03T11:00:00Z',
    });
    const staffContact = kit.org.members[kit.org.emails.employee!]!.contactId;
    await kit.admin.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingType: appt._id,
      startDate: '2030-07-03T12:00:00Z',
      endDate: '2030-07-03T13:00:00Z',
    });
    const event = await kit.admin.call('POST', '/api/apps/calendar/add-event', {
      title: 'Open house',
      start: '2030-07-04T00:00:00Z',
      end: '2030-07-05T00:00:00Z',
      allDay: true,
      colorName: 'Peacock',
    });
    expect(event.status).toBe(200);
    expect(event.body.data).toMatchObject({ title: 'Open house', colorName: 'Peacock', color: '#039BE5' });

    const all = await kit.admin.get('/api/calendar/events', { start: '2030-07-01', end: '2030-07-07' });
    expect(all.status).toBe(200);
    expect(all.body.list.map((i: { kind: string; title: string }) => [i.kind, i.title])).toEqual([
      ['class', 'Muay Thai'],
      ['appointment', expect.stringContaining('Private: client')],
      ['appointment', expect.stringContaining('Private: employee')],
      ['event', 'Open house'],
    ]);
    expect(all.body.list[0]).toMatchObject({
      id: `class:${slot._id}`,
      calendar: 'Classes',
      colorName: 'Grape',
      color: '#8E24AA',
      start: slot.startsAt,
      extendedProps: { capacity: 8, bookedCount: 0, attendedSlots: 0 },
    });
    expect(all.body.list[1]).toMatchObject({
      colorName: 'Default',
      color: '#7367f0',
      sourceId: mine.body.data._id,
    });
    const classes = await kit.admin.get('/api/calendar/events', {
      start: '2030-07-01',
      end: '2030-07-07',
      filters: 'Classes',
    });
    expect(classes.body.list.map((i: { kind: string }) => i.kind)).toEqual(['class']);
    const some = await kit.admin.get('/api/calendar/events', {
      start: '2030-07-01T00:00:00Z',
      end: '2030-07-03T11:30:00Z',
      filters: 'Appointments,Events',
    });
    expect(some.body.list.map((i: { kind: string }) => i.kind)).toEqual(['appointment']);
    // A member sees every class and event, but only their own appointments.
    const member = await kit.client.get('/api/calendar/events', { start: '2030-07-01', end: '2030-07-07' });
    expect(member.body.list.map((i: { kind: string }) => i.kind)).toEqual(['class', 'appointment', 'event']);
    expect(member.body.list[1].extendedProps.contactId).toBe(kit.memberContactId);
    // The other organisation sees none of it.
    expect(
      (await kit.intruder.get('/api/calendar/events', { start: '2030-07-01', end: '2030-07-07' })).body.list,
    ).toEqual([]);
  });

  it('refuses bad ranges and filters with a 400 naming the field', async () => {
    for (const [q, field] of [
      [{ start: '2030-07-07', end: '2030-07-01' }, 'end'],
      [{ start: '2030-01-01', end: '2031-01-01' }, 'end'],
      [{ start: 'soon', end: '2030-07-01' }, 'start'],
      [{ start: '2030-07-01', end: '2030-07-02', filters: 'Parties' }, 'filters'],
    ] as const) {
      const res = await kit.admin.get('/api/calendar/events', q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
  });

  it('calendar events: add, update, list, remove; members read only; other organisations get 404', async () => {
    const made = await kit.admin.call('POST', '/api/apps/calendar/add-event', {
      title: 'Seminar',
      start: '2030-08-01T10:00:00Z',
      end: '2030-08-01T12:00:00Z',
    });
    const id = made.body.data._id;
    const upd = await kit.admin.call('POST', '/api/apps/calendar/update-event', {
      _id: id,
      colorName: 'Sage',
    });
    expect(upd.body).toMatchObject({
      message: 'Event updated',
      data: { colorName: 'Sage', title: 'Seminar' },
    });
    const backwards = await kit.admin.call('POST', '/api/apps/calendar/update-event', {
      _id: id,
      end: '2030-08-01T09:00:00Z',
    });
    expect(backwards.status).toBe(400);
    const list = await kit.client.get('/api/apps/calendar/events', {
      start: '2030-08-01',
      end: '2030-08-01',
    });
    expect(list.body.list.map((e: { _id: string }) => e._id)).toEqual([id]);
    expect(
      (
        await kit.client.call('POST', '/api/apps/calendar/add-event', {
          title: 'x',
          start: '2030-08-01T10:00:00Z',
          end: '2030-08-01T11:00:00Z',
        })
      ).status,
    ).toBe(403);
    expect(
      (await kit.intruder.call('POST', '/api/apps/calendar/update-event', { _id: id, title: 'Mine' })).status,
    ).toBe(404);
    expect((await kit.intruder.call('DELETE', `/api/apps/calendar/remove-event?id=${id}`)).status).toBe(404);
    const gone = await kit.admin.call('DELETE', `/api/apps/calendar/remove-event?id=${id}`);
    expect(gone.body).toEqual({ success: true, message: 'Event deleted' });
  });

  it('calendar settings: defaults, partial saves, validation, admin only', async () => {
    const first = await kit.client.get('/api/calender-setting');
    expect(first.body).toEqual({
      weekStart: 0,
      slotDurationMinutes: 30,
      dayStartTime: '06:00',
      dayEndTime: '22:00',
      defaultView: 'timeGridWeek',
      defaultCapacity: null,
      publicBookingDays: 14,
      cancelCutoffMinutes: 0,
      timeZone: 'UTC',
    });
    const saved = await kit.admin.call('PUT', '/api/calender-setting', {
      slotDurationMinutes: 15,
      defaultCapacity: 20,
    });
    expect(saved.body).toMatchObject({
      success: true,
      message: 'Saved',
      data: { slotDurationMinutes: 15, defaultCapacity: 20, weekStart: 0 },
    });
    const again = await kit.admin.call('PUT', '/api/calender-setting', { dayStartTime: '07:00' });
    expect(again.body.data).toMatchObject({ dayStartTime: '07:00', slotDurationMinutes: 15 });
    const bad = await kit.admin.call('PUT', '/api/calender-setting', { dayEndTime: '05:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('dayEndTime');
    expect((await kit.admin.call('PUT', '/api/calender-setting', { slotDurationMinutes: 7 })).status).toBe(
      400,
    );
    expect((await kit.client.call('PUT', '/api/calender-setting', { weekStart: 1 })).status).toBe(403);
    expect((await kit.employee.call('PUT', '/api/calender-setting', { weekStart: 1 })).status).toBe(403);
    expect((await kit.intruder.get('/api/calender-setting')).body.slotDurationMinutes).toBe(30);
  });

  it('theme settings: defaults, colour checks, whitespace collapsed, the kiosk reads what was saved', async () => {
    expect((await kit.client.get('/api/theme-setting/booking')).body).toEqual({
      type: 'solid',
      color: 'orange',
    });
    expect((await kit.employee.get('/api/theme-setting/self-check-in')).body).toEqual({
      type: 'gradient',
      color: 'linear-gradient(45deg, #1E90FF, #87CEEB)',
    });
    const solid = await kit.admin.call('PUT', '/api/theme-setting/booking', {
      type: 'solid',
      color: ' #abc ',
    });
    expect(solid.body).toEqual({ success: true, message: 'Saved', data: { type: 'solid', color: '#abc' } });
    expect(
      (await kit.admin.call('PUT', '/api/theme-setting/booking', { type: 'solid', color: 'Tomato' })).body
        .data.color,
    ).toBe('tomato');
    const grad = await kit.admin.call('PUT', '/api/theme-setting/self-check-in', {
      type: 'gradient',
      color: 'linear-gradient(45deg,\n  #112233 ,   #445566)',
    });
    expect(grad.body.data).toEqual({ type: 'gradient', color: 'linear-gradient(45deg, #112233, #445566)' });
    for (const body of [
      { type: 'solid', color: '#abcd' },
      { type: 'solid', color: 'pink' },
      { type: 'gradient', color: 'linear-gradient(90deg, #112233, #445566)' },
      { type: 'gradient', color: 'linear-gradient(45deg, #123, #445566)' },
      { type: 'plaid', color: '#abc' },
    ]) {
      const res = await kit.admin.call('PUT', '/api/theme-setting/self-check-in', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/color|type/);
    }
    const { kiosk } = await pairKiosk(kit);
    expect((await kiosk.get('/api/kiosk/theme')).body).toEqual({
      type: 'gradient',
      color: 'linear-gradient(45deg, #112233, #445566)',
    });
    expect(
      (await kit.employee.call('PUT', '/api/theme-setting/booking', { type: 'solid', color: '#fff' })).status,
    ).toBe(403);
    expect(
      (await kit.client.call('PUT', '/api/theme-setting/booking', { type: 'solid', color: '#fff' })).status,
    ).toBe(403);
    expect((await kit.client.get('/api/theme-setting/self-check-in')).status).toBe(403);
    // Another organisation's admin saves only their own.
    await kit.intruder.call('PUT', '/api/theme-setting/booking', { type: 'solid', color: '#000' });
    expect((await kit.admin.get('/api/theme-setting/booking')).body.color).toBe('tomato');
  });
});
