import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { contactFields } from '../contacts.tables.ts';
import { nextSortOrder } from './shared.ts';

// Contact fields: the columns of the contacts list (built-in ones, relabelled, reordered and
// resized) and custom fields whose values live in contacts.custom_fields under the field's id.

/** The built-in columns every organisation starts with: key, label, width. */
const SYSTEM_FIELDS: [string, string, number][] = [
  ['fullName', 'Full Name', 220],
  ['email', 'Email', 220],
  ['phone', 'Phone', 160],
  ['contactType', 'Contact Type', 140],
  ['status', 'Status', 110],
  ['tags', 'Tags', 180],
  ['leadSource', 'Lead Source', 150],
  ['stage', 'Stage', 130],
  ['currentRank', 'Rank', 140],
  ['paymentStatus', 'Payment Status', 140],
  ['plan', 'Plan', 120],
  ['lastAttendedAt', 'Last Attended', 150],
  ['lastContactedAt', 'Last Contacted', 150],
  ['createdAt', 'Created', 140],
];

type FieldRow = typeof contactFields.$inferSelect;
const answer = (f: FieldRow) => ({
  _id: f.id,
  key: f.key,
  value: f.value,
  fieldType: f.fieldType,
  options: f.options ?? null,
  sortOrder: f.sortOrder,
  width: f.width,
  isVisible: f.isVisible,
  isSystem: f.isSystem,
});

async function selectFields(tx: Tx, orgId: string) {
  return tx
    .select()
    .from(contactFields)
    .where(eq(contactFields.organizationId, orgId))
    .orderBy(asc(contactFields.sortOrder), asc(contactFields.id));
}

/** The built-in columns are written the first time anyone reads the list (idempotent). */
export async function listContactFields(tx: Tx, orgId: string) {
  let rows = await selectFields(tx, orgId);
  if (!rows.some((r) => r.isSystem)) {
    await tx
      .insert(contactFields)
      .values(
        SYSTEM_FIELDS.map(([key, value, width], i) => ({
          organizationId: orgId,
          id: newId(),
          key,
          value,
          width,
          sortOrder: i,
          isSystem: true,
        })),
      )
      .onConflictDoNothing();
    rows = await selectFields(tx, orgId);
  }
  return { list: rows.map(answer) };
}

export async function addContactField(
  tx: Tx,
  orgId: string,
  body: {
    value: string;
    fieldType: string;
    options?: string[];
    sortOrder?: number;
    width?: number;
    isVisible?: boolean;
  },
) {
  const id = newId();
  const [row] = await tx
    .insert(contactFields)
    .values({
      organizationId: orgId,
      id,
      key: `custom:${id}`,
      value: body.value,
      fieldType: body.fieldType,
      options: body.options ?? null,
      sortOrder: body.sortOrder ?? (await nextSortOrder(tx, 'contact_fields', orgId)),
      width: body.width ?? 150,
      isVisible: body.isVisible ?? true,
    })
    .returning();
  return answer(row!);
}

type FieldChanges = {
  value?: string;
  options?: string[];
  sortOrder?: number;
  width?: number;
  isVisible?: boolean;
};

export async function updateContactField(tx: Tx, orgId: string, id: string, body: FieldChanges) {
  const [row] = await tx
    .update(contactFields)
    .set(body)
    .where(and(eq(contactFields.organizationId, orgId), eq(contactFields.id, id)))
    .returning();
  if (!row) throw notFound('Contact field');
  return answer(row);
}

/** Values stay in contacts.custom_fields under the old id; nothing reads them once it is gone. */
export async function deleteContactField(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select({ isSystem: contactFields.isSystem })
    .from(contactFields)
    .where(and(eq(contactFields.organizationId, orgId), eq(contactFields.id, id)));
  if (!row) throw notFound('Contact field');
  if (row.isSystem) throw new AppError('BAD_REQUEST', 'Built-in contact fields cannot be deleted');
  await tx
    .delete(contactFields)
    .where(and(eq(contactFields.organizationId, orgId), eq(contactFields.id, id)));
}

/** The column settings: label, order, width and visibility of many fields in one statement. */
export async function saveFieldSettings(tx: Tx, orgId: string, fields: ({ _id: string } & FieldChanges)[]) {
  const ids = [...new Set(fields.map((f) => f._id))];
  if (ids.length !== fields.length) {
    throw new AppError('VALIDATION', 'fields: each field may appear once', [{ field: 'fields' }]);
  }
  const payload = JSON.stringify(fields);
  const result = await tx.execute(sql`
    update contact_fields f set
      value = coalesce(v.value, f.value),
      sort_order = coalesce(v."sortOrder", f.sort_order),
      width = coalesce(v.width, f.width),
      is_visible = coalesce(v."isVisible", f.is_visible)
    from jsonb_to_recordset(${payload}::jsonb) as v("_id" uuid, value text, "sortOrder" int, width int, "isVisible" boolean)
    where f.organization_id = ${orgId} and f.id = v."_id"
      and (select count(*) from contact_fields y
           where y.organization_id = ${orgId} and y.id = any(${sql.param(ids)}::uuid[])) = ${ids.length}
    returning f.id`);
  if (result.rows.length !== ids.length) throw notFound('One or more contact fields');
  return listContactFields(tx, orgId);
}
