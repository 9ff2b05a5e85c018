import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

describe(`organisation country and check-in rules (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'primary', 'employee']);
  });
  afterAll(() => t.close());

  const call = async (email: string, method: 'GET' | 'PUT', payload?: object) => {
    const s = await signIn(t, email);
    return t.app.inject({ method, url: '/api/organization/current', headers: s.headers, payload });
  };

  it('answers the defaults: US, warn about memberships, check-in from an hour before to the end', async () => {
    const res = await call(org.emails.admin!, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      country: 'US',
      checkInRules: { membership: 'warn', window: true, opensMinutesBefore: 60, closesMinutesAfter: 0 },
    });
  });

  it('an admin sets the country and the rules, one part at a time', async () => {
    const res = await call(org.emails.admin!, 'PUT', {
      country: 'gb',
      checkInRules: { membership: 'refuse', window: true, opensMinutesBefore: 45 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      country: 'GB',
      checkInRules: { membership: 'refuse', window: true, opensMinutesBefore: 45, closesMinutesAfter: 0 },
    });
    const next = await call(org.emails.admin!, 'PUT', { checkInRules: { membership: 'warn' } });
    expect(next.json().checkInRules).toEqual({
      membership: 'warn',
      window: true,
      opensMinutesBefore: 45,
      closesMinutesAfter: 0,
    });
    expect((await call(org.emails.admin!, 'PUT', {})).json().country).toBe('GB');
  });

  it('the owner (primary account holder) may change them too; an employee may not', async () => {
    const owner = await call(org.emails.primary!, 'PUT', { checkInRules: { closesMinutesAfter: 15 } });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().checkInRules.closesMinutesAfter).toBe(15);
    const employee = await call(org.emails.employee!, 'PUT', { country: 'US' });
    expect(employee.statusCode).toBe(403);
  });

  it('refuses an unknown country and out-of-range minutes, naming the field', async () => {
    for (const [payload, field] of [
      [{ country: 'XX' }, 'country'],
      [{ checkInRules: { membership: 'maybe' } }, 'checkInRules.membership'],
      [{ checkInRules: { opensMinutesBefore: -5 } }, 'checkInRules.opensMinutesBefore'],
      [{ checkInRules: { closesMinutesAfter: 2000 } }, 'checkInRules.closesMinutesAfter'],
    ] as const) {
      const res = await call(org.emails.admin!, 'PUT', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    expect((await call(org.emails.admin!, 'GET')).json().country).toBe('GB');
  });
});
