import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { MemoryRateLimiter, RedisRateLimiter } from '../../lib/rate-limiter.ts';
import { type Client, createKit, type Kit, pairKiosk, setPunchId } from '../booking/booking.test-kit.ts';
import { budgetFromEnv, KIOSK_LOOKUP_BUDGET, KioskLookupLimit } from './lookup-limit.ts';
import { KIOSK_MISSES_ACTION, KioskMissLog, type MissEntry } from './miss-log.ts';

const MINUTE = 60_000;

describe('kiosk lookup budget', () => {
  const at = (now: number) => new KioskLookupLimit(new MemoryRateLimiter(() => now), { now: () => now });
  const start = 1_700_000_080_000; // 40 s into a minute

  it('lets 26 members a minute through by card, then refuses until the minute ends', async () => {
    const limit = at(start);
    for (let i = 0; i < 26; i++) {
      const turn = await limit.lookup('d1');
      expect(turn.allowed, `lookup ${i + 1}`).toBe(true);
      limit.found(turn);
    }
    expect(await limit.lookup('d1')).toEqual({ allowed: false, resetMs: 20_000 });
    // Another kiosk has its own budget.
    expect((await limit.lookup('d2')).allowed).toBe(true);
  });

  it('gives a guesser 6 tries a minute: a miss costs five lookups that found someone', async () => {
    const limit = at(start);
    for (let i = 0; i < 6; i++) expect((await limit.lookup('d1')).allowed).toBe(true);
    expect((await limit.lookup('d1')).allowed).toBe(false);
    // Found or not, a member's card after the guesses waits for the next minute too.
    expect((await at(start).lookup('d1')).allowed).toBe(true);
  });

  it('counts guesses sent all at once before any of them is answered', async () => {
    const limit = at(start);
    const turns = await Promise.all(Array.from({ length: 40 }, () => limit.lookup('d1')));
    expect(turns.filter((t) => t.allowed)).toHaveLength(6);
  });

  it('a few typos leave room for the queue behind them; a name search costs one unit', async () => {
    const limit = at(start);
    for (let i = 0; i < 3; i++) expect((await limit.lookup('d1')).allowed).toBe(true); // 15 units
    for (let i = 0; i < 5; i++) expect((await limit.search('d1')).allowed).toBe(true); // 20
    for (let i = 0; i < 6; i++) {
      const turn = await limit.lookup('d1');
      expect(turn.allowed).toBe(true);
      limit.found(turn);
    } // 26, with the next lookup counted as a miss until it has found someone: 31
    expect((await limit.lookup('d1')).allowed).toBe(false);
    expect((await limit.search('d1')).allowed).toBe(false);
  });

  it('starts afresh each minute', async () => {
    let now = start;
    const limit = new KioskLookupLimit(new MemoryRateLimiter(() => now), { now: () => now });
    for (let i = 0; i < 6; i++) await limit.lookup('d1');
    expect((await limit.lookup('d1')).allowed).toBe(false);
    now += 20_000;
    expect((await limit.lookup('d1')).allowed).toBe(true);
  });

  it('the budget can be raised for load tests only through KIOSK_LOOKUP_BUDGET', () => {
    expect(budgetFromEnv({})).toBe(KIOSK_LOOKUP_BUDGET);
    expect(budgetFromEnv({ KIOSK_LOOKUP_BUDGET: '100000' })).toBe(100_000);
    expect(() => budgetFromEnv({ KIOSK_LOOKUP_BUDGET: 'lots' })).toThrow(/KIOSK_LOOKUP_BUDGET/);
    expect(() => budgetFromEnv({ KIOSK_LOOKUP_BUDGET: '0' })).toThrow(/KIOSK_LOOKUP_BUDGET/);
  });

  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) console.log('Kiosk lookup budget over Redis skipped: REDIS_URL is not set');
  it.skipIf(!redisUrl)('holds across API processes through Redis', async () => {
    const a = new RedisRateLimiter(redisUrl!);
    const b = new RedisRateLimiter(redisUrl!);
    try {
      const device = `test-${randomBytes(6).toString('hex')}`;
      const now = () => start;
      const one = new KioskLookupLimit(a, { now });
      const two = new KioskLookupLimit(b, { now });
      for (let i = 0; i < 3; i++) expect((await one.lookup(device)).allowed).toBe(true);
      for (let i = 0; i < 3; i++) expect((await two.lookup(device)).allowed).toBe(true);
      expect((await one.lookup(device)).allowed).toBe(false);
      expect((await two.lookup(device)).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('kiosk misses in the audit log', () => {
  const quiet = { error: () => undefined };

  it('one entry per device per window, with the count, however many misses', async () => {
    const written: MissEntry[] = [];
    const log = new KioskMissLog(async (e) => void written.push(e), quiet, 30);
    for (let i = 0; i < 500; i++) log.miss('org', 'd1');
    log.refused('org', 'd1');
    log.miss('org', 'd2');
    expect(written).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(written.map((e) => [e.deviceId, e.misses, e.refused])).toEqual([
      ['d1', 500, 1],
      ['d2', 1, 0],
    ]);
    log.miss('org', 'd1');
    await log.flush();
    expect(written).toHaveLength(3);
  });

  it('a failed write is logged, not thrown', async () => {
    const errors: unknown[] = [];
    const log = new KioskMissLog(
      () => Promise.reject(new Error('database down')),
      { error: (obj) => errors.push(obj) },
      MINUTE,
    );
    log.miss('org', 'd1');
    await log.flush();
    expect(errors).toHaveLength(1);
  });
});

/** Waits out the end of the minute when a test's requests could straddle two windows. */
async function awayFromMinuteEnd(ms: number) {
  const left = MINUTE - (Date.now() % MINUTE);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}

describe(`a kiosk guessing codes (${DB_KIND})`, () => {
  let kit: Kit;
  let guesser: Client;
  let guesserId: string;
  let guesserToken: string;
  let desk: Client;
  beforeAll(async () => {
    kit = await createKit();
    ({ kiosk: guesser, deviceId: guesserId, token: guesserToken } = await pairKiosk(kit));
    ({ kiosk: desk } = await pairKiosk(kit));
    await setPunchId(kit, kit.memberContactId, '0000001234');
  });
  afterAll(async () => {
    await kit.t.app.close();
    await kit.t.database.close();
  });

  it('is refused with 429 in the error shape and a retry time after 6 misses; other kiosks go on', async () => {
    await awayFromMinuteEnd(10_000);
    for (let i = 0; i < 6; i++) {
      const res = await guesser.get(`/api/kiosk/contact-by-code/${String(5_550_000_000 + i)}`);
      expect(res.status, `guess ${i + 1}`).toBe(200);
      expect(res.body).toEqual({ contact: null });
    }
    const refused = await kit.t.app.inject({
      method: 'GET',
      url: '/api/kiosk/contact-by-code/0000001234',
      headers: { authorization: `Bearer ${guesserToken}` },
    });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Try again in 1 minute.',
        details: { retryAfterSeconds: seconds },
      },
    });
    const search = await guesser.get('/api/kiosk/contacts/search', { q: 'client' });
    expect(search.status).toBe(429);
    // The front desk's kiosk still finds its members.
    const found = await desk.get('/api/kiosk/contact-by-code/0000001234');
    expect(found.status).toBe(200);
    expect(found.body.contact._id).toBe(kit.memberContactId);
  });

  it('a member scanning their card again and again is never refused', async () => {
    // A new minute part-way only gives it a fresh budget.
    const { kiosk } = await pairKiosk(kit);
    for (let i = 0; i < 20; i++) {
      const res = await kiosk.get('/api/kiosk/contact-by-code/0000001234');
      expect(res.status, `scan ${i + 1}`).toBe(200);
    }
  });

  it("a new member's generated code finds them at the kiosk", async () => {
    const made = await kit.admin.call('POST', '/api/contact/add', {
      fullName: 'New Member',
      contactTypeId: kit.org.contactTypeIds.client,
    });
    expect(made.body.data.punchId).toMatch(/^[1-9]\d{9}$/);
    const res = await desk.get(`/api/kiosk/contact-by-code/${made.body.data.punchId}`);
    expect(res.body.contact._id).toBe(made.body.data._id);
  });

  it('writes the misses to the audit log as one entry per device, once the minute is over', async () => {
    await kit.t.app.close(); // writes what is still being counted
    const entries = await kit.t.database.query<{ entity_id: string; data: Record<string, unknown> }>(
      'select entity_id, data from audit_log where organization_id = $1 and action = $2',
      [kit.org.id, KIOSK_MISSES_ACTION],
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity_id: guesserId, data: { misses: 6, refused: 2 } });
  });
});
