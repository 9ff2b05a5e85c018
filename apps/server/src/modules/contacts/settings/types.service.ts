import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contactTypes } from '../contacts.tables.ts';
import { nextSortOrder, requireAdmin } from './shared.ts';

// Contact types double as roles. The system ones (created with the organisation) can be renamed
// but not deleted; admins add custom ones, which start with no permissions at all.

const answer = (t: typeof contactTypes.$inferSelect) => ({
  _id: t.id,
  name: t.name,
  type: t.type,
  isSystem: t.isSystem,
  sortOrder: t.sortOrder,
});

export async function listContactTypes(tx: Tx, orgId: string) {
  const found = await tx
    .select()
    .from(contactTypes)
    .where(eq(contactTypes.organizationId, orgId))
    .orderBy(asc(contactTypes.sortOrder), asc(contactTypes.id));
  return { list: found.map(answer) };
}

export async function addContactType(tx: Tx, ctx: RequestContext, body: { name: string; type?: string }) {
  requireAdmin(ctx, 'add contact types');
  const orgId = ctx.organizationId;
  const sortOrder = await nextSortOrder(tx, 'contact_types', orgId);
  const [row] = await tx
    .insert(contactTypes)
    .values({
      organizationId: orgId,
      id: newId(),
      name: body.name,
      type: body.type ?? 'custom',
      permissions: [],
      isSystem: false,
      sortOrder,
    })
    .returning();
  return answer(row!);
}

export async function renameContactType(tx: Tx, ctx: RequestContext, id: string, body: { name: string }) {
  requireAdmin(ctx, 'rename contact types');
  const [row] = await tx
    .update(contactTypes)
    .set({ name: body.name })
    .where(and(eq(contactTypes.organizationId, ctx.organizationId), eq(contactTypes.id, id)))
    .returning();
  if (!row) throw notFound('Contact type');
  return answer(row);
}

/**
 * Only a custom type nobody holds may go: members signed in with it or live contacts of it
 * block the delete (409); deleted contacts that kept it simply lose it.
 */
export async function deleteContactType(tx: Tx, ctx: RequestContext, id: string) {
  requireAdmin(ctx, 'delete contact types');
  const orgId = ctx.organizationId;
  const [row] = await tx
    .select()
    .from(contactTypes)
    .where(and(eq(contactTypes.organizationId, orgId), eq(contactTypes.id, id)))
    .for('update');
  if (!row) throw notFound('Contact type');
  if (row.isSystem) throw new AppError('BAD_REQUEST', 'System contact types cannot be deleted');
  const [use] = await rows<{ roles: number; live: number }>(
    tx,
    sql`select
      (select count(*)::int from role_assignments where organization_id = ${orgId} and contact_type_id = ${id}) as roles,
      (select count(*)::int from (select 1 from contacts where organization_id = ${orgId}
         and contact_type_id = ${id} and deleted_at is null limit 1) s) as live`,
  );
  if ((use?.roles ?? 0) > 0 || (use?.live ?? 0) > 0) {
    throw conflict('This contact type is in use; move its contacts first');
  }
  await tx.execute(
    sql`update contacts set contact_type_id = null where organization_id = ${orgId} and contact_type_id = ${id}`,
  );
  await tx.delete(contactTypes).where(and(eq(contactTypes.organizationId, orgId), eq(contactTypes.id, id)));
}
