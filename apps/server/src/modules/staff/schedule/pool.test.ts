import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../staff.test-kit.ts';

const S = '/api/employee-shifts';
const P = `${S}/pool`;
// A week well in the future, so its shifts can still be offered.
const WEEK = { startOfWeek: '2030-06-02', endOfWeek: '2030-06-08' };

describe(`the shift pool (${DB_KIND})`, () => {
  let k: Kit;
  let shiftId: string;
  let poolId: string;
  beforeAll(async () => {
    k = await createKit();
    const made = await k.admin.call('POST', S, {
      contactId: k.employee.contactId,
      shiftName: 'Saturday close',
      startDate: '2030-06-08T16:00:00Z',
      endDate: '2030-06-08T23:00:00Z',
    });
    shiftId = made.body.data._id;
  });
  afterAll(() => k.t.close());

  it('an employee offers a published shift of theirs, only that', async () => {
    expect((await k.employee.call('POST', P, { shiftId })).body.error.message).toBe(
      'Only a published shift can be offered',
    );
    await k.admin.call('POST', `${S}/publish`, WEEK);
    expect((await k.second.call('POST', P, { shiftId })).status).toBe(403);
    const offer = await k.employee.call('POST', P, { shiftId, note: 'Family dinner' });
    expect(offer.body).toMatchObject({
      message: 'Shift offered',
      data: {
        shiftId,
        status: 'offered',
        note: 'Family dinner',
        offeredBy: { contactId: k.employee.contactId },
        shift: { shiftName: 'Saturday close', day: '2030-06-08' },
        bids: [],
        trades: [],
      },
    });
    poolId = offer.body.data.shiftPoolId;
    expect(offer.body.data._id).toBe(poolId);
    expect((await k.employee.call('POST', P, { shiftId })).status).toBe(409);
    const mine = await k.employee.get(`${S}/mine`, WEEK);
    expect(mine.body.shifts[0]).toMatchObject({ _id: shiftId, onOffer: true });
  });

  it('others bid and may cancel their bid; the offerer may not bid', async () => {
    expect((await k.employee.call('POST', `${P}/${poolId}/bid`, {})).status).toBe(400);
    const bid = await k.second.call('POST', `${P}/${poolId}/bid`, {});
    expect(bid.body).toMatchObject({
      message: 'Bid placed',
      data: { bids: [{ contactId: k.second.contactId, status: 'active' }] },
    });
    const cancelled = await k.second.call('POST', `${P}/${poolId}/cancel-bid`, {});
    expect(cancelled.body).toMatchObject({
      message: 'Bid cancelled',
      data: { bids: [{ status: 'cancelled' }] },
    });
    expect((await k.second.call('POST', `${P}/${poolId}/cancel-bid`, {})).status).toBe(404);
    expect(
      (await k.admin.call('POST', `${P}/${poolId}/accept-trade`, { contactId: k.second.contactId })).status,
    ).toBe(400);
    await k.second.call('POST', `${P}/${poolId}/bid`, {});
    const listed = await k.second.get(P);
    expect(listed.body.list).toHaveLength(1);
    expect((await k.client.get(P)).status).toBe(403);
    expect((await k.intruder.get(P)).body.list).toEqual([]);
    expect((await k.intruder.call('POST', `${P}/${poolId}/bid`, {})).status).toBe(404);
  });

  it('a manager accepts the trade: the shift moves, everyone involved is e-mailed, a second accept loses', async () => {
    expect(
      (await k.second.call('POST', `${P}/${poolId}/accept-trade`, { contactId: k.second.contactId })).status,
    ).toBe(403);
    const sent = k.t.mailer.recent.length;
    const accepted = await k.admin.call('POST', `${P}/${poolId}/accept-trade`, {
      contactId: k.second.contactId,
    });
    expect(accepted.body).toMatchObject({
      message: 'Trade accepted',
      data: {
        status: 'traded',
        bids: [{ contactId: k.second.contactId, status: 'accepted' }],
        trades: [
          {
            from: { contactId: k.employee.contactId },
            to: { contactId: k.second.contactId },
            acceptedBy: expect.any(String),
          },
        ],
      },
    });
    const mails = k.t.mailer.recent.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([k.employee.email, k.second.email].sort());
    expect((await k.employee.get(`${S}/mine`, WEEK)).body.shifts).toEqual([]);
    expect((await k.second.get(`${S}/mine`, WEEK)).body.shifts).toEqual([
      expect.objectContaining({ _id: shiftId, onOffer: false }),
    ]);
    const grid = await k.admin.get(S, WEEK);
    const row = grid.body.rows.find((r: { contactId: string }) => r.contactId === k.second.contactId);
    expect(row.shifts[0]).toMatchObject({ _id: shiftId, state: 'published' });
    const again = await k.admin.call('POST', `${P}/${poolId}/accept-trade`, {
      contactId: k.second.contactId,
    });
    expect(again.status).toBe(409);
    const before = k.t.mailer.recent.length;
    const notified = await k.admin.call('POST', `${P}/${poolId}/trade-notify`);
    expect(notified.body).toMatchObject({ message: 'Notification sent', data: { sent: 2 } });
    expect(k.t.mailer.recent.length).toBe(before + 2);
    expect((await k.second.call('POST', `${P}/${poolId}/trade-notify`)).status).toBe(403);
    const all = await k.admin.get(P, { status: 'all' });
    expect(all.body.list[0].status).toBe('traded');
    expect((await k.admin.get(P)).body.list).toEqual([]);
  });

  it('an offer can be withdrawn, and a trade refused when the taker is busy then', async () => {
    const busy = await k.admin.call('POST', S, {
      contactId: k.employee.contactId,
      shiftName: 'Overlapping',
      startDate: '2030-06-08T20:00:00Z',
      endDate: '2030-06-08T23:30:00Z',
    });
    expect(busy.status).toBe(200);
    const other = await k.admin.call('POST', S, {
      contactId: k.second.contactId,
      shiftName: 'Friday',
      startDate: '2030-06-07T16:00:00Z',
      endDate: '2030-06-07T20:00:00Z',
    });
    await k.admin.call('POST', `${S}/publish`, WEEK);
    // The traded shift goes back in the pool; the first owner, now busy then, bids but cannot take it.
    const offer = await k.second.call('POST', P, { shiftId });
    await k.employee.call('POST', `${P}/${offer.body.data._id}/bid`, {});
    const refused = await k.admin.call('POST', `${P}/${offer.body.data._id}/accept-trade`, {
      contactId: k.employee.contactId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This shift overlaps Overlapping of the same employee');
    const withdrawn = await k.second.call('DELETE', `${P}/${offer.body.data._id}`);
    expect(withdrawn.body).toMatchObject({ message: 'Offer withdrawn', data: { status: 'withdrawn' } });
    const friday = await k.second.call('POST', P, { shiftId: other.body.data._id });
    const before = k.t.mailer.recent.length;
    const told = await k.second.call('POST', `${P}/${friday.body.data._id}/trade-notify`);
    expect(told.body.data.sent).toBe(1);
    expect(k.t.mailer.recent.slice(before).map((m) => m.to)).toEqual([k.employee.email]);
  });
});
