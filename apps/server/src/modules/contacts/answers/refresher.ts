import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenant.ts';
import { NO_ID } from '../../../lib/ids.ts';
import { PeriodicJob } from '../../../lib/periodic-job.ts';
import { rows } from '../../../lib/sql.ts';

// The refresher: rewrites stored contact answers that went stale (contact_answers, migration
// 0020). Bodies go stale all at once when a name they show is renamed (the organisation's epoch
// moves on), a few thousand at a time when one statement changes that many contacts, and all of
// them once after the migration that added them. Readers build stale answers themselves meanwhile,
// so nothing waits for this: it only brings the lists back to reading stored text.
//
// Each batch is its own short transaction in the organisation's tenant context: it locks a batch
// of stale rows with SKIP LOCKED (a row some writer holds is that writer's to rewrite, and the
// refresher never waits for one), then builds and writes their bodies in a later statement,
// whose snapshot sees every change committed before the locks were taken. An organisation is
// marked refreshed only while its epoch row is locked and no stale row is left, so a bulk change
// or a rename that commits meanwhile always leaves work for the next pass.

const BATCH = 500;

/** Organisations with stale bodies (read as the connection's own role, across tenants). */
export async function staleOrganisations(db: Database, limit = 20): Promise<{ organization_id: string }[]> {
  return rows<{ organization_id: string }>(
    db,
    sql`select organization_id from contact_answer_epochs where refreshed < epoch
        order by organization_id limit ${limit}`,
  );
}

/**
 * One pass over one organisation's answers: rewrites its stale bodies, `BATCH` at a time, and
 * marks it refreshed when none is left. Answers how many bodies it wrote.
 */
export async function refreshOrganisation(
  db: Database,
  orgId: string,
  onBatch?: (written: number) => void,
): Promise<number> {
  let after = NO_ID;
  let written = 0;
  for (;;) {
    const ids = await withTenant(db, orgId, async (tx) => {
      const locked = await rows<{ contact_id: string }>(
        tx,
        sql`select contact_id from contact_answers
            where organization_id = ${orgId} and contact_id > ${after}::uuid
              and (body is null or epoch <> contact_answer_epoch(${orgId}))
            order by contact_id limit ${BATCH}
            for no key update skip locked`,
      );
      if (locked.length === 0) return [];
      const list = locked.map((r) => r.contact_id);
      await tx.execute(sql`select contact_answers_store(${orgId}, ${sql.param(list)}::uuid[])`);
      return list;
    });
    if (ids.length === 0) break;
    written += ids.length;
    after = ids[ids.length - 1]!;
    onBatch?.(written);
    // Lets requests waiting on the same connection (PGlite has one) go between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await withTenant(db, orgId, async (tx) => {
    const [epoch] = await rows<{ epoch: number }>(
      tx,
      sql`select epoch from contact_answer_epochs where organization_id = ${orgId} for update`,
    );
    if (!epoch) return;
    const [left] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from contact_answers
            where organization_id = ${orgId} and (body is null or epoch <> ${epoch.epoch}) limit 1) s`,
    );
    if (left?.n === 0) {
      await tx.execute(
        sql`update contact_answer_epochs set refreshed = epoch where organization_id = ${orgId}`,
      );
    }
  });
  return written;
}

/** Refreshes organisations that have stale bodies (`limit` at most); answers what it wrote. */
export async function refreshContactAnswers(
  db: Database,
  opts: { limit?: number; onBatch?: (orgId: string, written: number) => void } = {},
): Promise<{ written: number; organisations: number }> {
  let written = 0;
  const stale = await staleOrganisations(db, opts.limit);
  for (const { organization_id: orgId } of stale) {
    written += await refreshOrganisation(db, orgId, opts.onBatch && ((n) => opts.onBatch!(orgId, n)));
  }
  return { written, organisations: stale.length };
}

/** Looks for stale bodies every `everyMs` and refreshes them; stops with the app. */
export class ContactAnswersRefresher extends PeriodicJob {
  constructor(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 2_000) {
    super('contact answers refresh', () => refreshContactAnswers(db), log, everyMs);
  }

  override start(firstDelayMs = 1_000): void {
    super.start(firstDelayMs);
  }
}
