// npm run seed:large: one organisation with 1,000,000 contacts and 1,000 small organisations on
// the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a
// database of its own (SEED_LARGE_DB, default opsuite_large) created when missing. Rows are made
// by the database (INSERT ... SELECT generate_series) with the secondary indexes of contacts set
// aside and rebuilt at the end. Run it again and it does nothing; stopped half-way, it resumes.
// SEED_LARGE_CONTACTS makes a smaller big organisation (for trying the script out).
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { refreshContactAnswers } from '../apps/server/src/modules/contacts/index.ts';
import { seedOrganization } from '../apps/server/src/seed/factories.ts';
import {
  BIG_ORG,
  CHUNK,
  CLASS_COUNTS_SQL,
  classHistorySql,
  contactsChunkSql,
  DB_NAME,
  HISTORY_DAYS,
  LARGE_ADMIN,
  LARGE_PASSWORD,
  largeDatabaseUrl,
  SERVER,
  SMALL_ORGS,
  smallOrgsSql,
  TAGS,
  TOTAL,
  tagsSql,
} from './seed-large.sql.ts';

const started = Date.now();
const say = (m: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${m}`);

async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (found.rowCount === 0) {
    if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`unusable database name: ${DB_NAME}`);
    await admin.query(`create database ${DB_NAME}`);
    say(`created database ${DB_NAME}`);
  }
  await admin.end();
}

async function main() {
  await ensureDatabase();
  const url = largeDatabaseUrl();
  const database = await openDatabase({ url, poolSize: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await client.query(text, params)).rows as T[];
  try {
    await runMigrations(database);
    await q('create table if not exists seed_large_set_aside (name text primary key, def text not null)');
    await rebuildIndexes(q); // after an interrupted run

    let [org] = await q<{ id: string }>('select id from organizations where name = $1', [BIG_ORG]);
    if (!org) {
      const seeded = await seedOrganization(
        database.db,
        { name: BIG_ORG, timeZone: 'America/New_York' },
        [
          { email: LARGE_ADMIN, fullName: 'Lara Large', role: 'admin' },
          { email: 'coach@large.test', fullName: 'Cody Coach', role: 'employee', assignedBy: LARGE_ADMIN },
        ],
        LARGE_PASSWORD,
      );
      org = { id: seeded.id };
      say(`created "${BIG_ORG}"`);
    }
    // The seed numbers its contacts' punch ids 0000000001 up; the members' and employees' own
    // codes are random ten-digit numbers from 1000000000 up, and must not read as progress.
    const [done] = await q<{ n: string | null }>(
      `select max(punch_id) as n from contacts where organization_id = $1 and punch_id like '0%'`,
      [org.id],
    );
    let next = Number(done?.n ?? 0) + 1;
    const [small] = await q<{ n: number }>(
      `select count(*)::int as n from organizations where name like 'Small Org %'`,
    );
    if (next > TOTAL && (small?.n ?? 0) >= SMALL_ORGS) {
      await seedClassHistory(q, org.id);
      await storeAnswers(q, database.db, org.id);
      await q('analyze contacts'); // statistics of indexes a new migration may have added
      // A migration that rewrote tag rows (0016 backfilled contact_tags.counted) leaves their
      // pages out of the visibility map: tag filters' index-only scans would visit the heap.
      await q('vacuum (analyze) contact_tags');
      say(`already seeded: "${BIG_ORG}" has ${TOTAL.toLocaleString('en-US')} contacts; nothing to do`);
      return;
    }

    await q("set maintenance_work_mem = '1GB'");
    await q('set synchronous_commit = off');
    if (next <= TOTAL) {
      await setIndexesAside(q);
      await q(tagsSql(), [org.id, JSON.stringify(TAGS)]);
      const [admin] = await q<{ id: string }>('select id from users where email = $1', [LARGE_ADMIN]);
      for (; next <= TOTAL; next += CHUNK) {
        const last = Math.min(TOTAL, next + CHUNK - 1);
        await q('begin');
        await q(contactsChunkSql(), [org.id, next, last, admin!.id]);
        await q('commit');
        say(`contacts ${last.toLocaleString('en-US')} / ${TOTAL.toLocaleString('en-US')}`);
      }
    }
    if ((small?.n ?? 0) < SMALL_ORGS) {
      await q('begin');
      await q(smallOrgsSql(), [SMALL_ORGS]);
      await q('commit');
      say(`${SMALL_ORGS} small organisations with their contacts`);
    }
    await rebuildIndexes(q);
    await seedClassHistory(q, org.id);
    await storeAnswers(q, database.db, org.id);
    say('vacuum analyze');
    await q('vacuum (analyze) contacts');
    await q('vacuum (analyze) contact_tags');
    await q('analyze');
    const [counts] = await q<{ total: number; active: number; past_due: number }>(
      'select total, active, past_due from contact_counts where organization_id = $1',
      [org.id],
    );
    say(`done: ${JSON.stringify(counts)}; sign in as ${LARGE_ADMIN} / ${LARGE_PASSWORD} on ${url}`);
  } finally {
    await client.end();
    await database.close();
  }
}

type Q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Writes the stored answer of every contact whose answer is missing or stale (contact_answers,
 * migration 0020): contacts inserted 100,000 at a time get theirs from the refresher, which the
 * server would otherwise run in the background while the bench measures. Seeds made before
 * stored answers get them on their next run.
 */
async function storeAnswers(q: Q, db: Parameters<typeof refreshContactAnswers>[0], bigOrgId: string) {
  let step = 100_000;
  const done = await refreshContactAnswers(db, {
    limit: SMALL_ORGS + 10,
    onBatch: (orgId, n) => {
      if (orgId === bigOrgId && n >= step) {
        say(`stored answers ${n.toLocaleString('en-US')} / ${TOTAL.toLocaleString('en-US')}`);
        step += 100_000;
      }
    },
  });
  if (done.organisations === 0) return;
  await q('vacuum (analyze) contact_answers');
  say(
    `stored answers: ${done.written.toLocaleString('en-US')} written for ${done.organisations} organisations`,
  );
}

/**
 * The big organisation's past classes and their bookings, once (seeds made before this step get
 * it on their next run). Made in one transaction with the foreign-key triggers off: every row
 * refers to rows made in the same statement or to the organisation's contacts.
 */
async function seedClassHistory(q: Q, orgId: string): Promise<void> {
  const [had] = await q<{ n: number }>(
    `select count(*)::int as n from bookings where organization_id = $1 and source = 'kiosk' and attend_date < current_date`,
    [orgId],
  );
  if ((had?.n ?? 0) > 0) return;
  const [org] = await q<{ time_zone: string }>('select time_zone from organizations where id = $1', [orgId]);
  await q('begin');
  await q('set local session_replication_role = replica');
  await q(classHistorySql(), [orgId, HISTORY_DAYS, org!.time_zone]);
  await q(CLASS_COUNTS_SQL, [orgId]);
  await q('commit');
  await q('vacuum (analyze) bookings, booking_slots, booking_types');
  const [made] = await q<{ n: number }>(
    'select count(*)::int as n from bookings where organization_id = $1',
    [orgId],
  );
  say(`class history: ${HISTORY_DAYS} days, ${made!.n.toLocaleString('en-US')} completed bookings`);
}

/** Drops the secondary indexes of contacts and contact_tags, remembering how to rebuild them. */
async function setIndexesAside(q: Q): Promise<void> {
  const indexes = await q<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename in ('contacts', 'contact_tags')
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const ix of indexes) {
    await q('insert into seed_large_set_aside (name, def) values ($1, $2) on conflict do nothing', [
      ix.name,
      ix.def,
    ]);
    await q(`drop index if exists "${ix.name}"`);
  }
  say(`set aside ${indexes.length} indexes for the bulk insert`);
}

async function rebuildIndexes(q: Q): Promise<void> {
  const aside = await q<{ name: string; def: string }>(
    'select name, def from seed_large_set_aside order by name',
  );
  for (const ix of aside) {
    const t = Date.now();
    await q(ix.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await q('delete from seed_large_set_aside where name = $1', [ix.name]);
    say(`rebuilt ${ix.name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
