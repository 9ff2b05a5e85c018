import { isoDateInZone } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, signIn, type TestApp } from '../../test/helpers.ts';
import { DEMO_KIOSK_CODE, DEMO_PASSWORD, DEMO_PUNCH_IDS, seedDemo } from './demo.ts';

describe(`demo booking data (${DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.database)).toBe(true);
  });
  afterAll(() => t.close());

  it("pairs a kiosk with the demo code, finds the member by 0000001234 and lists today's classes", async () => {
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/device-auth/pair',
      payload: { code: DEMO_KIOSK_CODE },
    });
    expect(pair.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${pair.json().deviceToken}` };
    const member = await t.app.inject({
      method: 'GET',
      url: '/api/kiosk/contact-by-code/0000001234',
      headers,
    });
    expect(member.json().contact.fullName).toBe('Morgan Member');
    const today = isoDateInZone(Date.now(), 'America/New_York');
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/kiosk/slots?startDate=${today}&endDate=${today}&type=class`,
      headers,
    });
    const titles = slots.json().list.map((s: { bookingType: { title: string } }) => s.bookingType.title);
    expect(titles.length).toBeGreaterThanOrEqual(5);
    expect(titles).toEqual(expect.arrayContaining(['BJJ Fundamentals', 'Open Mat']));
    const admin = await signIn(t, 'admin@demo.test', DEMO_PASSWORD);
    const types = await t.app.inject({ method: 'GET', url: '/api/booking-type', headers: admin.headers });
    expect(types.json().list.map((b: { title: string }) => b.title)).toEqual([
      'BJJ Fundamentals',
      'Muay Thai',
      'Open Mat',
      'Private Lesson',
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/api/public/booking-group/demotrial' });
    expect(page.statusCode).toBe(200);

    // The demo employees clock in at the same tablet with the punch ids printed at start-up.
    expect(DEMO_PUNCH_IDS.map((p) => p.fullName)).toEqual([
      'Chris Coach',
      'Dana Diaz',
      'Eli Evans',
      'Fran Fox',
    ]);
    for (const p of DEMO_PUNCH_IDS) {
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/staff/time-clock/employee/${p.punchId}`,
        headers,
      });
      expect(found.json()).toMatchObject({ name: p.fullName });
    }
  });
});
