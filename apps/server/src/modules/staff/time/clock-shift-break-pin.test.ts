import { zonedWeek } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestClient, requestClient } from '../../../../test/client.ts';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../staff.test-kit.ts';

// Clocking in for the shift one is due on (web and tablet, one rule), breaks and meals with an
// optional note, and the optional punch PIN on the tablet.

const W = '/api/contact/workhistory';
const HOUR = 3_600_000;

async function pair(k: Kit): Promise<RequestClient> {
  const made = await k.admin.call('POST', '/api/device-management', { name: 'Back office' });
  const paired = await k.t.app.inject({
    method: 'POST',
    url: '/api/device-auth/pair',
    payload: { code: made.body.data.code },
  });
  return requestClient(k.t, { authorization: `Bearer ${paired.json().deviceToken}` });
}

/** A published shift of `contactId` from `start` for `hours`. */
async function publishedShift(k: Kit, contactId: string, name: string, start: number, hours: number) {
  const made = await k.admin.call('POST', '/api/employee-shifts', {
    contactId,
    shiftName: name,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + hours * HOUR).toISOString(),
  });
  expect(made.status).toBe(200);
  const [org] = await k.query<{ time_zone: string }>('select time_zone from organizations where id = $1', [
    k.orgId,
  ]);
  const week = zonedWeek(start, org!.time_zone);
  await k.admin.call('POST', '/api/employee-shifts/publish', {
    startOfWeek: week.startOfWeek,
    endOfWeek: week.endOfWeek,
  });
  return made.body.data._id as string;
}

describe(`clocking in for today's shift (${DB_KIND})`, () => {
  let k: Kit;
  let kiosk: RequestClient;
  beforeAll(async () => {
    k = await createKit();
    kiosk = await pair(k);
    await k.admin.call('PUT', '/api/contact/punchid', { contactId: k.second.contactId, punchId: '7101' });
  });
  afterAll(() => k.t.close());

  it('offers the shift under way (or starting within hours) and the next one; the web links it', async () => {
    const now = Date.now();
    const later = await publishedShift(k, k.employee.contactId, 'Late', now + 30 * HOUR, 4);
    const before = await k.employee.get(`${W}/current`);
    expect(before.body.offeredShift).toBeNull();
    expect(before.body.nextShift).toMatchObject({ _id: later, shiftName: 'Late' });

    const soon = await publishedShift(k, k.employee.contactId, 'Opening', now + HOUR, 8);
    const mine = await k.employee.get(`${W}/current`);
    expect(mine.body.offeredShift).toMatchObject({ _id: soon, shiftName: 'Opening' });
    expect(mine.body.nextShift).toMatchObject({ _id: soon });
    const started = await k.employee.call('POST', `${W}/startShiftWork`, { shiftId: soon });
    expect(started.body.data).toMatchObject({ shiftId: soon, shiftName: 'Opening' });
    const working = await k.employee.get(`${W}/current`);
    expect(working.body.offeredShift).toBeNull();
  });

  it('the tablet shows the shift and links it when clocking in', async () => {
    const shift = await publishedShift(k, k.second.contactId, 'Front desk', Date.now() - HOUR, 8);
    const status = await kiosk.get('/api/staff/time-clock/employee/7101');
    expect(status.body).toMatchObject({
      status: 'out',
      offeredShift: { _id: shift, shiftName: 'Front desk' },
    });
    const inn = await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7101', action: 'in' });
    expect(inn.status).toBe(200);
    const [row] = await k.query<{ shift_id: string; shift_name: string }>(
      'select shift_id, shift_name from work_histories where contact_id = $1 and end_at is null',
      [k.second.contactId],
    );
    expect(row).toEqual({ shift_id: shift, shift_name: 'Front desk' });

    // Breaks: a meal with a note, a plain break, the earlier client's text.
    const meal = await kiosk.call('POST', '/api/staff/time-clock/punch', {
      punchId: '7101',
      action: 'break',
      kind: 'meal',
      note: 'Sandwich',
    });
    expect(meal.status).toBe(200);
    await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7101', action: 'resume' });
    const plain = await k.second.call('POST', `${W}/checkout`, {});
    expect(plain.body.data.breakTimes[1]).toMatchObject({ kind: 'break', description: null });
    await k.second.call('POST', `${W}/endbreak`, { historyId: plain.body.data.historyId });
    const old = await k.second.call('POST', `${W}/checkout`, { restDescription: 'Coffee' });
    expect(old.body.data.breakTimes).toEqual([
      expect.objectContaining({ kind: 'meal', description: 'Sandwich' }),
      expect.objectContaining({ kind: 'break', description: null }),
      expect.objectContaining({ kind: 'break', description: 'Coffee' }),
    ]);
    const bad = await k.second.call('POST', `${W}/checkout`, { kind: 'nap' });
    expect(bad.status).toBe(400);
  });
});

describe(`the punch PIN (${DB_KIND})`, () => {
  let k: Kit;
  let kiosk: RequestClient;
  const lookUp = (body: Record<string, string>) => kiosk.call('POST', '/api/staff/time-clock/employee', body);
  beforeAll(async () => {
    k = await createKit();
    kiosk = await pair(k);
    await k.admin.call('PUT', '/api/contact/punchid', { contactId: k.employee.contactId, punchId: '7201' });
    await k.admin.call('PUT', '/api/contact/punchid', { contactId: k.second.contactId, punchId: '7202' });
  });
  afterAll(() => k.t.close());

  it('is asked for once the organisation requires it, checked hashed, and never answered', async () => {
    expect((await lookUp({ punchId: '7201' })).status).toBe(200);
    expect((await k.employee.call('PUT', '/api/staff/settings', { requirePunchPin: true })).status).toBe(403);
    const setting = await k.admin.call('PUT', '/api/staff/settings', { requirePunchPin: true });
    expect(setting.body.data.requirePunchPin).toBe(true);

    const none = await lookUp({ punchId: '7201' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('pin: Enter your PIN');
    expect((await kiosk.get('/api/staff/time-clock/employee/7201')).status).toBe(400);
    const unset = await lookUp({ punchId: '7201', pin: '1234' });
    expect(unset.status).toBe(403);
    expect(unset.body.error.message).toMatch(/^Set your PIN/);

    expect((await k.employee.call('PUT', '/api/staff/time-clock/pin', { pin: '12' })).status).toBe(400);
    const saved = await k.employee.call('PUT', '/api/staff/time-clock/pin', { pin: '4821' });
    expect(saved.body).toMatchObject({ message: 'PIN saved', data: { pinSet: true } });
    expect(JSON.stringify(saved.body)).not.toContain('4821');
    const [row] = await k.query<{ punch_pin_hash: string }>(
      'select punch_pin_hash from staff_members where contact_id = $1',
      [k.employee.contactId],
    );
    expect(row!.punch_pin_hash).toMatch(/^\$argon2id\$/);
    expect((await k.employee.get(`${W}/current`)).body.pinSet).toBe(true);

    const wrong = await lookUp({ punchId: '7201', pin: '0000' });
    expect(wrong.status).toBe(403);
    const unknown = await lookUp({ punchId: '9999', pin: '0000' });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    const right = await lookUp({ punchId: '7201', pin: '4821' });
    expect(right.body).toMatchObject({ contactId: k.employee.contactId, status: 'out' });
    expect(JSON.stringify(right.body)).not.toMatch(/argon|4821/);
    expect(
      (await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7201', action: 'in' })).status,
    ).toBe(400);
    const punched = await kiosk.call('POST', '/api/staff/time-clock/punch', {
      punchId: '7201',
      pin: '4821',
      action: 'in',
    });
    expect(punched.body).toMatchObject({ message: 'Clocked in', data: { status: 'working' } });

    // A manager sets anyone's PIN; an employee only their own.
    const bySecond = await k.second.call('PUT', `/api/staff/employees/${k.employee.contactId}/pin`, {
      pin: '1111',
    });
    expect(bySecond.status).toBe(403);
    const byAdmin = await k.admin.call('PUT', `/api/staff/employees/${k.second.contactId}/pin`, {
      pin: '55555',
    });
    expect(byAdmin.body.data).toEqual({ pinSet: true });
    expect((await lookUp({ punchId: '7202', pin: '55555' })).status).toBe(200);
    const other = await k.intruder.call('PUT', `/api/staff/employees/${k.second.contactId}/pin`, {
      pin: '1111',
    });
    expect([400, 404]).toContain(other.status);
    const cleared = await k.employee.call('PUT', '/api/staff/time-clock/pin', { pin: null });
    expect(cleared.body).toMatchObject({ message: 'PIN removed', data: { pinSet: false } });
  });

  it('wrong PINs count as misses: a tablet gets 6 a minute', async () => {
    const tablet = await pair(k);
    await k.admin.call('PUT', `/api/staff/employees/${k.second.contactId}/pin`, { pin: '55555' });
    for (let i = 0; i < 6; i++) {
      const res = await tablet.call('POST', '/api/staff/time-clock/employee', {
        punchId: '7202',
        pin: String(1000 + i),
      });
      expect(res.status).toBe(403);
    }
    const refused = await tablet.call('POST', '/api/staff/time-clock/employee', {
      punchId: '7202',
      pin: '55555',
    });
    expect(refused.status).toBe(429);
  });
});
