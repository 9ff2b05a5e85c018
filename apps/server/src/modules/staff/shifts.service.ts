import type { ShiftWeek, UpdateShiftsBody } from '@opsuite/shared';
import { isStaffType } from '@opsuite/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { contacts, contactTypes } from '../contacts/contacts.tables.ts';
import { recordActivity } from '../contacts/index.ts';
import { contactShifts, type StoredShift } from './shifts.tables.ts';

// contact/update-shifts: an employee contact's shifts for one week, stored as a plain list that
// each call replaces whole (see shifts.tables.ts). A shift belongs to the week in which it
// starts, by the organisation's time zone; shifts of one person may not overlap.

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

interface WeekRow {
  contactId: string;
  fullName: string;
  shifts: StoredShift[] | string;
}

const answerOf = (r: WeekRow, week: ShiftWeek) => ({
  contactId: r.contactId,
  fullName: r.fullName,
  startOfWeek: week.startOfWeek,
  endOfWeek: week.endOfWeek,
  shifts: typeof r.shifts === 'string' ? (JSON.parse(r.shifts) as StoredShift[]) : r.shifts,
});

export async function updateShifts(tx: Tx, ctx: RequestContext, week: ShiftWeek, body: UpdateShiftsBody) {
  const orgId = ctx.organizationId;
  const [contact] = await tx
    .select({ fullName: contacts.fullName, type: contactTypes.type })
    .from(contacts)
    .leftJoin(contactTypes, tenantJoin(contactTypes, contacts, eq(contactTypes.id, contacts.contactTypeId)))
    .where(
      and(eq(contacts.organizationId, orgId), eq(contacts.id, body.contactId), isNull(contacts.deletedAt)),
    )
    .for('update', { of: contacts });
  if (!contact) throw notFound('Contact');
  if (!contact.type || !isStaffType(contact.type)) {
    throw invalid('contactId', 'shifts can only be saved for an employee');
  }
  const timeZone = ctx.organization.timeZone;
  const shifts: StoredShift[] = body.shifts
    .map((s, i) => {
      const day = localDate(s.startDate, timeZone);
      if (day < week.startOfWeek || day > week.endOfWeek) {
        throw invalid(
          `shifts.${i}.startDate`,
          `must fall within the week ${week.startOfWeek} to ${week.endOfWeek}`,
        );
      }
      return {
        _id: s._id ?? newId(),
        shiftName: s.shiftName,
        positionIds: [...new Set(s.positionIds)],
        startDate: new Date(s.startDate).toISOString(),
        endDate: new Date(s.endDate).toISOString(),
      };
    })
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  for (let i = 1; i < shifts.length; i++) {
    if (shifts[i]!.startDate < shifts[i - 1]!.endDate) {
      throw invalid('shifts', `${shifts[i]!.shiftName} overlaps ${shifts[i - 1]!.shiftName}`);
    }
  }
  if (new Set(shifts.map((s) => s._id)).size !== shifts.length)
    throw invalid('shifts', 'a shift id is repeated');
  if (shifts.length === 0) {
    await tx
      .delete(contactShifts)
      .where(
        and(
          eq(contactShifts.organizationId, orgId),
          eq(contactShifts.contactId, body.contactId),
          eq(contactShifts.weekStart, week.startOfWeek),
        ),
      );
  } else {
    await tx
      .insert(contactShifts)
      .values({
        organizationId: orgId,
        contactId: body.contactId,
        weekStart: week.startOfWeek,
        shifts,
        updatedBy: ctx.userId,
      })
      .onConflictDoUpdate({
        target: [contactShifts.organizationId, contactShifts.contactId, contactShifts.weekStart],
        set: { shifts, updatedBy: ctx.userId, updatedAt: sql`now()` },
      });
  }
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: body.contactId,
    kind: 'contact.shifts',
    title: 'Shift updated',
    data: { startOfWeek: week.startOfWeek, shifts: shifts.length },
    actorUserId: ctx.userId,
  });
  return answerOf({ contactId: body.contactId, fullName: contact.fullName, shifts }, week);
}

/** The week's saved shifts, one entry per person (by name), a page at a time, in one statement. */
export async function listShifts(
  tx: Tx,
  orgId: string,
  q: ShiftWeek & { contactId?: string; page: number; pageSize: number },
) {
  const s = contactShifts;
  const found = await tx
    .select({ contactId: s.contactId, fullName: contacts.fullName, shifts: s.shifts })
    .from(s)
    .innerJoin(
      contacts,
      and(tenantJoin(contacts, s, eq(contacts.id, s.contactId)), isNull(contacts.deletedAt)),
    )
    .where(
      and(
        eq(s.organizationId, orgId),
        eq(s.weekStart, q.startOfWeek),
        q.contactId ? eq(s.contactId, q.contactId) : undefined,
      ),
    )
    .orderBy(sql`lower(${contacts.fullName})`, asc(contacts.id))
    .limit(q.pageSize + 1)
    .offset((q.page - 1) * q.pageSize);
  return {
    list: found.slice(0, q.pageSize).map((r) => answerOf(r, q)),
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: found.length > q.pageSize },
  };
}
