import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';
import { resetCodeSender } from './reset-mail.ts';

describe(`password reset by e-mailed code (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'client', 'employee']);
  });
  afterAll(() => t.close());

  // The code is made and mailed after the answer (reset-mail.ts): wait for that work first.
  const codeFrom = async (to: string) => {
    await resetCodeSender(t.app.services).idle();
    const mail = [...t.mailer.recent].reverse().find((m) => m.to === to);
    return mail?.text.match(/code is (\d{6})/)?.[1];
  };

  it('sends a 6-digit code, accepts it once, and ends old sessions', async () => {
    const email = org.emails.client!;
    const session = await signIn(t, email);
    const send = await t.app.inject({ method: 'POST', url: '/api/auth/send-reset-code', payload: { email } });
    expect(send.statusCode).toBe(200);
    const code = await codeFrom(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code: wrongCode, password: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The code is invalid or has expired',
    });
    // A wrong code changes nothing: the old password still signs in.
    await expect(signIn(t, email, 'password123')).resolves.toBeTruthy();

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code, password: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code, password: 'another-pass-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('BAD_REQUEST');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/refresh-token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signIn(t, email, 'password123')).rejects.toThrow();
    await expect(signIn(t, email, 'brand-new-pass')).resolves.toBeTruthy();
  });

  it('locks a code after 5 wrong tries and leaves the password as it was', async () => {
    const email = org.emails.admin!;
    await t.app.inject({ method: 'POST', url: '/api/auth/send-reset-code', payload: { email } });
    const code = (await codeFrom(email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email, code: wrong, password: 'xxxxxxxx1' },
      });
      tries.push([r.statusCode, r.json().error.code]);
    }
    expect(tries).toEqual(Array(5).fill([400, 'BAD_REQUEST']));
    const [row] = await t.database.query<{ attempts: number }>(
      `select c.attempts from password_reset_codes c join users u on u.id = c.user_id
       where u.email = $1 order by c.created_at desc limit 1`,
      [email],
    );
    expect(row!.attempts).toBe(5);
    // The sixth try, with the right code, is refused like a wrong one...
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code, password: 'xxxxxxxx1' },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The code is invalid or has expired',
    });
    // ...and the password is unchanged.
    await expect(signIn(t, email, 'xxxxxxxx1')).rejects.toThrow(/401/);
    await expect(signIn(t, email, 'password123')).resolves.toBeTruthy();
  });

  it('counts each try before comparing: 20 parallel wrong codes use up exactly the 5 tries', async () => {
    const email = org.emails.employee!;
    await t.app.inject({ method: 'POST', url: '/api/auth/send-reset-code', payload: { email } });
    const code = (await codeFrom(email))!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // From 20 addresses, so the per-address guard does not hide the per-code limit.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email, code: wrong(i), password: 'raced-pass-1' },
          remoteAddress: `10.1.2.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(400));
    const [row] = await t.database.query<{ attempts: number }>(
      `select c.attempts from password_reset_codes c join users u on u.id = c.user_id
       where u.email = $1 order by c.created_at desc limit 1`,
      [email],
    );
    expect(row!.attempts).toBe(5);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code, password: 'raced-pass-1' },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('BAD_REQUEST');
    await expect(signIn(t, email, 'raced-pass-1')).rejects.toThrow(/401/);
    await expect(signIn(t, email, 'password123')).resolves.toBeTruthy();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.mailer.recent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-reset-code',
      payload: { email: 'nobody@example.test' },
    });
    expect(res.statusCode).toBe(200);
    await resetCodeSender(t.app.services).idle();
    expect(t.mailer.recent.length).toBe(before);
  });

  it('limits code requests', async () => {
    const email = 'flood@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/send-reset-code', payload: { email } });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
