import type { BookingTypeAnswer, EventColorName } from '@opsuite/shared';
import { eventColorHex } from '@opsuite/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isForeignKeyViolation, rows } from '../../../lib/sql.ts';
import { bookingTypes } from '../booking.tables.ts';
import { assertInstructor } from './instructors.ts';

// Booking types: what a class or appointment is (title, label, value, program, colour).

type Row = typeof bookingTypes.$inferSelect;

export interface BookingTypeInput {
  title?: string;
  label?: string | null;
  value?: string | null;
  programName?: string | null;
  color?: EventColorName;
  kind?: 'class' | 'other';
  durationMinutes?: number;
  description?: string | null;
  instructorId?: string | null;
}

type Instructor = { _id: string; fullName: string } | null;

const kebab = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'type';

export function bookingTypeAnswer(
  row: Row,
  orgColor: string,
  instructor: Instructor = null,
): BookingTypeAnswer {
  return {
    _id: row.id,
    title: row.title,
    label: row.label,
    value: row.value,
    programName: row.programName,
    program: row.programName ? { name: row.programName } : null,
    color: row.color as EventColorName,
    colorHex: eventColorHex(row.color, orgColor),
    kind: row.kind as 'class' | 'other',
    durationMinutes: row.durationMinutes,
    description: row.description,
    instructor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The instructors' names of some types' rows, by contact id. */
async function instructorsOf(tx: Tx, orgId: string, list: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(list.map((r) => r.instructorId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; full_name: string }>(
    tx,
    sql`select id, full_name from contacts where organization_id = ${orgId} and id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Map(found.map((r) => [r.id, r.full_name]));
}

async function answersOf(tx: Tx, orgId: string, orgColor: string, list: Row[]) {
  const names = await instructorsOf(tx, orgId, list);
  return list.map((r) =>
    bookingTypeAnswer(
      r,
      orgColor,
      r.instructorId ? { _id: r.instructorId, fullName: names.get(r.instructorId) ?? '' } : null,
    ),
  );
}

export async function listBookingTypes(tx: Tx, orgId: string, orgColor: string) {
  const list = await tx
    .select()
    .from(bookingTypes)
    .where(eq(bookingTypes.organizationId, orgId))
    .orderBy(asc(sql`lower(${bookingTypes.title})`), asc(bookingTypes.id));
  return { list: await answersOf(tx, orgId, orgColor, list) };
}

export async function createBookingType(tx: Tx, orgId: string, orgColor: string, body: BookingTypeInput) {
  const title = body.title!;
  await assertInstructor(tx, orgId, body.instructorId);
  const [row] = await tx
    .insert(bookingTypes)
    .values({
      organizationId: orgId,
      id: newId(),
      title,
      label: body.label || title,
      value: body.value || kebab(title),
      programName: body.programName ?? null,
      color: body.color ?? 'Default',
      kind: body.kind ?? 'class',
      durationMinutes: body.durationMinutes ?? 60,
      description: body.description ?? null,
      instructorId: body.instructorId ?? null,
    })
    .returning();
  return (await answersOf(tx, orgId, orgColor, [row!]))[0]!;
}

export async function updateBookingType(
  tx: Tx,
  orgId: string,
  orgColor: string,
  id: string,
  body: BookingTypeInput,
) {
  const set: Record<string, unknown> = { updatedAt: new Date() };
  await assertInstructor(tx, orgId, body.instructorId);
  for (const key of [
    'title',
    'programName',
    'color',
    'kind',
    'durationMinutes',
    'description',
    'instructorId',
  ] as const) {
    if (body[key] !== undefined) set[key] = body[key];
  }
  // A cleared label or value falls back to the title, as on create.
  if (body.label !== undefined) set.label = body.label || body.title || sql`${bookingTypes.title}`;
  if (body.value !== undefined)
    set.value = body.value || (body.title ? kebab(body.title) : sql`${bookingTypes.value}`);
  const [row] = await tx
    .update(bookingTypes)
    .set(set)
    .where(and(eq(bookingTypes.organizationId, orgId), eq(bookingTypes.id, id)))
    .returning();
  if (!row) throw missing('Booking type');
  return (await answersOf(tx, orgId, orgColor, [row]))[0]!;
}

/** A type still used by a schedule, slot or booking stays (409); groups simply drop it. */
export async function deleteBookingType(tx: Tx, orgId: string, id: string) {
  try {
    const rows = await tx
      .delete(bookingTypes)
      .where(and(eq(bookingTypes.organizationId, orgId), eq(bookingTypes.id, id)))
      .returning({ id: bookingTypes.id });
    if (rows.length === 0) throw missing('Booking type');
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw conflict('This booking type is used by classes or bookings; remove them first');
    }
    throw err;
  }
}

/** The booking type's row, or 404 naming `field`. */
export async function bookingTypeOrMissing(tx: Tx, orgId: string, id: string, field: string) {
  const [row] = await tx
    .select()
    .from(bookingTypes)
    .where(and(eq(bookingTypes.organizationId, orgId), eq(bookingTypes.id, id)));
  if (!row) throw missing('Booking type', field);
  return row;
}
