import { randomBytes } from 'node:crypto';
import type { BookingGroupAnswer } from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { bookingGroups, bookingGroupTypes } from '../booking.tables.ts';

// Booking groups: a named set of booking types behind a public link (its random slug).

const SLUG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 12 characters from 32 (60 bits): unguessable, and unique across organisations in practice. */
export function newSlug(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (const b of bytes) out += SLUG_ALPHABET[b % 32];
  return out;
}

export interface GroupInput {
  name?: string;
  description?: string | null;
  bookingTypeIds?: string[];
  isActive?: boolean;
}

interface GroupRow {
  id: string;
  name: string;
  description: string | null;
  slug: string;
  is_active: boolean;
  types: { _id: string; title: string }[] | string;
  created_at: string;
  updated_at: string;
}

async function readGroups(tx: Tx, orgId: string, id?: string): Promise<BookingGroupAnswer[]> {
  const list = await rows<GroupRow>(
    tx,
    sql`select g.id, g.name, g.description, g.slug, g.is_active,
          ${isoText(sql`g.created_at`)} as created_at, ${isoText(sql`g.updated_at`)} as updated_at,
          coalesce((select json_agg(json_build_object('_id', bt.id, 'title', bt.title) order by lower(bt.title), bt.id)
                    from booking_group_types gt
                    join booking_types bt on bt.organization_id = gt.organization_id and bt.id = gt.booking_type_id
                    where gt.organization_id = g.organization_id and gt.group_id = g.id), '[]'::json) as types
        from booking_groups g
        where g.organization_id = ${orgId} ${id ? sql`and g.id = ${id}` : sql``}
        order by lower(g.name), g.id`,
  );
  return list.map((g) => ({
    _id: g.id,
    name: g.name,
    description: g.description,
    slug: g.slug,
    isActive: g.is_active,
    bookingTypes: typeof g.types === 'string' ? JSON.parse(g.types) : g.types,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
  }));
}

export async function listGroups(tx: Tx, orgId: string) {
  return { list: await readGroups(tx, orgId) };
}

async function setTypes(tx: Tx, orgId: string, groupId: string, typeIds: string[]) {
  const unique = [...new Set(typeIds)];
  const [found] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from booking_types
        where organization_id = ${orgId} and id = any(${sql.param(unique)}::uuid[])`,
  );
  if ((found?.n ?? 0) !== unique.length) throw missing('Booking type', 'bookingTypeIds');
  await tx
    .delete(bookingGroupTypes)
    .where(and(eq(bookingGroupTypes.organizationId, orgId), eq(bookingGroupTypes.groupId, groupId)));
  await tx
    .insert(bookingGroupTypes)
    .values(unique.map((bookingTypeId) => ({ organizationId: orgId, groupId, bookingTypeId })));
}

export async function createGroup(tx: Tx, orgId: string, body: GroupInput) {
  const id = newId();
  await tx.insert(bookingGroups).values({
    organizationId: orgId,
    id,
    name: body.name!,
    description: body.description ?? null,
    slug: newSlug(),
    isActive: body.isActive ?? true,
  });
  await setTypes(tx, orgId, id, body.bookingTypeIds!);
  return (await readGroups(tx, orgId, id))[0]!;
}

export async function updateGroup(tx: Tx, orgId: string, id: string, body: GroupInput) {
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.isActive !== undefined) set.isActive = body.isActive;
  const updated = await tx
    .update(bookingGroups)
    .set(set)
    .where(and(eq(bookingGroups.organizationId, orgId), eq(bookingGroups.id, id)))
    .returning({ id: bookingGroups.id });
  if (updated.length === 0) throw missing('Booking group');
  if (body.bookingTypeIds) await setTypes(tx, orgId, id, body.bookingTypeIds);
  return (await readGroups(tx, orgId, id))[0]!;
}

export async function deleteGroup(tx: Tx, orgId: string, id: string) {
  const gone = await tx
    .delete(bookingGroups)
    .where(and(eq(bookingGroups.organizationId, orgId), eq(bookingGroups.id, id)))
    .returning({ id: bookingGroups.id });
  if (gone.length === 0) throw missing('Booking group');
}
