import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../db/columns.ts';
import { userReference } from '../auth/auth.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { tenantColumn } from '../organizations/organizations.tables.ts';

export * from './settings.tables.ts';

// Booking types, groups, weekly class schedules, the slots they generate and the bookings
// (appointments and class attendance) in them. Slot times are the organisation's wall clock
// (date + HH:mm) with the UTC instants stored beside them, computed in the organisation's zone.

export const bookingTypes = pgTable(
  'booking_types',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    programName: text('program_name'),
    /** An event colour name: Default, Tomato … Graphite. */
    color: text('color').notNull().default('Default'),
    kind: text('kind').notNull().default('class'),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    description: text('description'),
    /** The default instructor (a staff contact) of the type's schedules and slots. */
    instructorId: uuid('instructor_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    check('booking_types_kind_ck', sql`${t.kind} in ('class', 'other')`),
    tenantReference(t, t.instructorId, contacts),
  ],
);

/** A public booking page: its slug is the link, its types decide which slots it offers. */
export const bookingGroups = pgTable(
  'booking_groups',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    // Slugs are random (60+ bits), so one lookup by slug alone finds the organisation.
    uniqueIndex('booking_groups_org_slug_uq').on(t.organizationId, t.slug),
    index('booking_groups_slug_idx').on(t.slug),
  ],
);

export const bookingGroupTypes = pgTable(
  'booking_group_types',
  {
    organizationId: tenantColumn(),
    groupId: uuid('group_id').notNull(),
    bookingTypeId: uuid('booking_type_id').notNull(),
  },
  (t) => [
    tenantKey(t, t.groupId, t.bookingTypeId),
    tenantReference(t, t.groupId, bookingGroups).onDelete('cascade'),
    tenantReference(t, t.bookingTypeId, bookingTypes).onDelete('cascade'),
    index('booking_group_types_type_idx').on(t.organizationId, t.bookingTypeId),
  ],
);

/** A weekly recurring class; slots are generated from it up to `generated_until`. */
export const classSchedules = pgTable(
  'class_schedules',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    bookingTypeId: uuid('booking_type_id').notNull(),
    /** 0 Sunday … 6 Saturday. */
    daysOfWeek: smallint('days_of_week').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    capacity: integer('capacity'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }),
    type: text('type').notNull().default('class'),
    isActive: boolean('is_active').notNull().default(true),
    generatedUntil: date('generated_until', { mode: 'string' }),
    /** Overrides the booking type's instructor for this schedule's slots; null inherits it. */
    instructorId: uuid('instructor_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.bookingTypeId, bookingTypes),
    tenantReference(t, t.instructorId, contacts),
    check('class_schedules_type_ck', sql`${t.type} in ('class', 'other')`),
    index('class_schedules_type_idx').on(t.organizationId, t.bookingTypeId),
  ],
);

/**
 * One class or appointment slot. `booked_count` counts live bookings (not deleted, not
 * cancelled) and is only changed by conditional updates, so capacity holds under concurrency;
 * the checks make the database refuse anything else.
 */
export const bookingSlots = pgTable(
  'booking_slots',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    bookingTypeId: uuid('booking_type_id').notNull(),
    scheduleId: uuid('schedule_id'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    type: text('type').notNull().default('class'),
    capacity: integer('capacity'),
    bookedCount: integer('booked_count').notNull().default(0),
    attendedSlots: integer('attended_slots').notNull().default(0),
    /**
     * Overrides the instructor for this one class; null inherits the schedule's, then the booking
     * type's (the effective instructor is read as their coalesce, queries.ts).
     */
    instructorId: uuid('instructor_id'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.bookingTypeId, bookingTypes),
    tenantReference(t, t.scheduleId, classSchedules),
    tenantReference(t, t.instructorId, contacts),
    check('booking_slots_type_ck', sql`${t.type} in ('class', 'other')`),
    check('booking_slots_attended_ck', sql`${t.attendedSlots} >= 0`),
    check(
      'booking_slots_capacity_ck',
      sql`${t.bookedCount} >= 0 and (${t.capacity} is null or ${t.bookedCount} <= ${t.capacity})`,
    ),
    index('booking_slots_org_date_idx')
      .on(t.organizationId, t.date, t.startTime)
      .where(sql`${t.deletedAt} is null`),
    index('booking_slots_org_starts_idx').on(t.organizationId, t.startsAt).where(sql`${t.deletedAt} is null`),
    // Generation is idempotent: one slot per schedule and day, deleted ones included.
    uniqueIndex('booking_slots_schedule_day_uq')
      .on(t.organizationId, t.scheduleId, t.date)
      .where(sql`${t.scheduleId} is not null`),
    index('booking_slots_type_idx').on(t.organizationId, t.bookingTypeId),
    index('booking_slots_instructor_idx')
      .on(t.organizationId, t.instructorId)
      .where(sql`${t.instructorId} is not null`),
  ],
);

/** Appointments and class attendance. */
export const bookings = pgTable(
  'bookings',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    /** invitedUser */
    contactId: uuid('contact_id').notNull(),
    /** bookingSlot; null for an appointment with its own start and end. */
    slotId: uuid('slot_id'),
    bookingTypeId: uuid('booking_type_id').notNull(),
    status: text('status').notNull().default('booked'),
    attendDate: instant('attend_date'),
    type: text('type').notNull().default('class'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date').notNull(),
    notes: text('notes'),
    source: text('source').notNull().default('admin'),
    /** Cancelled by the member after the organisation's cancellation cut-off (still allowed). */
    lateCancel: boolean('late_cancel').notNull().default(false),
    cancelledAt: instant('cancelled_at'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts),
    // Checked at commit (DEFERRABLE INITIALLY DEFERRED, migration 0017, which drizzle cannot
    // declare): see that migration for why.
    tenantReference(t, t.slotId, bookingSlots),
    tenantReference(t, t.bookingTypeId, bookingTypes),
    check('bookings_status_ck', sql`${t.status} in ('booked', 'completed', 'cancelled', 'no_show')`),
    check('bookings_type_ck', sql`${t.type} in ('class', 'other')`),
    // A member is booked into a slot at most once (deleted bookings aside).
    uniqueIndex('bookings_slot_contact_uq')
      .on(t.organizationId, t.slotId, t.contactId)
      .where(sql`not ${t.isDeleted}`),
    index('bookings_org_start_idx').on(t.organizationId, t.startDate).where(sql`not ${t.isDeleted}`),
    index('bookings_org_contact_idx').on(t.organizationId, t.contactId, t.startDate),
    index('bookings_org_type_idx').on(t.organizationId, t.bookingTypeId),
  ],
);
