import type {
  CategoryAnswer,
  EmployeeProfileAnswer,
  PositionAnswer,
} from '@opsuite/shared/contracts/staff-schedule';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, managesStaff, requireManager, staffContact, staffTypesSql } from '../access.ts';

// The staff settings lists: employee categories, positions (with a default hourly cost), and each
// employee's category, positions and hourly cost. Names are unique per organisation, ignoring case.

const categoryAnswer = (r: {
  id: string;
  name: string;
  color: string | null;
  sort_order: number;
}): CategoryAnswer => ({
  _id: r.id,
  name: r.name,
  color: r.color,
  sortOrder: r.sort_order,
});

const positionAnswer = (r: {
  id: string;
  name: string;
  color: string | null;
  category_id: string | null;
  hourly_cost_cents: number | null;
}): PositionAnswer => ({
  _id: r.id,
  name: r.name,
  color: r.color,
  categoryId: r.category_id,
  hourlyCostCents: r.hourly_cost_cents,
});

async function uniqueName(
  tx: Tx,
  table: 'staff_categories' | 'staff_positions',
  orgId: string,
  name: string,
  except?: string,
) {
  const [taken] = await rows(
    tx,
    sql`select 1 from ${sql.identifier(table)} where organization_id = ${orgId} and lower(name) = lower(${name})
        ${except ? sql`and id <> ${except}` : sql``}`,
  );
  if (taken) throw conflict(`${name} already exists`, 'name');
}

export async function listCategories(tx: Tx, orgId: string) {
  const found = await rows<{ id: string; name: string; color: string | null; sort_order: number }>(
    tx,
    sql`select id, name, color, sort_order from staff_categories where organization_id = ${orgId} order by sort_order, lower(name), id`,
  );
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
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-categories:${orgId}`}, 0))`);
  if (body.name) await uniqueName(tx, 'staff_categories', orgId, body.name, id ?? undefined);
  const [row] = id
    ? await rows<{ id: string; name: string; color: string | null; sort_order: number }>(
        tx,
        sql`update staff_categories set name = coalesce(${body.name ?? null}, name),
              color = ${body.color === undefined ? sql`color` : sql`${body.color}`}, updated_at = now()
            where organization_id = ${orgId} and id = ${id} returning id, name, color, sort_order`,
      )
    : await rows<{ id: string; name: string; color: string | null; sort_order: number }>(
        tx,
        sql`insert into staff_categories (organization_id, id, name, color, sort_order)
            values (${orgId}, ${newId()}, ${body.name!}, ${body.color ?? null},
              (select coalesce(max(sort_order) + 1, 0) from staff_categories where organization_id = ${orgId}))
            returning id, name, color, sort_order`,
      );
  if (!row) throw notFound('Category');
  return categoryAnswer(row);
}

export async function deleteCategory(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'change categories');
  const orgId = ctx.organizationId;
  const gone = await rows(
    tx,
    sql`delete from staff_categories where organization_id = ${orgId} and id = ${id} returning 1`,
  );
  if (gone.length === 0) throw notFound('Category');
  await tx.execute(
    sql`update staff_positions set category_id = null where organization_id = ${orgId} and category_id = ${id}`,
  );
  await tx.execute(
    sql`update staff_members set category_id = null where organization_id = ${orgId} and category_id = ${id}`,
  );
}

const positionCols = sql`id, name, color, category_id, hourly_cost_cents`;

export async function listPositions(tx: Tx, orgId: string) {
  const found = await rows<Parameters<typeof positionAnswer>[0]>(
    tx,
    sql`select ${positionCols} from staff_positions where organization_id = ${orgId} order by lower(name), id`,
  );
  return { list: found.map(positionAnswer) };
}

async function assertCategory(tx: Tx, orgId: string, id: string | null | undefined) {
  if (!id) return;
  const [found] = await rows(
    tx,
    sql`select 1 from staff_categories where organization_id = ${orgId} and id = ${id}`,
  );
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
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-positions:${orgId}`}, 0))`);
  if (body.name) await uniqueName(tx, 'staff_positions', orgId, body.name, id ?? undefined);
  await assertCategory(tx, orgId, body.categoryId);
  const keep = (v: unknown, column: string) => (v === undefined ? sql.identifier(column) : sql`${v}`);
  const [row] = id
    ? await rows<Parameters<typeof positionAnswer>[0]>(
        tx,
        sql`update staff_positions set name = coalesce(${body.name ?? null}, name), color = ${keep(body.color, 'color')},
              category_id = ${keep(body.categoryId, 'category_id')}, hourly_cost_cents = ${keep(body.hourlyCostCents, 'hourly_cost_cents')},
              updated_at = now()
            where organization_id = ${orgId} and id = ${id} returning ${positionCols}`,
      )
    : await rows<Parameters<typeof positionAnswer>[0]>(
        tx,
        sql`insert into staff_positions (organization_id, id, name, color, category_id, hourly_cost_cents)
            values (${orgId}, ${newId()}, ${body.name!}, ${body.color ?? null}, ${body.categoryId ?? null}, ${body.hourlyCostCents ?? null})
            returning ${positionCols}`,
      );
  if (!row) throw notFound('Position');
  return positionAnswer(row);
}

export async function deletePosition(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'change positions');
  const orgId = ctx.organizationId;
  const gone = await rows(
    tx,
    sql`delete from staff_positions where organization_id = ${orgId} and id = ${id} returning 1`,
  );
  if (gone.length === 0) throw notFound('Position');
  await tx.execute(
    sql`update staff_members set position_ids = position_ids - ${id}::text
        where organization_id = ${orgId} and position_ids ? ${id}::text`,
  );
}

interface ProfileRow {
  id: string;
  full_name: string;
  punch_id: string | null;
  category_id: string | null;
  position_ids: string[] | string | null;
  hourly_cost_cents: number | null;
  on_schedule: boolean;
  pin_set: boolean;
}

const profileAnswer = (r: ProfileRow): EmployeeProfileAnswer => ({
  contactId: r.id,
  fullName: r.full_name,
  punchId: r.punch_id,
  onSchedule: r.on_schedule,
  categoryId: r.category_id,
  positionIds: r.position_ids ? json(r.position_ids) : [],
  hourlyCostCents: r.hourly_cost_cents,
  pinSet: r.pin_set,
});

const profileSelect = sql`select c.id, c.full_name, c.punch_id, m.category_id, m.position_ids, m.hourly_cost_cents,
    m.contact_id is not null as on_schedule, coalesce(m.punch_pin_hash is not null, false) as pin_set
  from contacts c
  join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
  left join staff_members m on m.organization_id = c.organization_id and m.contact_id = c.id`;

/** Every employee with their staff record (names for pickers; costs for managers only). */
export async function listEmployees(tx: Tx, ctx: RequestContext) {
  const found = await rows<ProfileRow>(
    tx,
    sql`${profileSelect} where c.organization_id = ${ctx.organizationId} and c.deleted_at is null and ct.type in ${staffTypesSql}
        order by lower(c.full_name), c.id limit 2000`,
  );
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
    const [n] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from staff_positions where organization_id = ${orgId} and id = any(${sql.param(positions)}::uuid[])`,
    );
    if (n?.n !== positions.length) throw lookupMissing('positionIds');
  }
  await tx.execute(
    sql`insert into staff_members (organization_id, contact_id, category_id, position_ids, hourly_cost_cents)
        values (${orgId}, ${contactId}, ${body.categoryId ?? null}, ${JSON.stringify(positions ?? [])}::jsonb, ${body.hourlyCostCents ?? null})
        on conflict (organization_id, contact_id) do update set
          category_id = ${body.categoryId === undefined ? sql`staff_members.category_id` : sql`excluded.category_id`},
          position_ids = ${positions === undefined ? sql`staff_members.position_ids` : sql`excluded.position_ids`},
          hourly_cost_cents = ${body.hourlyCostCents === undefined ? sql`staff_members.hourly_cost_cents` : sql`excluded.hourly_cost_cents`},
          updated_at = now()`,
  );
  const [row] = await rows<ProfileRow>(
    tx,
    sql`${profileSelect} where c.organization_id = ${orgId} and c.id = ${contactId}`,
  );
  return profileAnswer(row!);
}

/** Takes an employee off the schedule's roster (their category, positions and cost go too). */
export async function removeEmployee(tx: Tx, ctx: RequestContext, contactId: string) {
  requireManager(ctx, 'change the schedule’s roster');
  const orgId = ctx.organizationId;
  await staffContact(tx, orgId, contactId);
  await tx.execute(
    sql`delete from staff_members where organization_id = ${orgId} and contact_id = ${contactId}`,
  );
  const [row] = await rows<ProfileRow>(
    tx,
    sql`${profileSelect} where c.organization_id = ${orgId} and c.id = ${contactId}`,
  );
  return profileAnswer(row!);
}
