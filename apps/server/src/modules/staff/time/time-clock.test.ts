import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestClient, requestClient } from '../../../../test/client.ts';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../staff.test-kit.ts';

// The time clock on a paired kiosk: punch in and out with the contact's punch id.

async function pair(k: Kit) {
  const made = await k.admin.call('POST', '/api/device-management', { name: 'Back office' });
  const paired = await k.t.app.inject({
    method: 'POST',
    url: '/api/device-auth/pair',
    payload: { code: made.body.data.code },
  });
  return {
    deviceId: made.body.data._id as string,
    kiosk: requestClient(k.t, { authorization: `Bearer ${paired.json().deviceToken}` }),
  };
}

describe(`the kiosk time clock (${DB_KIND})`, () => {
  let k: Kit;
  let kiosk: RequestClient;
  let deviceId: string;
  beforeAll(async () => {
    k = await createKit();
    ({ kiosk, deviceId } = await pair(k));
    // Numeric punch ids are stored padded to 10 digits (as PUT /api/contact/punchid saves them).
    await k.admin.call('PUT', '/api/contact/punchid', { contactId: k.employee.contactId, punchId: '7001' });
    await k.admin.call('PUT', '/api/contact/punchid', { contactId: k.client.contactId, punchId: '7002' });
  });
  afterAll(() => k.t.close());

  it('clocks an employee in, on and off a break, and out', async () => {
    expect(
      await k.scalar('select count(*)::int as n from contacts where punch_id = $1', ['0000007001']),
    ).toBe(1);
    const status = await kiosk.get('/api/staff/time-clock/employee/7001');
    expect(status.body).toMatchObject({ contactId: k.employee.contactId, status: 'out', historyId: null });
    const padded = await kiosk.get('/api/staff/time-clock/employee/0000007001');
    expect(padded.body).toMatchObject({ contactId: k.employee.contactId });
    const inn = await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7001', action: 'in' });
    expect(inn.body).toMatchObject({
      message: 'Clocked in',
      data: { status: 'working', historyId: expect.any(String) },
    });
    expect(
      (await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7001', action: 'in' })).status,
    ).toBe(409);
    const rest = await kiosk.call('POST', '/api/staff/time-clock/punch', {
      punchId: '7001',
      action: 'break',
      restDescription: 'Lunch',
    });
    expect(rest.body).toMatchObject({ message: 'Break started', data: { status: 'onBreak' } });
    const back = await kiosk.call('POST', '/api/staff/time-clock/punch', {
      punchId: '7001',
      action: 'resume',
    });
    expect(back.body).toMatchObject({ message: 'Break ended', data: { status: 'working' } });
    const out = await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7001', action: 'out' });
    expect(out.body).toMatchObject({ message: 'Clocked out', data: { status: 'out' } });
    expect(
      (await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7001', action: 'out' })).status,
    ).toBe(409);
    const entries = await k.admin.get('/api/contact/workhistory/list', { contactId: k.employee.contactId });
    expect(entries.body.list[0]).toMatchObject({
      description: 'Time clock',
      breakTimes: [expect.objectContaining({ description: 'Lunch' })],
    });
  });

  it('knows only employees, of its own organisation, while the device is active', async () => {
    expect((await kiosk.get('/api/staff/time-clock/employee/7002')).status).toBe(404);
    expect((await kiosk.get('/api/staff/time-clock/employee/9999')).status).toBe(404);
    expect((await k.employee.get('/api/staff/time-clock/employee/7001')).status).toBe(401);
    const other = await pair({ ...k, admin: k.intruder } as Kit);
    expect((await other.kiosk.get('/api/staff/time-clock/employee/7001')).status).toBe(404);
    await k.admin.call('PUT', `/api/device-management/${deviceId}`, { isActive: false });
    expect((await kiosk.get('/api/staff/time-clock/employee/7001')).status).toBe(401);
  });
});

describe(`the time clock's limits (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('PUT', '/api/contact/punchid', { contactId: k.employee.contactId, punchId: '7001' });
  });
  afterAll(() => k.t.close());

  it('refuses a tablet guessing punch ids after 6 misses a minute, and the organisation after 24', async () => {
    const { kiosk } = await pair(k);
    for (let i = 0; i < 6; i++) {
      expect((await kiosk.get(`/api/staff/time-clock/employee/${9100 + i}`)).status).toBe(404);
    }
    const refused = await kiosk.get('/api/staff/time-clock/employee/7001');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.error.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    const punch = await kiosk.call('POST', '/api/staff/time-clock/punch', { punchId: '7001', action: 'in' });
    expect(punch.status).toBe(429);
    expect(
      await k.scalar('select count(*)::int as n from work_histories where contact_id = $1', [
        k.employee.contactId,
      ]),
    ).toBe(0);

    // More tablets do not buy more guesses: the organisation's tablets share 120 units (24 misses).
    let misses = 6;
    let orgRefused = false;
    for (let d = 0; d < 4 && !orgRefused; d++) {
      const other = (await pair(k)).kiosk;
      for (let i = 0; i < 6; i++) {
        const res = await other.get(`/api/staff/time-clock/employee/${9200 + d * 10 + i}`);
        if (res.status === 429) {
          orgRefused = true;
          break;
        }
        expect(res.status).toBe(404);
        misses += 1;
      }
    }
    expect(orgRefused).toBe(true);
    expect(misses).toBeLessThanOrEqual(24);
  });
});
