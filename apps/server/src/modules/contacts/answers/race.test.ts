import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, storedAnswers } from '../contacts.test-kit.ts';
import { refreshOrganisation } from './refresher.ts';

// Races only show on a real server: PGlite runs one transaction at a time.
const onPostgres = DB_KIND === 'postgres';

/*
 * Stored contact answers under concurrent writers (migration 0020): a writer locks the answer rows
 * it rewrites and builds the bodies in a later statement, so the last body written always sees
 * every committed change; the refresher skips rows a writer holds. Whatever the interleaving, a
 * stored answer that counts as fresh equals one built afresh.
 */
describe.skipIf(!onPostgres)('stored contact answers under concurrent writes (postgres)', () => {
  let k: Kit;

  beforeAll(async () => {
    k = await createKit(await createTestApp(undefined, { IMPORT_WORKER: '0' }));
  });
  afterAll(() => k.t.close());

  const post = async (url: string, body: object) => {
    const res = await k.admin.call('POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data._id as string;
  };

  /** Fresh stored answers that differ from a built one (always a defect), and the stale count. */
  const disagreements = async () => {
    const { wrong, stale } = await storedAnswers(k, k.org.id);
    return { wrong, stale };
  };

  it('twenty tags and ten edits of one contact at once leave its stored answer whole', async () => {
    const id = await post('/api/contact/add', { fullName: 'Raced Answer' });
    const tags = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/tag/add', { name: `Race ${String(i).padStart(2, '0')}` }),
      ),
    );
    const results = await Promise.all([
      ...tags.map((tag) =>
        k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', { ids: [id], tagIds: [tag] }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        k.admin.call('PUT', `/api/contact/update/${id}`, { plan: `Plan ${i}`, phone: `555 01${i}0` }),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await disagreements()).toEqual({ wrong: [], stale: 0 });
    const answer = (await k.admin.call('GET', `/api/contact/getById/${id}`)).body;
    expect(answer.tags).toHaveLength(20);
  });

  it('overlapping bulk tagging in different orders neither deadlocks nor loses a tag', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/api/contact/add', { fullName: `Overlap ${i}` })),
    );
    const tags = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/tag/add', { name: `Lap ${i}` })),
    );
    const shuffled = (n: number) => [...ids].sort((a, b) => (a + n).localeCompare(b + n) * (n % 2 ? 1 : -1));
    const results = await Promise.all(
      tags.map((tag, n) =>
        k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', { ids: shuffled(n), tagIds: [tag] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await disagreements()).toEqual({ wrong: [], stale: 0 });
    const listed = (await k.admin.get('/api/contact/get-multi-by-id', { ids: ids.join(',') })).body.list;
    expect(listed.every((c: { tags: unknown[] }) => c.tags.length === 8)).toBe(true);
  });

  it('the refresher beside writers never stores an answer that misses their changes', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/contact/add', { fullName: `Refresh ${i}` })),
    );
    const tag = await post('/api/tag/add', { name: 'Mid-refresh' });
    for (let round = 0; round < 3; round++) {
      await k.t.database.query('update contact_answers set epoch = -1 where organization_id = $1', [
        k.org.id,
      ]);
      await k.t.database.query('select contact_answers_need_refresh($1)', [k.org.id]);
      const writes = ids.flatMap((id, i) =>
        i % 2
          ? [k.admin.call('PUT', `/api/contact/update/${id}`, { plan: `Round ${round}` })]
          : [k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', { ids: [id], tagIds: [tag] })],
      );
      const [refreshed, ...done] = await Promise.all([
        refreshOrganisation(k.t.database.db, k.org.id),
        ...writes,
      ]);
      expect(done.map((r) => r.status)).toEqual(done.map(() => 200));
      expect(refreshed).toBeGreaterThanOrEqual(0);
      expect((await disagreements()).wrong).toEqual([]);
      await refreshOrganisation(k.t.database.db, k.org.id);
      expect(await disagreements()).toEqual({ wrong: [], stale: 0 });
    }
  });
});
