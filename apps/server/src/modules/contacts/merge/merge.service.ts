import type { ContactAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isUniqueViolation, pgError, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { LAST_ATTENDED, loadContacts } from '../answers/read.ts';
import type { ContactHookList, MergeSet } from '../hooks.ts';
import { recordActivity, setLastAttended } from '../records/activities.service.ts';

// Merging duplicates into one contact. The kept (primary) contact keeps its own values and takes
// any it lacks from the duplicates; then every module moves what of its own points at a duplicate
// (notes, activities, tags, family links, files, bookings, cards, shifts...) onto it, through
// the contact lifecycle hooks (hooks.ts), after settling the rows that would clash on a unique
// key; the duplicates are soft-deleted.

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

export async function mergeContacts(
  tx: Tx,
  ctx: RequestContext,
  primaryId: string,
  duplicateIds: string[],
  moduleHooks: ContactHookList,
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
  const found = await rows<MergeRow>(
    tx,
    sql`select c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone, c.photo, c.contact_type_id,
          c.stage_id, c.lead_source_id, c.rank_id, c.punch_id, c.billing_address, c.plan, c.custom_fields,
          to_char(c.birthday, 'YYYY-MM-DD') as birthday,
          ${LAST_ATTENDED}::text as last_attended_at, c.last_contacted_at::text as last_contacted_at,
          exists (select 1 from role_assignments r where r.organization_id = c.organization_id and r.contact_id = c.id) as has_role
        from contacts c where c.organization_id = ${orgId} and c.id = any(${allIds}) and c.deleted_at is null
        order by c.id for update`,
  );
  if (found.length !== all.length) throw notFound(all.length === 2 ? 'Contact' : 'One or more contacts');
  const primary = found.find((r) => r.id === primaryId)!;
  const others = dups.map((id) => found.find((r) => r.id === id)!);
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

  const set: MergeSet = { orgId, primaryId, duplicateIds: dups, all };
  for (const [module, hooks] of moduleHooks) {
    try {
      await hooks.merge?.(tx, set);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw new AppError('CONFLICT', 'Failed to merge contacts', [
        {
          table: pgError(err).table ?? module,
          message: 'the kept contact already has a record that conflicts',
        },
      ]);
    }
  }
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
