import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { userReference } from '../../auth/auth.tables.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';

/**
 * An employee shift. Its own columns are the working (draft) version the admin edits; the pub_*
 * columns are what employees see, copied over when the week is published and cleared when it is
 * reverted. A shift removed in the draft stays (removed) until the removal is published.
 */
export const employeeShifts = pgTable(
  'employee_shifts',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    shiftName: text('shift_name').notNull(),
    positionIds: jsonb('position_ids').$type<string[]>().notNull().default([]),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    note: text('note'),
    removedAt: instant('removed_at'),
    pubContactId: uuid('pub_contact_id'),
    pubShiftName: text('pub_shift_name'),
    pubPositionIds: jsonb('pub_position_ids').$type<string[]>(),
    pubStartAt: instant('pub_start_at'),
    pubEndAt: instant('pub_end_at'),
    publishedAt: instant('published_at'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('employee_shifts_org_start_idx').on(t.organizationId, t.startAt),
    index('employee_shifts_contact_start_idx').on(t.organizationId, t.contactId, t.startAt),
    index('employee_shifts_pub_contact_idx')
      .on(t.organizationId, t.pubContactId, t.pubStartAt)
      .where(sql`${t.pubContactId} is not null`),
    // The shifts whose draft differs from what employees see (weekStatus counts a week's on every
    // read of the grid): a few among thousands, so the count reads this small index alone.
    index('employee_shifts_unpublished_idx')
      .on(t.organizationId, t.startAt)
      .where(
        sql`${t.removedAt} is not null or ${t.pubContactId} is null or ${t.pubContactId} <> ${t.contactId}
          or ${t.pubStartAt} <> ${t.startAt} or ${t.pubEndAt} <> ${t.endAt} or ${t.pubShiftName} <> ${t.shiftName}
          or ${t.pubPositionIds} <> ${t.positionIds}`,
      ),
    check('employee_shifts_end_ck', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** A week's publication state: published (when, by whom) or back to draft after a revert. */
export const scheduleWeeks = pgTable(
  'schedule_weeks',
  {
    organizationId: tenantColumn(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('draft'),
    publishedAt: instant('published_at'),
    publishedBy: userReference('published_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.weekStart),
    check('schedule_weeks_status_ck', sql`${t.status} in ('draft', 'published')`),
  ],
);

/** A shift an employee offers to others (the shift pool); one open offer per shift. */
export const shiftPool = pgTable(
  'shift_pool',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    offeredBy: uuid('offered_by').notNull(),
    note: text('note'),
    status: text('status').notNull().default('offered'),
    tradedTo: uuid('traded_to'),
    acceptedBy: userReference('accepted_by'),
    acceptedAt: instant('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.shiftId, employeeShifts).onDelete('cascade'),
    tenantReference(t, t.offeredBy, contacts, 'shift_pool_offered_by_fk').onDelete('cascade'),
    tenantReference(t, t.tradedTo, contacts, 'shift_pool_traded_to_fk').onDelete('cascade'),
    uniqueIndex('shift_pool_open_offer_uq')
      .on(t.organizationId, t.shiftId)
      .where(sql`${t.status} = 'offered'`),
    check('shift_pool_status_ck', sql`${t.status} in ('offered', 'traded', 'withdrawn')`),
  ],
);

/** A bid on an offered shift; one per employee and offer. */
export const shiftPoolBids = pgTable(
  'shift_pool_bids',
  {
    organizationId: tenantColumn(),
    poolId: uuid('pool_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.poolId, t.contactId),
    tenantReference(t, t.poolId, shiftPool).onDelete('cascade'),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('shift_pool_bids_status_ck', sql`${t.status} in ('active', 'cancelled', 'accepted')`),
  ],
);

/** What a request asks for: the span and, for a reschedule, the shift. */
export interface RequestPayload {
  startDate: string;
  endDate: string;
  reason: string;
  shiftId: string | null;
  shiftName: string | null;
}

/** Time-off and reschedule requests: pending, then approved or denied (or cancelled by the asker). */
export const staffRequests = pgTable(
  'staff_requests',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    kind: text('kind').notNull(),
    contactId: uuid('contact_id').notNull(),
    status: text('status').notNull().default('pending'),
    payload: jsonb('payload').$type<RequestPayload>().notNull(),
    /** The span asked for, as instants, so the grid finds approved time off by range. */
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    response: text('response'),
    decidedBy: userReference('decided_by'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('staff_requests_kind_status_idx').on(t.organizationId, t.kind, t.status, t.createdAt),
    index('staff_requests_span_idx').on(t.organizationId, t.startAt),
    check('staff_requests_kind_ck', sql`${t.kind} in ('timeOff', 'reschedule')`),
    check('staff_requests_status_ck', sql`${t.status} in ('pending', 'approved', 'denied', 'cancelled')`),
  ],
);

/** Planned sales per organisation day (employee-budgets), in cents. */
export const salesBudgets = pgTable(
  'sales_budgets',
  {
    organizationId: tenantColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    plannedSalesCents: integer('planned_sales_cents').notNull(),
    updatedBy: userReference('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.day)],
);

/** Every schedule change, newest first (the activity log). */
export const scheduleActivity = pgTable(
  'schedule_activity',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    action: text('action').notNull(),
    message: text('message').notNull(),
    weekStart: date('week_start', { mode: 'string' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorUserId: userReference('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id), index('schedule_activity_org_at_idx').on(t.organizationId, t.createdAt)],
);

/** A manager's word on a shift's attendance (excused, or a correction of what the clock says). */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    organizationId: tenantColumn(),
    shiftId: uuid('shift_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    recordedBy: userReference('recorded_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.shiftId),
    tenantReference(t, t.shiftId, employeeShifts).onDelete('cascade'),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('attendance_records_status_ck', sql`${t.status} in ('onTime', 'late', 'absent', 'excused')`),
  ],
);
