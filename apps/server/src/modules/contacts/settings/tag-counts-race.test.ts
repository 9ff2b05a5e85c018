import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, tagCountsAgree } from '../contacts.test-kit.ts';

// Races only show on a real server: PGlite runs one transaction at a time.
const onPostgres = DB_KIND === 'postgres';

/*
 * A tag row copies its contact's counted state when it is written (migration 0016). If another
 * transaction is moving that contact at the same moment, neither may miss the other: the tag's
 * row trigger locks the contact FOR SHARE, so it waits for the move (and reads the new state), or
 * the move waits for it (and then rewrites the committed tag row).
 */
describe.skipIf(!onPostgres)('tag counts under concurrent writes (postgres)', () => {
  let k: Kit;
  let pool: pg.Pool;
  let tag: string;
  beforeAll(async () => {
    k = await createKit();
    pool = (k.t.database.db as unknown as { $client: pg.Pool }).$client;
    tag = (await k.admin.call('POST', '/api/tag/add', { name: 'Raced' })).body.data._id;
  });
  afterAll(() => k.t.close());

  const contact = async (fullName: string) =>
    (await k.admin.call('POST', '/api/contact/add', { fullName })).body.data._id as string;
  const tagIt = (c: pg.PoolClient, id: string) =>
    c.query('insert into contact_tags (organization_id, contact_id, tag_id) values ($1, $2, $3)', [
      k.org.id,
      id,
      tag,
    ]);
  const becomeFormer = (c: pg.PoolClient, id: string) =>
    c.query('update contacts set is_former = true where organization_id = $1 and id = $2', [k.org.id, id]);
  /** Whether a query is still waiting after a while (blocked on a lock). */
  const stillWaiting = (p: Promise<unknown>) =>
    Promise.race([p.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 300))]);

  async function inTwoTransactions(work: (a: pg.PoolClient, b: pg.PoolClient) => Promise<void>) {
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      await a.query('begin');
      await b.query('begin');
      await work(a, b);
    } finally {
      // After a failed step, nothing stays open (or locked) on the pooled connections.
      await a.query('rollback').catch(() => undefined);
      await b.query('rollback').catch(() => undefined);
      a.release();
      b.release();
    }
  }

  it('a tag added while the contact moves waits for the move and copies the new state', async () => {
    const id = await contact('Moved first');
    await inTwoTransactions(async (mover, tagger) => {
      await becomeFormer(mover, id);
      const tagging = tagIt(tagger, id);
      expect(await stillWaiting(tagging)).toBe(true);
      await mover.query('commit');
      await tagging;
      await tagger.query('commit');
    });
    const { kept, counted, stale } = await tagCountsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
    expect(stale).toBe(0);
    expect(kept.find((t) => t.id === tag)).toMatchObject({ former: 1, total: 1 });
  });

  it('a move while a tag is being added waits for it and then moves the new tag row', async () => {
    const id = await contact('Tagged first');
    await inTwoTransactions(async (mover, tagger) => {
      await tagIt(tagger, id);
      const moving = becomeFormer(mover, id);
      expect(await stillWaiting(moving)).toBe(true);
      await tagger.query('commit');
      await moving;
      await mover.query('commit');
    });
    const { kept, counted, stale } = await tagCountsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
    expect(stale).toBe(0);
    expect(kept.find((t) => t.id === tag)).toMatchObject({ former: 2, total: 2 });
  });
});
