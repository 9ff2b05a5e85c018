import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../src/modules/contacts/contacts.test-kit.ts';
import { DB_KIND } from './helpers.ts';

// Input the database or the browser cannot take is refused up front with a 400 naming the field,
// never a 500 from the statement that would have stored it.

describe(`bad input is a 400 naming the field (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) =>
    k.t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const expectRefused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    const body = res.json() as { error: { code: string; message: string; details?: { field: string }[] } };
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.message.startsWith(`${field}: `), body.error.message).toBe(true);
    expect(body.error.details?.[0]?.field).toBe(field);
  };

  it('refuses a NUL character on the routes that need no sign-in', async () => {
    const email = 'a\u0000b@x.test';
    expectRefused(await send('POST', '/api/jwt/login', { email, password: 'password123' }), 'email');
    expectRefused(
      await send('POST', '/api/jwt/register', {
        fullName: 'Nul Person',
        email: 'nul@x.test',
        password: 'password123',
        organizationName: 'Nul\u0000Org',
      }),
      'organizationName',
    );
    expectRefused(await send('POST', '/api/auth/send-reset-code', { email }), 'email');
    expectRefused(
      await send('POST', '/api/auth/reset-password', { email, code: '123456', password: 'password123' }),
      'email',
    );
  });

  it('refuses a NUL character in a signed-in body, query, nested field and path', async () => {
    const h = k.admin.session.headers;
    expectRefused(await send('POST', '/api/contact/add', { fullName: 'A\u0000B' }, h), 'fullName');
    expectRefused(
      await send('POST', '/api/contact/add', { fullName: 'Nested', billingAddress: { city: 'x\u0000' } }, h),
      'billingAddress.city',
    );
    expectRefused(await send('GET', '/api/contact/get?search=a%00b', undefined, h), 'search');
    expectRefused(await send('PUT', '/api/tag/update/a%00b', { name: 'x' }, h), 'id');
    const before = await k.scalar('select count(*)::int as n from contacts');
    expect(before).toBeGreaterThan(0);
    expect(await k.scalar(`select count(*)::int as n from contacts where full_name like 'A%B'`)).toBe(0);
  });

  it('refuses ill-formed UTF-16 (a lone surrogate), in values and in keys', async () => {
    const h = k.admin.session.headers;
    expectRefused(await send('PUT', '/api/organization/current', { name: '\ud800x' }, h), 'name');
    expectRefused(await send('POST', '/api/contact/add', { fullName: 'ok', '\udc00': 1 }, h), '\ufffd');
    // A well-formed pair is fine.
    const ok = await send('POST', '/api/contact/add', { fullName: 'Emoji \ud83d\ude00' }, h);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses dates outside the years 1000 to 9998', async () => {
    const add = (body: Record<string, unknown>) => k.admin.call('POST', '/api/contact/add', body);
    for (const [field, value] of [
      ['lastAttendedAt', '0000-01-01T00:00:00Z'],
      ['lastContactedAt', '0999-12-31T23:59:59Z'],
      ['lastAttendedAt', '9998-12-31T23:00:00-05:00'],
      ['birthday', '9999-12-31'],
      ['birthday', '0001-01-01'],
      ['birthday', '0999-12-31'],
    ] as const) {
      const res = await add({ fullName: 'Dated', [field]: value });
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${field}: `));
    }
    const fine = await add({
      fullName: 'Dated',
      birthday: '1000-01-01',
      lastAttendedAt: '2024-05-01T10:00:00+02:00',
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data.birthday).toBe('1000-01-01');
  });

  it('rejects an imported row whose birthday is out of range, and keeps the others', async () => {
    const res = await k.admin.call('POST', '/api/contact/addBulk', {
      rows: [
        { fullName: 'Too Old', birthday: '0000-01-01' },
        { fullName: 'Fine', birthday: '1990-01-01' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['rejected', 'created']);
    expect(res.body.results[0].reason).toBe('Birthday must be in the years 1000 to 9998: "0000-01-01"');
  });

  it('refuses a device update with nothing to change', async () => {
    const made = await k.admin.call('POST', '/api/device-management', { name: 'Door' });
    const res = await k.admin.call('PUT', `/api/device-management/${made.body.data._id}`, {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toContain('Nothing to update');
  });

  it('accepts only http(s) links and our own uploads as photos and logos', async () => {
    const bad = [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      '//evil.test/x.png',
    ];
    const good = [
      'https://img.test/me.png',
      'http://img.test/me.png',
      '/api/contact-file/a/b',
      '/files/x.png',
    ];
    const user = k.admin.session.userId;
    for (const link of bad) {
      expectRefused(
        await send('POST', '/api/contact/add', { fullName: 'P', photo: link }, k.admin.session.headers),
        'photo',
      );
      expectRefused(
        await send('PUT', `/api/user/profile/${user}`, { photo: link }, k.admin.session.headers),
        'photo',
      );
      expectRefused(
        await send('PUT', '/api/organization/current', { logoLink: link }, k.admin.session.headers),
        'logoLink',
      );
    }
    for (const link of good) {
      const contact = await k.admin.call('POST', '/api/contact/add', { fullName: 'P', photo: link });
      expect(contact.status, link).toBe(200);
      expect(contact.body.data.photo).toBe(link);
      expect((await k.admin.call('PUT', `/api/user/profile/${user}`, { photo: link })).status, link).toBe(
        200,
      );
      const org = await k.admin.call('PUT', '/api/organization/current', { logoLink: link });
      expect(org.status, link).toBe(200);
      expect(org.body.logoLink).toBe(link);
    }
  });

  it('refuses a bad export query before the first byte of the file', async () => {
    const res = await send('GET', '/api/contact/export?search=a%00b', undefined, k.admin.session.headers);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.message).toMatch(/^search: /);
  });
});
