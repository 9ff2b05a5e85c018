import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestClient } from '../../test/client.ts';
import { createTestApp, DB_KIND, signIn, type TestApp } from '../../test/helpers.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';
import { PORTAL_DEMO_FULL_CLASS } from './portal-demo.ts';

describe(`demo member portal data (${DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(undefined, { IMPORT_WORKER: '0' });
    expect(await seedDemo(t.database)).toBe(true);
  });
  afterAll(() => t.close());

  it('the member sees upcoming classes, a full class to wait for, an open invoice and a card to pay it', async () => {
    const session = await signIn(t, 'member@demo.test', DEMO_PASSWORD);
    const member = requestClient(t, session.headers);
    const me = await member.get('/api/portal/me');
    expect(me.body.member).toMatchObject({ fullName: 'Morgan Member', code: '0000001234' });
    expect(me.body.organization).toMatchObject({ name: 'Demo Fitness', themeColor: '#7367f0' });
    const week = (await member.get('/api/portal/classes')).body.list as {
      _id: string;
      title: string;
      seatsLeft: number | null;
      startTime: string;
      started: boolean;
    }[];
    expect(week.filter((c) => !c.started).length).toBeGreaterThan(20);
    const full = week.find((c) => c.title === PORTAL_DEMO_FULL_CLASS && c.startTime === '17:00')!;
    expect(full).toMatchObject({
      seatsLeft: 0,
      waitlist: null,
      description: expect.stringContaining('Pad rounds'),
    });
    const joined = await member.call('POST', `/api/portal/classes/${full._id}/waitlist`);
    expect(joined.body.data).toMatchObject({ position: 1, length: 1 });

    const history = (await member.get('/api/portal/history')).body;
    // The booking demo also books the member into tonight's 18:00-19:00 class: once it is over
    // (after 19:00 in the organisation's zone) it is a second no-show.
    const hourThere = Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: me.body.organization.timeZone,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    const tonightOver = hourThere >= 19 ? 1 : 0;
    expect(history.counts).toEqual({ checkedIn: 2, noShow: 1 + tonightOver, lateCancel: 1 });

    const [invoice, ...more] = (await member.get('/api/portal/invoices', { status: 'due' })).body.list;
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ description: '10-class pack', amountCents: 12000 });
    const cards = (await member.get('/api/portal/cards')).body.list;
    expect(cards).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
    const paid = await member.call('POST', `/api/portal/invoices/${invoice._id}/pay`, {});
    expect(paid.body.data.status).toBe('paid');

    // A classmate signs in with the demo password too, and cancelling gives the member the seat.
    const jamie = requestClient(t, (await signIn(t, 'jamie@demo.test', DEMO_PASSWORD)).headers);
    const seat = (await jamie.get('/api/portal/bookings')).body.upcoming.find(
      (b: { slotId: string }) => b.slotId === full._id,
    );
    expect((await jamie.call('DELETE', `/api/portal/bookings/${seat._id}`)).status).toBe(200);
    expect((await member.get('/api/portal/bookings')).body.upcoming).toEqual(
      expect.arrayContaining([expect.objectContaining({ slotId: full._id, source: 'waitlist' })]),
    );
  });
});
