import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { forbidden, missing } from '../../../lib/errors.ts';
import { NO_ID } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { type BookingRow, bookingRecordAnswer, bookingsSql, loadBooking } from '../queries.ts';
import { addDays, checkRange, dayStart } from '../time.ts';
import type { Actor } from './bookings.service.ts';

// Reading bookings: a filtered page, or one by id. Members see only their own.

export interface BookingListQuery {
  startDate?: string;
  endDate?: string;
  slotId?: string;
  contactId?: string;
  type?: 'class' | 'other';
  status?: string;
  includeDeleted: boolean;
  page: number;
  perPage: number;
}

export async function listBookings(tx: Tx, actor: Actor, timeZone: string, q: BookingListQuery) {
  const where = [sql`b.organization_id = ${actor.orgId}`];
  let contactId = q.contactId;
  if (!actor.staff) {
    if (contactId && contactId !== actor.contactId) throw forbidden('You can only see your own bookings');
    contactId = actor.contactId ?? NO_ID;
    if (q.includeDeleted) throw forbidden('Only staff can see deleted bookings');
  }
  if (!q.includeDeleted) where.push(sql`not b.is_deleted`);
  if (contactId) where.push(sql`b.contact_id = ${contactId}`);
  if (q.slotId) where.push(sql`b.slot_id = ${q.slotId}`);
  if (q.type) where.push(sql`b.type = ${q.type}`);
  if (q.status) where.push(sql`b.status = ${q.status}`);
  if (q.startDate && q.endDate) checkRange(q.startDate, q.endDate, 3660);
  if (q.startDate)
    where.push(sql`b.start_date >= ${dayStart(q.startDate, timeZone).toISOString()}::timestamptz`);
  if (q.endDate) {
    where.push(sql`b.start_date < ${dayStart(addDays(q.endDate, 1), timeZone).toISOString()}::timestamptz`);
  }
  const list = await rows<BookingRow>(
    tx,
    bookingsSql(
      sql.join(where, sql` and `),
      sql`order by b.start_date, b.id limit ${q.perPage} offset ${q.page * q.perPage}`,
    ),
  );
  let total = list[0]?.total ?? 0;
  if (list.length === 0 && q.page > 0) {
    const [row] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bookings b where ${sql.join(where, sql` and `)}`,
    );
    total = row?.n ?? 0;
  }
  return { list: list.map(bookingRecordAnswer), pagination: { page: q.page, perPage: q.perPage, total } };
}

export async function getBooking(tx: Tx, actor: Actor, id: string) {
  const row = await loadBooking(tx, actor.orgId, id);
  if (!row || (!actor.staff && row.contact_id !== actor.contactId)) throw missing('Booking');
  return { data: bookingRecordAnswer(row) };
}
