import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createKit, type Kit } from '../booking/booking.test-kit.ts';

describe(`device management and pairing (${DB_KIND})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit();
  });
  afterAll(() => kit.t.close());

  const pair = (code: string, ip = '10.0.0.1') =>
    kit.t.app.inject({ method: 'POST', url: '/api/device-auth/pair', payload: { code }, remoteAddress: ip });

  it('generates a typable code, renames, switches off and removes a device with the catalogue messages', async () => {
    const made = await kit.admin.call('POST', '/api/device-management', {});
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Device code generated');
    expect(made.body.data).toMatchObject({ name: 'Kiosk 1', isActive: true, pairedAt: null });
    expect(made.body.data.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const id = made.body.data._id;
    const second = await kit.admin.call('POST', '/api/device-management', { name: 'Back door' });
    expect(second.body.data.code).not.toBe(made.body.data.code);
    const renamed = await kit.admin.call('PUT', `/api/device-management/${id}`, { name: 'Front desk' });
    expect(renamed.body).toMatchObject({
      success: true,
      message: 'Device code updated',
      data: { name: 'Front desk' },
    });
    const list = await kit.admin.get('/api/device-management');
    expect(list.body.list.map((d: { name: string }) => d.name)).toEqual(['Front desk', 'Back door']);
    const off = await kit.admin.call('PUT', `/api/device-management/${id}`, { isActive: false });
    expect(off.body.data.isActive).toBe(false);
    expect((await pair(made.body.data.code)).statusCode).toBe(404);
    const removed = await kit.admin.call('DELETE', `/api/device-management/${id}`);
    expect(removed.body).toEqual({ success: true, message: 'Device code removed' });
    expect((await kit.admin.call('DELETE', `/api/device-management/${id}`)).body.error.message).toBe(
      'Unable to remove device',
    );
    expect(
      (await kit.admin.call('PUT', `/api/device-management/${id}`, { name: 'x' })).body.error.message,
    ).toBe('Unable to update device');
  });

  it('refuses a blank name with a 400 naming the field and writes nothing', async () => {
    const before = await kit.scalar('select count(*)::int as n from devices');
    const res = await kit.admin.call('POST', '/api/device-management', { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('name');
    expect(await kit.scalar('select count(*)::int as n from devices')).toBe(before);
  });

  it('members and employees have no device management; other organisations get 404', async () => {
    const made = await kit.admin.call('POST', '/api/device-management', { name: 'Gym floor' });
    const id = made.body.data._id;
    const before = await kit.scalar('select count(*)::int as n from devices');
    // Device codes pair tablets that clock anyone in and out: managing them is the admins' power.
    for (const res of [
      await kit.employee.get('/api/device-management'),
      await kit.employee.call('POST', '/api/device-management', { name: 'Mine' }),
      await kit.employee.call('PUT', `/api/device-management/${id}`, { isActive: false }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect(await kit.scalar('select count(*)::int as n from devices')).toBe(before);
    expect((await kit.client.get('/api/device-management')).status).toBe(403);
    expect((await kit.client.call('POST', '/api/device-management', {})).status).toBe(403);
    expect((await kit.employee.call('DELETE', `/api/device-management/${id}`)).status).toBe(403);
    expect((await kit.intruder.call('PUT', `/api/device-management/${id}`, { name: 'Mine' })).status).toBe(
      404,
    );
    expect((await kit.intruder.call('DELETE', `/api/device-management/${id}`)).status).toBe(404);
    expect((await kit.intruder.get('/api/device-management')).body.list).toEqual([]);
    expect(
      await kit.scalar(`select count(*)::int as n from devices where id = $1 and name = 'Gym floor'`, [id]),
    ).toBe(1);
  });

  it('pairs with a code in any case and answers a device credential, the device and the organisation', async () => {
    const made = await kit.admin.call('POST', '/api/device-management', { name: 'Lobby' });
    const res = await pair(` ${made.body.data.code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.device).toEqual({ _id: made.body.data._id, name: 'Lobby' });
    expect(body.organization).toMatchObject({
      _id: kit.org.id,
      name: kit.org.name,
      timeZone: 'UTC',
      logoLink: null,
    });
    expect(typeof body.deviceToken).toBe('string');
    const listed = await kit.admin.get('/api/device-management');
    const lobby = listed.body.list.find((d: { _id: string }) => d._id === made.body.data._id);
    expect(lobby.pairedAt).not.toBeNull();
    // The device credential is not a user session.
    const asUser = await kit.t.app.inject({
      method: 'GET',
      url: '/api/device-management',
      headers: { authorization: `Bearer ${body.deviceToken}`, organization: kit.org.id },
    });
    expect(asUser.statusCode).toBe(401);
    const unknown = await pair('ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Invalid device code');
    const bad = await pair('a b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('code');
  });

  it('limits pairing attempts per address', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await pair('WRONGCODE', '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    expect((await pair('WRONGCODE', '10.9.9.10')).statusCode).toBe(404);
  });
});
