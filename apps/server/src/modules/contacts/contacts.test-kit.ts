import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, type Session, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// Shared set-up for the contacts API tests: one organisation with an admin, an employee and a
// client, a second organisation whose admin plays the intruder, and small request helpers.

export type Org = Awaited<ReturnType<typeof seedTenant>>;

export interface Kit {
  t: TestApp;
  org: Org;
  other: Org;
  admin: Client;
  employee: Client;
  client: Client;
  intruder: Client;
  /** One number from SQL run as the superuser (outside row-level security). */
  scalar(text: string, params?: unknown[]): Promise<number>;
}

export interface Client extends RequestClient {
  session: Session;
}

export function clientFor(t: TestApp, session: Session, headers: Record<string, string> = {}): Client {
  return { session, ...requestClient(t, { ...session.headers, ...headers }) };
}

export async function createKit(t?: TestApp): Promise<Kit> {
  const app = t ?? (await createTestApp());
  const org = await seedTenant(app, ['admin', 'employee', 'client'], 'Contacts');
  const other = await seedTenant(app, ['admin'], 'Intruder');
  const [a, e, c, i] = await Promise.all([
    signIn(app, org.emails.admin!),
    signIn(app, org.emails.employee!),
    signIn(app, org.emails.client!),
    signIn(app, other.emails.admin!),
  ]);
  return {
    t: app,
    org,
    other,
    admin: clientFor(app, a),
    employee: clientFor(app, e),
    client: clientFor(app, c),
    intruder: clientFor(app, i),
    async scalar(text, params) {
      const rows = await app.database.query<{ n: number }>(text, params);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** A contact added by the kit's admin; answers its id. */
export const addContact = async (kit: Kit, body: Record<string, unknown>) =>
  (await kit.admin.call('POST', '/api/contact/add', body)).body.data._id as string;

/** The kit's admin merges `duplicateIds` into `primaryId`. */
export const mergeContacts = (kit: Kit, primaryId: string, duplicateIds: string[]) =>
  kit.admin.call('POST', '/api/contact/merge', { primaryId, duplicateIds });

/** The kept counts of an organisation next to the same numbers counted from the rows. */
export async function countsAgree(kit: Kit, orgId: string) {
  const kept = (
    await kit.t.database.query<Record<string, number>>(
      'select active, former, past_due, total from contact_counts where organization_id = $1',
      [orgId],
    )
  )[0] ?? { active: 0, former: 0, past_due: 0, total: 0 };
  const counted = (
    await kit.t.database.query<Record<string, number>>(
      `select count(*) filter (where status = 'active' and not is_former)::int as active,
              count(*) filter (where is_former)::int as former,
              count(*) filter (where payment_status = 'past_due')::int as past_due,
              count(*)::int as total
       from contacts where organization_id = $1 and deleted_at is null`,
      [orgId],
    )
  )[0]!;
  return { kept: { ...kept }, counted: { ...counted } };
}

export interface TagCounts {
  id: string;
  active: number;
  former: number;
  total: number;
}

/**
 * Every tag's kept counts (tag_counts) next to the same numbers counted from the rows, and how
 * many tag rows carry a `counted` state other than their contact's (the copy cascades rely on).
 */
export async function tagCountsAgree(kit: Kit, orgId: string) {
  const kept = await kit.t.database.query<TagCounts>(
    `select t.id, coalesce(k.active, 0) as active, coalesce(k.former, 0) as former, coalesce(k.total, 0) as total
     from tags t left join tag_counts k on k.organization_id = t.organization_id and k.tag_id = t.id
     where t.organization_id = $1 order by t.id`,
    [orgId],
  );
  const counted = await kit.t.database.query<TagCounts>(
    `select t.id, count(c.id) filter (where c.status = 'active' and not c.is_former)::int as active,
            count(c.id) filter (where c.is_former)::int as former, count(c.id)::int as total
     from tags t
     left join contact_tags x on x.organization_id = t.organization_id and x.tag_id = t.id
     left join contacts c on c.organization_id = x.organization_id and c.id = x.contact_id and c.deleted_at is null
     where t.organization_id = $1 group by t.id order by t.id`,
    [orgId],
  );
  const stale = await kit.scalar(
    `select count(*)::int as n from contact_tags x
     join contacts c on c.organization_id = x.organization_id and c.id = x.contact_id
     where x.organization_id = $1 and x.counted <> contact_tag_state(c.deleted_at, c.status, c.is_former)`,
    [orgId],
  );
  return { kept, counted, stale };
}

/**
 * Each contact's stored answer (contact_answers, migration 0020) beside one built now by
 * contact_answer_bodies(), read as the superuser (outside RLS): how many are fresh, how many
 * stale, and which fresh ones differ from the built one (always a defect).
 */
export async function storedAnswers(kit: Kit, orgId: string) {
  const rows = await kit.t.database.query<{
    id: string;
    stored: string | null;
    built: string;
    fresh: boolean;
  }>(
    `select a.contact_id as id, a.body as stored, b.body as built,
            (a.body is not null and a.epoch = contact_answer_epoch($1)) as fresh
     from contact_answers a
     join contact_answer_bodies($1, array(select id from contacts where organization_id = $1)) b
       on b.contact_id = a.contact_id
     where a.organization_id = $1`,
    [orgId],
  );
  return {
    fresh: rows.filter((r) => r.fresh).length,
    stale: rows.filter((r) => !r.fresh).length,
    wrong: rows.filter((r) => r.fresh && r.stored !== r.built).map((r) => r.id),
  };
}
