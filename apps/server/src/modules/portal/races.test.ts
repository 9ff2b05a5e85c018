import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import {
  createClass,
  createClassType,
  createPortalKit,
  type PortalKit,
  type PortalMember,
} from './portal.test-kit.ts';

// Members racing for seats and waitlist places through the portal. Races only show on a real
// server: PGlite runs one transaction at a time.
const onPostgres = DB_KIND === 'postgres';
if (!onPostgres) {
  console.log(
    'Portal race tests skipped: they need real PostgreSQL (PGlite runs one transaction at a time); set DATABASE_URL',
  );
}

describe.skipIf(!onPostgres)('member portal under concurrent requests (postgres)', () => {
  let kit: PortalKit;
  let typeId: string;
  let day = 1;
  beforeAll(async () => {
    kit = await createPortalKit({ members: 30, env: { IMPORT_WORKER: '0' } });
    typeId = await createClassType(kit.admin, 'Spin');
  });
  afterAll(() => kit.t.close());

  /** A class on a day of its own, so the members' bookings never meet across tests. */
  const freshClass = (capacity: number) => createClass(kit.admin, typeId, { days: day++, capacity });
  const state = async (slotId: string) => {
    const [row] = await kit.sqlRows<{ booked: number; live: number; waiting: number; promoted: number }>(
      `select s.booked_count + coalesce((select sum(t.booked) from booking_slot_tallies t where t.slot_id = s.id), 0)::int as booked,
              (select count(*)::int from bookings b where b.slot_id = s.id and not b.is_deleted and b.status <> 'cancelled') as live,
              (select count(*)::int from booking_waitlist w where w.slot_id = s.id and w.status = 'waiting') as waiting,
              (select count(*)::int from booking_waitlist w where w.slot_id = s.id and w.status = 'promoted') as promoted
       from booking_slots s where s.id = $1`,
      [slotId],
    );
    return row!;
  };
  const liveHolders = async (slotId: string) =>
    (
      await kit.sqlRows<{ contact_id: string }>(
        `select contact_id from bookings where slot_id = $1 and not is_deleted and status <> 'cancelled'`,
        [slotId],
      )
    ).map((r) => r.contact_id);
  const book = (m: PortalMember, slotId: string) => m.c.call('POST', `/api/portal/classes/${slotId}/book`);
  const join = (m: PortalMember, slotId: string) =>
    m.c.call('POST', `/api/portal/classes/${slotId}/waitlist`);
  async function fill(slotId: string, holders: PortalMember[]) {
    const ids: string[] = [];
    for (const m of holders) {
      const res = await book(m, slotId);
      expect(res.status).toBe(200);
      ids.push(res.body.data._id);
    }
    return ids;
  }

  it('20 members racing for the last seat: exactly one is booked, 19 are told the class is full', async () => {
    const slot = await freshClass(5);
    await fill(slot._id, kit.members.slice(0, 4));
    const racers = kit.members.slice(4, 24);
    const answers = await Promise.all(racers.map((m) => book(m, slot._id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((a) => a.body.error.message))).toEqual(new Set(['This class is full']));
    expect(await state(slot._id)).toMatchObject({ booked: 5, live: 5 });
  });

  it('20 members joining a full class at once get places 1 to 20, each once', async () => {
    const slot = await freshClass(1);
    await fill(slot._id, kit.members.slice(0, 1));
    const joiners = kit.members.slice(1, 21);
    const answers = await Promise.all(joiners.map((m) => join(m, slot._id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // Each answer's place is its place at that moment; the final places are 1..20 in join order.
    const places = await Promise.all(joiners.map((m) => m.c.get('/api/portal/bookings')));
    const positions = places.map(
      (p) => p.body.waitlist.find((w: { slotId: string }) => w.slotId === slot._id).position,
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await state(slot._id)).waiting).toBe(20);
  });

  it('two cancellations at once promote two different people, the first two in line', async () => {
    const slot = await freshClass(2);
    const [a, b, c, d, e] = kit.members as PortalMember[];
    const [seatA, seatB] = await fill(slot._id, [a!, b!]);
    for (const m of [c!, d!, e!]) expect((await join(m, slot._id)).status).toBe(200);
    const answers = await Promise.all([
      a!.c.call('DELETE', `/api/portal/bookings/${seatA}`),
      b!.c.call('DELETE', `/api/portal/bookings/${seatB}`),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect(new Set(await liveHolders(slot._id))).toEqual(new Set([c!.contactId, d!.contactId]));
    expect(await state(slot._id)).toEqual({ booked: 2, live: 2, waiting: 1, promoted: 2 });
    const place = (await e!.c.get('/api/portal/bookings')).body.waitlist.find(
      (w: { slotId: string }) => w.slotId === slot._id,
    );
    expect(place).toMatchObject({ slotId: slot._id, position: 1, length: 1 });
  });

  it('ten cancellations at once with ten waiting: each waiting member is promoted exactly once', async () => {
    const slot = await freshClass(10);
    const holders = kit.members.slice(0, 10);
    const waiting = kit.members.slice(10, 20);
    const seats = await fill(slot._id, holders);
    for (const m of waiting) expect((await join(m, slot._id)).status).toBe(200);
    const answers = await Promise.all(
      holders.map((m, i) => m.c.call('DELETE', `/api/portal/bookings/${seats[i]}`)),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
    const live = await liveHolders(slot._id);
    expect(live).toHaveLength(10);
    expect(new Set(live)).toEqual(new Set(waiting.map((m) => m.contactId)));
    expect(await state(slot._id)).toEqual({ booked: 10, live: 10, waiting: 0, promoted: 10 });
    const entries = await kit.sqlRows<{ contact_id: string; n: number }>(
      `select contact_id, count(*)::int as n from booking_waitlist where slot_id = $1 and status = 'promoted' group by contact_id`,
      [slot._id],
    );
    expect(entries.every((r) => r.n === 1)).toBe(true);
  });

  it('cancellations, joins and leaves at once: no seat stays free while someone waits, nobody who left is booked', async () => {
    const slot = await freshClass(5);
    const holders = kit.members.slice(0, 5);
    const waiters = kit.members.slice(5, 10);
    const newcomers = kit.members.slice(10, 14);
    const seats = await fill(slot._id, holders);
    for (const m of waiters) expect((await join(m, slot._id)).status).toBe(200);
    const leavers = waiters.slice(0, 2);
    const [cancels, leaves, joins] = await Promise.all([
      Promise.all(holders.slice(0, 3).map((m, i) => m.c.call('DELETE', `/api/portal/bookings/${seats[i]}`))),
      Promise.all(leavers.map((m) => m.c.call('DELETE', `/api/portal/classes/${slot._id}/waitlist`))),
      Promise.all(newcomers.map((m) => join(m, slot._id))),
    ]);
    expect(cancels.map((x) => x.status)).toEqual([200, 200, 200]);
    for (const j of joins) expect([200, 409]).toContain(j.status);
    const s = await state(slot._id);
    expect(s.live).toBe(s.booked);
    expect(s.live <= 5).toBe(true);
    expect(s.live === 5 || s.waiting === 0).toBe(true);
    const live = new Set(await liveHolders(slot._id));
    expect(live.size).toBe(s.live);
    // A member whose leave went through (200) was never promoted; one promoted first had nothing to leave (404).
    leavers.forEach((m, i) => {
      if (leaves[i]!.status === 200) expect(live.has(m.contactId)).toBe(false);
      else expect(leaves[i]!.status).toBe(404);
    });
  });
});
