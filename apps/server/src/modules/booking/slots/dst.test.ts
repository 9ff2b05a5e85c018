import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createType, type Kit } from '../booking.test-kit.ts';
import { slotInstants } from '../time.ts';

// Slot instants in America/New_York across the 2026 changes: clocks jump 02:00 → 03:00 on
// 8 March and fall back 02:00 → 01:00 on 1 November.

const NY = 'America/New_York';
const at = (date: string, start: string, end: string) => {
  const i = slotInstants(date, start, end, NY);
  return [i.startsAt.toISOString(), i.endsAt.toISOString()];
};

describe('slot instants across daylight-saving changes (unit)', () => {
  it('keeps the wall clock on both sides of the spring change', () => {
    expect(at('2026-03-07', '09:00', '10:00')).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-07T15:00:00.000Z',
    ]);
    expect(at('2026-03-08', '09:00', '10:00')).toEqual([
      '2026-03-08T13:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
    ]);
    // 01:30 EST to 03:30 EDT is one real hour.
    expect(at('2026-03-08', '01:30', '03:30')).toEqual([
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    // 02:30 does not exist that night: it moves forward to 03:30 EDT.
    expect(at('2026-03-08', '02:30', '04:00')[0]).toBe('2026-03-08T07:30:00.000Z');
    // A class ending after midnight ends on the next day.
    expect(at('2026-03-07', '23:00', '01:00')).toEqual([
      '2026-03-08T04:00:00.000Z',
      '2026-03-08T06:00:00.000Z',
    ]);
  });

  it('keeps the wall clock on both sides of the autumn change, the earlier 01:30 when it repeats', () => {
    expect(at('2026-10-31', '09:00', '10:00')).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-10-31T14:00:00.000Z',
    ]);
    expect(at('2026-11-01', '09:00', '10:00')).toEqual([
      '2026-11-01T14:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
    ]);
    expect(at('2026-11-01', '01:30', '02:30')).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
    // 00:30 to 02:30 that night lasts three hours.
    expect(at('2026-11-01', '00:30', '02:30')).toEqual([
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
  });
});

describe(`weekly schedules across daylight-saving changes (${DB_KIND})`, () => {
  let kit: Kit;
  let typeId: string;
  beforeAll(async () => {
    kit = await createKit({ timeZone: NY });
    typeId = (await createType(kit.admin, { title: 'Morning BJJ' }))._id;
  });
  afterAll(() => kit.t.close());

  // PostgreSQL reads a repeated autumn time (01:00-01:59 on 1 November) as the later instant;
  // the product takes the earlier one everywhere (server and kiosk share the rule), so that hour
  // is left out of the cross-check.
  it('agrees with PostgreSQL for every unambiguous half hour of both change days', async () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      for (let m = 0; m < 24 * 60; m += 30) {
        const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        if (date === '2026-11-01' && hhmm.startsWith('01:')) continue;
        const [row] = await kit.sqlRows<{ t: string }>(
          `select to_char((($1::date + $2::time) at time zone '${NY}') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t`,
          [date, hhmm],
        );
        const ours = slotInstants(date, hhmm, '23:59', NY).startsAt.toISOString();
        expect(ours, `${date} ${hhmm}`).toBe(row!.t);
      }
    }
  });

  const slotsOf = async (startDate: string, endDate: string) => {
    const res = await kit.admin.get('/api/booking-slot', { startDate, endDate });
    expect(res.status).toBe(200);
    return res.body.list as { date: string; startTime: string; startsAt: string; endsAt: string }[];
  };

  it('a daily 09:00 class stays at 09:00 local through the spring change', async () => {
    const made = await kit.admin.call('POST', '/api/class-schedule', {
      bookingTypeId: typeId,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      startTime: '09:00',
      endTime: '10:00',
      fromDate: '2026-03-06',
      untilDate: '2026-03-10',
      capacity: 20,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.slotsCreated).toBe(5);
    const list = await slotsOf('2026-03-06', '2026-03-10');
    expect(list.map((s) => [s.date, s.startTime, s.startsAt, s.endsAt])).toEqual([
      ['2026-03-06', '09:00', '2026-03-06T14:00:00.000Z', '2026-03-06T15:00:00.000Z'],
      ['2026-03-07', '09:00', '2026-03-07T14:00:00.000Z', '2026-03-07T15:00:00.000Z'],
      ['2026-03-08', '09:00', '2026-03-08T13:00:00.000Z', '2026-03-08T14:00:00.000Z'],
      ['2026-03-09', '09:00', '2026-03-09T13:00:00.000Z', '2026-03-09T14:00:00.000Z'],
      ['2026-03-10', '09:00', '2026-03-10T13:00:00.000Z', '2026-03-10T14:00:00.000Z'],
    ]);
  });

  it('a Sunday 00:30-02:30 class on the autumn change lasts three real hours', async () => {
    const made = await kit.admin.call('POST', '/api/class-schedule', {
      bookingTypeId: typeId,
      daysOfWeek: [0],
      startTime: '00:30',
      endTime: '02:30',
      fromDate: '2026-10-25',
      untilDate: '2026-11-08',
    });
    expect(made.body.data.slotsCreated).toBe(3);
    const list = (await slotsOf('2026-10-25', '2026-11-08')).filter((s) => s.startTime === '00:30');
    expect(list.map((s) => [s.date, s.startsAt, s.endsAt])).toEqual([
      ['2026-10-25', '2026-10-25T04:30:00.000Z', '2026-10-25T06:30:00.000Z'],
      ['2026-11-01', '2026-11-01T04:30:00.000Z', '2026-11-01T07:30:00.000Z'],
      ['2026-11-08', '2026-11-08T05:30:00.000Z', '2026-11-08T07:30:00.000Z'],
    ]);
  });

  it('moving a slot onto the change day recomputes its instants and its bookings follow', async () => {
    const slot = await kit.admin.call('POST', '/api/booking-slot', {
      bookingTypeId: typeId,
      date: '2026-10-31',
      startTime: '18:00',
      endTime: '19:00',
    });
    expect(slot.body.data.startsAt).toBe('2026-10-31T22:00:00.000Z');
    const booked = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot.body.data._id,
    });
    expect(booked.status).toBe(200);
    const moved = await kit.admin.call('PUT', `/api/booking-slot/${slot.body.data._id}`, {
      date: '2026-11-01',
    });
    expect(moved.body.message).toBe('Slot updated');
    expect(moved.body.data).toMatchObject({
      startsAt: '2026-11-01T23:00:00.000Z',
      endsAt: '2026-11-02T00:00:00.000Z',
    });
    const b = await kit.admin.get(`/api/booking/${booked.body.data._id}`);
    expect(b.body.data).toMatchObject({
      startDate: '2026-11-01T23:00:00.000Z',
      endDate: '2026-11-02T00:00:00.000Z',
    });
  });

  it("a class late in the evening belongs to the organisation's day, not UTC's", async () => {
    await kit.admin.call('POST', '/api/booking-slot', {
      bookingTypeId: typeId,
      date: '2026-11-03',
      startTime: '23:30',
      endTime: '23:59',
    });
    const day = await slotsOf('2026-11-03', '2026-11-03');
    expect(day.map((s) => [s.startTime, s.startsAt])).toEqual([['23:30', '2026-11-04T04:30:00.000Z']]);
    expect(await slotsOf('2026-11-04', '2026-11-04')).toEqual([]);
  });
});
