import { STAFF_TYPES } from '@opsuite/shared';
import type {
  CategoryAnswer,
  EmployeeProfileAnswer,
  PositionAnswer,
} from '@opsuite/shared/contracts/staff-schedule';
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { lockForTransaction } from '../../../db/locks.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contacts, contactTypes } from '../../contacts/contacts.tables.ts';
import { json, managesStaff, requireManager, staffContact } from '../access.ts';
import { staffCategories, staffMembers, staffPositions } from './settings.tables.ts';

// The staff settings lists: employee categories, positions (with a default hourly cost), and each
// employee's category, positions and hourly cost. Names are unique per organisation, ignoring case.

const categoryFields = {
  id: staffCategories.id,
  name: staffCategories.name,
  color: staffCategories.color,
  sortOrder: staffCategories.sortOrder,
};

type CategoryRow = Pick<typeof staffCategories.$inferSelect, keyof typeof categoryFields>;

const categoryAnswer = (r: CategoryRow): CategoryAnswer => ({
  _id: r.id,
  name: r.name,
  color: r.color,
  sortOrder: r.sortOrder,
});

const positionFields = {
  id: staffPositions.id,
  name: staffPositions.name,
  color: staffPositions.color,
  categoryId: staffPositions.categoryId,
  hourlyCostCents: staffPositions.hourlyCostCents,
};

type PositionRow = Pick<typeof staffPositions.$inferSelect, keyof typeof positionFields>;

const positionAnswer = (r: PositionRow): PositionAnswer => ({
  _id: r.id,
  name: r.name,
  color: r.color,
  categoryId: r.categoryId,
  hourlyCostCents: r.hourlyCostCents,
});

/** One writer at a time per organisation for a list whose names must stay unique. */
async function lockList(tx: Tx, key: string) {
  await lockForTransaction(tx, key);
}

async function uniqueName(
  tx: Tx,
  table: typeof staffCategories | typeof staffPositions,
  orgId: string,
  name: string,
  except?: string,
) {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.organizationId, orgId),
        eq(sql`lower(${table.name})`, sql`lower(${name})`),
        except ? ne(table.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(`${name} already exists`, 'name');
}

export async function listCategories(tx: Tx, orgId: string) {
  const found = await tx
    .select(categoryFields)
    .from(staffCategories)
    .where(eq(staffCategories.organizationId, orgId))
    .orderBy(asc(staffCategories.sortOrder), sql`lower(${staffCategories.name})`, asc(staffCategories.id));
  return { list: found.map(categoryAnswer) };
}

export async function saveCategory(
  tx: Tx,
  ctx: RequestContext,
  id: string | null,
  body: { name?: string; color?: string | null },
) {
  requireManager(ctx, 'change categories');
  const orgId = ctx.organizationId;
  // Names are checked one writer at a time.
  await lockList(tx, `staff-categories:${orgId}`);
  if (body.name) await uniqueName(tx, staffCategories, orgId, body.name, id ?? undefined);
  const c = staffCategories;
  const [row] = id
    ? await tx
        .update(c)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.color !== undefined ? { color: body.color } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(c.organizationId, orgId), eq(c.id, id)))
        .returning(categoryFields)
    : await tx
        .insert(c)
        .values({
          organizationId: orgId,
          id: newId(),
          name: body.name!,
          color: body.color ?? null,
          // Last in the list (the list's writers are serialised above).
          sortOrder: sql`(select coalesce(max(${c.sortOrder}) + 1, 0) from ${c} where ${c.organizationId} = ${orgId})`,
        })
        .returning(categoryFields);
  if (!row) throw notFound('Category');
  return categoryAnswer(row);
}

export async function deleteCategory(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'change categories');
  const orgId = ctx.organizationId;
  const gone = await tx
    .delete(staffCategories)
    .where(and(eq(staffCategories.organizationId, orgId), eq(staffCategories.id, id)))
    .returning({ id: staffCategories.id });
  if (gone.length === 0) throw notFound('Category');
  await tx
    .update(staffPositions)
    .set({ categoryId: null })
    .where(and(eq(staffPositions.organizationId, orgId), eq(staffPositions.categoryId, id)));
  await tx
    .update(staffMembers)
    .set({ categoryId: null })
    .where(and(eq(staffMembers.organizationId, orgId), eq(staffMembers.categoryId, id)));
}

export async function listPositions(tx: Tx, orgId: string) {
  const found = await tx
    .select(positionFields)
    .from(staffPositions)
    .where(eq(staffPositions.organizationId, orgId))
    .orderBy(sql`lower(${staffPositions.name})`, asc(staffPositions.id));
  return { list: found.map(positionAnswer) };
}

/**
 * The organisation's positions (the roles tips are shared by), by name; with `ids`, only those of
 * them that exist. For other modules, which keep staff's positions as foreign keys only.
 */
export function positionsOf(tx: Queryable, orgId: string, ids?: readonly string[]) {
  if (ids?.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: staffPositions.id, name: staffPositions.name })
    .from(staffPositions)
    .where(
      and(eq(staffPositions.organizationId, orgId), ids ? inArray(staffPositions.id, [...ids]) : undefined),
    )
    .orderBy(asc(staffPositions.name), asc(staffPositions.id));
}

async function assertCategory(tx: Tx, orgId: string, id: string | null | undefined) {
  if (!id) return;
  const [found] = await tx
    .select({ id: staffCategories.id })
    .from(staffCategories)
    .where(and(eq(staffCategories.organizationId, orgId), eq(staffCategories.id, id)));
  if (!found) throw lookupMissing('categoryId');
}

export async function savePosition(
  tx: Tx,
  ctx: RequestContext,
  id: string | null,
  body: { name?: string; color?: string | null; categoryId?: string | null; hourlyCostCents?: number | null },
) {
  requireManager(ctx, 'change positions');
  const orgId = ctx.organizationId;
  await lockList(tx, `staff-positions:${orgId}`);
  if (body.name) await uniqueName(tx, staffPositions, orgId, body.name, id ?? undefined);
  await assertCategory(tx, orgId, body.categoryId);
  const p = staffPositions;
  const [row] = id
    ? await tx
        .update(p)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.color !== undefined ? { color: body.color } : {}),
          ...(body.categoryId !== undefined ? { categoryId: body.categoryId } : {}),
          ...(body.hourlyCostCents !== undefined ? { hourlyCostCents: body.hourlyCostCents } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(p.organizationId, orgId), eq(p.id, id)))
        .returning(positionFields)
    : await tx
        .insert(p)
        .values({
          organizationId: orgId,
          id: newId(),
          name: body.name!,
          color: body.color ?? null,
          categoryId: body.categoryId ?? null,
          hourlyCostCents: body.hourlyCostCents ?? null,
        })
        .returning(positionFields);
  if (!row) throw notFound('Position');
  return positionAnswer(row);
}

export async function deletePosition(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'change positions');
  const orgId = ctx.organizationId;
  const gone = await tx
    .delete(staffPositions)
    .where(and(eq(staffPositions.organizationId, orgId), eq(staffPositions.id, id)))
    .returning({ id: staffPositions.id });
  if (gone.length === 0) throw notFound('Position');
  const m = staffMembers;
  // jsonb's remove-element (-) and has-element (?) operators have no builder form.
  await tx
    .update(m)
    .set({ positionIds: sql`${m.positionIds} - ${id}::text` })
    .where(and(eq(m.organizationId, orgId), sql`${m.positionIds} ? ${id}::text`));
}

const m = staffMembers;

const profileFields = {
  id: contacts.id,
  fullName: contacts.fullName,
  punchId: contacts.punchId,
  categoryId: m.categoryId,
  positionIds: m.positionIds,
  hourlyCostCents: m.hourlyCostCents,
  onSchedule: sql<boolean>`${m.contactId} is not null`,
  pinSet: sql<boolean>`coalesce(${m.punchPinHash} is not null, false)`,
};

/** Employees (staff contact types) with their staff record, if any. */
const selectProfiles = (tx: Tx, where: SQL | undefined) =>
  tx
    .select(profileFields)
    .from(contacts)
    .innerJoin(contactTypes, tenantJoin(contactTypes, contacts, eq(contactTypes.id, contacts.contactTypeId)))
    .leftJoin(m, tenantJoin(m, contacts, eq(m.contactId, contacts.id)))
    .where(where)
    .$dynamic();

type ProfileRow = Awaited<ReturnType<typeof selectProfiles>>[number];

const profileAnswer = (r: ProfileRow): EmployeeProfileAnswer => ({
  contactId: r.id,
  fullName: r.fullName,
  punchId: r.punchId,
  onSchedule: r.onSchedule,
  categoryId: r.categoryId,
  positionIds: r.positionIds ? json(r.positionIds) : [],
  hourlyCostCents: r.hourlyCostCents,
  pinSet: r.pinSet,
});

async function profileOf(tx: Tx, orgId: string, contactId: string) {
  const [row] = await selectProfiles(tx, and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId)));
  return profileAnswer(row!);
}

/** Every employee with their staff record (names for pickers; costs for managers only). */
export async function listEmployees(tx: Tx, ctx: RequestContext) {
  const found = await selectProfiles(
    tx,
    and(
      eq(contacts.organizationId, ctx.organizationId),
      isNull(contacts.deletedAt),
      inArray(contactTypes.type, [...STAFF_TYPES]),
    ),
  )
    .orderBy(sql`lower(${contacts.fullName})`, asc(contacts.id))
    .limit(2000);
  const manager = managesStaff(ctx);
  return {
    list: found.map((r) => {
      const a = profileAnswer(r);
      return manager ? a : { ...a, punchId: null, hourlyCostCents: null, pinSet: false };
    }),
  };
}

export async function saveEmployee(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  body: { categoryId?: string | null; positionIds?: string[]; hourlyCostCents?: number | null },
) {
  requireManager(ctx, 'change employees’ staff records');
  const orgId = ctx.organizationId;
  await staffContact(tx, orgId, contactId);
  await assertCategory(tx, orgId, body.categoryId);
  const positions = body.positionIds ? [...new Set(body.positionIds)] : undefined;
  if (positions?.length) {
    const [n] = await tx
      .select({ n: count() })
      .from(staffPositions)
      .where(and(eq(staffPositions.organizationId, orgId), inArray(staffPositions.id, positions)));
    if (n?.n !== positions.length) throw lookupMissing('positionIds');
  }
  // What the call leaves out keeps its stored value.
  await tx
    .insert(m)
    .values({
      organizationId: orgId,
      contactId,
      categoryId: body.categoryId ?? null,
      positionIds: positions ?? [],
      hourlyCostCents: body.hourlyCostCents ?? null,
    })
    .onConflictDoUpdate({
      target: [m.organizationId, m.contactId],
      set: {
        ...(body.categoryId !== undefined ? { categoryId: sql`excluded.category_id` } : {}),
        ...(positions !== undefined ? { positionIds: sql`excluded.position_ids` } : {}),
        ...(body.hourlyCostCents !== undefined ? { hourlyCostCents: sql`excluded.hourly_cost_cents` } : {}),
        updatedAt: sql`now()`,
      },
    });
  return profileOf(tx, orgId, contactId);
}

/** Takes an employee off the schedule's roster (their category, positions and cost go too). */
export async function removeEmployee(tx: Tx, ctx: RequestContext, contactId: string) {
  requireManager(ctx, 'change the schedule’s roster');
  const orgId = ctx.organizationId;
  await staffContact(tx, orgId, contactId);
  await tx.delete(m).where(and(eq(m.organizationId, orgId), eq(m.contactId, contactId)));
  return profileOf(tx, orgId, contactId);
}
