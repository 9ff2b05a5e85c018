import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, updatedAt } from '../../db/columns.ts';
import { userReference } from '../auth/auth.tables.ts';
import { tenantColumn } from '../organizations/organizations.tables.ts';

// Per-organisation settings of the booking module (calendar, themes) and the calendar's own
// events (the "Events" filter beside appointments and classes).

/** One row per organisation, created on first save; absent means the defaults. */
export const calendarSettings = pgTable(
  'calendar_settings',
  {
    organizationId: tenantColumn(),
    weekStart: smallint('week_start').notNull().default(0),
    slotDurationMinutes: integer('slot_duration_minutes').notNull().default(30),
    dayStartTime: text('day_start_time').notNull().default('06:00'),
    dayEndTime: text('day_end_time').notNull().default('22:00'),
    defaultView: text('default_view').notNull().default('timeGridWeek'),
    defaultCapacity: integer('default_capacity'),
    publicBookingDays: integer('public_booking_days').notNull().default(14),
    /** A member's cancellation this many minutes or less before the start is a late cancel. */
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t)],
);

/** The booking page and self check-in themes; absent means default. */
export const themeSettings = pgTable(
  'theme_settings',
  {
    organizationId: tenantColumn(),
    /** booking | self-check-in */
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    color: text('color').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.kind),
    check('theme_settings_kind_ck', sql`${t.kind} in ('booking', 'self-check-in')`),
    check('theme_settings_type_ck', sql`${t.type} in ('solid', 'gradient')`),
  ],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    colorName: text('color_name').notNull().default('Default'),
    description: text('description'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.id), index('calendar_events_org_start_idx').on(t.organizationId, t.startAt)],
);
