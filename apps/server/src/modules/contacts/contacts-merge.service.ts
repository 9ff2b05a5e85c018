import type { ContactAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { recordActivity, setLastAttended } from './contact-activities.service.ts';
import { syncBillingState } from './contact-billing-state.ts';
import { LAST_ATTENDED, loadContacts, rowsOf } from './contact-query.ts';
import { settleMergeConflicts } from './contacts-merge-conflicts.ts';

// Merging duplicates into one contact. The kept (primary) contact keeps its own values and takes
// any it lacks from the duplicates; everything that points at a duplicate — notes, activities,
// tags, family links, files, bookings and any other module's rows — is moved onto it, after the
// rows that would clash on a unique key are settled (contacts-merge-conflicts.ts); the duplicates
// are soft-deleted.

interface MergeRow {
  id: string;
  user_id: string | null;
  has_role: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  photo: string | null;
  contact_type_id: string | null;
  stage_id: string | null;
  lead_source_id: string | null;
  rank_id: string | null;
  punch_id: string | null;
  billing_address: unknown;
  birthday: string | null;
  plan: string | null;
  last_attended_at: string | null;
  last_contacted_at: string | null;
  custom_fields: Record<string, unknown> | string | null;
}

/** Columns the primary takes from the first duplicate that has them, when it has none. */
const FILLED = [
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['photo', 'text'],
  ['contact_type_id', 'uuid'],
  ['stage_id', 'uuid'],
  ['lead_source_id', 'uuid'],
  ['rank_id', 'uuid'],
  ['punch_id', 'text'],
  ['billing_address', 'jsonb'],
  ['birthday', 'date'],
  ['plan', 'text'],
] as const;

const json = (v: Record<string, unknown> | string | null) =>
  typeof v === 'string' ? JSON.parse(v) : (v ?? {});
const latest = (values: (string | null)[]) =>
  values.filter((v): v is string => !!v).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;

/** Tables (other than the ones merged by hand) whose foreign keys point at a contact. */
async function referencingColumns(tx: Tx) {
  return rowsOf<{ table_name: string; column_name: string }>(
    tx,
    sql`select r.relname as table_name, a.attname as column_name
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_namespace n on n.oid = r.relnamespace and n.nspname = 'public'
        cross join lateral unnest(c.conkey) k(attnum)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        where c.contype = 'f' and c.confrelid = 'public.contacts'::regclass
          and a.attname <> 'organization_id' and r.relname not in ('contact_tags', 'contact_answers')
        order by r.relname, a.attname`,
  );
}

export async function mergeContacts(
  tx: Tx,
  ctx: RequestContext,
  primaryId: string,
  duplicateIds: string[],
): Promise<ContactAnswer> {
  const orgId = ctx.organizationId;
  const dups = [...new Set(duplicateIds)];
  if (dups.includes(primaryId)) {
    throw new AppError('VALIDATION', 'duplicateIds: cannot include the contact kept', [
      { field: 'duplicateIds' },
    ]);
  }
  const all = [primaryId, ...dups];
  const allIds = sql`${sql.param(all)}::uuid[]`;
  const dupIds = sql`${sql.param(dups)}::uuid[]`;
  // Locked in id order, so two merges over the same contacts queue instead of deadlocking.
  const rows = await rowsOf<MergeRow>(
    tx,
    sql`select c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone, c.photo, c.contact_type_id,
          c.stage_id, c.lead_source_id, c.rank_id, c.punch_id, c.billing_address, c.plan, c.custom_fields,
          to_char(c.birthday, 'YYYY-MM-DD') as birthday,
          ${LAST_ATTENDED}::text as last_attended_at, c.last_contacted_at::text as last_contacted_at,
          exists (select 1 from role_assignments r where r.organization_id = c.organization_id and r.contact_id = c.id) as has_role
        from contacts c where c.organization_id = ${orgId} and c.id = any(${allIds}) and c.deleted_at is null
        order by c.id for update`,
  );
  if (rows.length !== all.length) throw notFound(all.length === 2 ? 'Contact' : 'One or more contacts');
  const primary = rows.find((r) => r.id === primaryId)!;
  const others = dups.map((id) => rows.find((r) => r.id === id)!);
  if (others.some((r) => r.user_id || r.has_role)) {
    throw new AppError(
      'BAD_REQUEST',
      'A contact that signs in cannot be merged into another; keep that contact instead',
      [{ field: 'duplicateIds' }],
    );
  }

  // Duplicates go first (the only statement that moves the kept counts), freeing their punch ids.
  await tx.execute(sql`update contacts set deleted_at = now(), updated_at = now(), punch_id = null
    where organization_id = ${orgId} and id = any(${dupIds})`);
  const sets = FILLED.filter(([col]) => primary[col] === null && others.some((o) => o[col] !== null)).map(
    ([col, type]) => {
      const value = others.find((o) => o[col] !== null)![col];
      const text = type === 'jsonb' ? JSON.stringify(value) : String(value);
      return sql`${sql.identifier(col)} = ${text}::${sql.raw(type)}`;
    },
  );
  const attended = latest([primary.last_attended_at, ...others.map((o) => o.last_attended_at)]);
  const contacted = latest([primary.last_contacted_at, ...others.map((o) => o.last_contacted_at)]);
  const custom = Object.assign(
    {},
    ...[...others].reverse().map((o) => json(o.custom_fields)),
    json(primary.custom_fields),
  );
  await tx.execute(
    sql`update contacts set ${sql.join(
      [
        ...sets,
        sql`last_contacted_at = ${contacted}::timestamptz`,
        sql`custom_fields = ${JSON.stringify(custom)}::jsonb`,
        sql`updated_at = now()`,
      ],
      sql`, `,
    )} where organization_id = ${orgId} and id = ${primaryId}`,
  );
  await setLastAttended(tx, orgId, primaryId, attended);

  // Tags: the union, on the kept contact.
  await tx.execute(sql`insert into contact_tags (organization_id, contact_id, tag_id)
    select organization_id, ${primaryId}::uuid, tag_id from contact_tags
    where organization_id = ${orgId} and contact_id = any(${dupIds}) on conflict do nothing`);
  await tx.execute(
    sql`delete from contact_tags where organization_id = ${orgId} and contact_id = any(${dupIds})`,
  );
  // Family: links inside the merged set vanish; of several links to one relative, one stays.
  await tx.execute(sql`delete from contact_family_links where organization_id = ${orgId}
    and contact_id = any(${allIds}) and member_contact_id = any(${allIds})`);
  await tx.execute(sql`delete from contact_family_links where organization_id = ${orgId} and id in (
    select id from (
      select id, row_number() over (
        partition by case when contact_id = any(${allIds}) then member_contact_id else contact_id end
        order by (contact_id = ${primaryId} or member_contact_id = ${primaryId}) desc, id) as rn
      from contact_family_links
      where organization_id = ${orgId} and (contact_id = any(${allIds}) or member_contact_id = any(${allIds}))
    ) ranked where rn > 1)`);

  // Default cards, provider customers, bookings of one class slot, weeks of shifts.
  await settleMergeConflicts(tx, { orgId, primaryId, all });
  for (const ref of await referencingColumns(tx)) {
    try {
      await tx.execute(sql`update ${sql.identifier(ref.table_name)} set ${sql.identifier(ref.column_name)} = ${primaryId}
        where organization_id = ${orgId} and ${sql.identifier(ref.column_name)} = any(${dupIds})`);
    } catch (err) {
      const code = ((err as { cause?: { code?: string } }).cause ?? err) as { code?: string };
      if (code.code !== '23505') throw err;
      throw new AppError('CONFLICT', 'Failed to merge contacts', [
        { table: ref.table_name, message: 'the kept contact already has a record that conflicts' },
      ]);
    }
  }
  // The duplicates' contracts and invoices now belong to the kept contact: recompute its plan and
  // payment status from them in the same transaction.
  await syncBillingState(tx, orgId, primaryId);
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: primaryId,
    kind: 'contact.merged',
    title: 'Contacts merged',
    data: { mergedIds: dups },
    actorUserId: ctx.userId,
  });
  return (await loadContacts(tx, orgId, [primaryId]))[0]!;
}
