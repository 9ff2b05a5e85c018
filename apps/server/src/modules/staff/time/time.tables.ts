import type { CaptureStatus } from '@opsuite/shared/contracts/staff-time';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { userReference } from '../../auth/auth.tables.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';

/** One break of a work session; `end` is null while it runs. Breaks saved before kinds are breaks. */
export interface StoredBreak {
  _id: string;
  kind?: 'break' | 'meal';
  start: string;
  end: string | null;
  description: string | null;
}

/**
 * A work session (work history): from start to end (null while open), its breaks as a small list
 * (read and written with the session, one row per clock action), and the latest screenshot.
 * One open session per employee is a unique index, so two clock-ins racing cannot both win.
 */
export const workHistories = pgTable(
  'work_histories',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    shiftId: uuid('shift_id'),
    shiftName: text('shift_name'),
    description: text('description').notNull().default(''),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at'),
    breakTimes: jsonb('break_times').$type<StoredBreak[]>().notNull().default([]),
    restDescription: text('rest_description'),
    manual: boolean('manual').notNull().default(false),
    /** Ended by the organisation's limit: waits for the employee's or an admin's confirmation. */
    autoEnded: boolean('auto_ended').notNull().default(false),
    confirmedAt: instant('confirmed_at'),
    confirmedBy: userReference('confirmed_by'),
    screenshotId: uuid('screenshot_id'),
    captureStatus: text('capture_status').$type<CaptureStatus>().notNull().default('off'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    uniqueIndex('work_histories_one_open_uq')
      .on(t.organizationId, t.contactId)
      .where(sql`${t.endAt} is null`),
    index('work_histories_contact_start_idx').on(t.organizationId, t.contactId, t.startAt),
    index('work_histories_org_start_idx').on(t.organizationId, t.startAt),
    index('work_histories_open_idx').on(t.startAt).where(sql`${t.endAt} is null`),
    check('work_histories_end_ck', sql`${t.endAt} is null or ${t.endAt} >= ${t.startAt}`),
    check(
      'work_histories_capture_ck',
      sql`${t.captureStatus} in ('off', 'sharing', 'refused', 'failed', 'stopped')`,
    ),
  ],
);

/**
 * A periodic screenshot of a session, or the record that none could be taken (refused, failed
 * or stopped). Files live in the app's file store under staff/ (DATA_DIR/files/staff on disk); deleting one never touches the session's times.
 */
export const workScreenshots = pgTable(
  'work_screenshots',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    historyId: uuid('history_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    takenAt: instant('taken_at').notNull().defaultNow(),
    status: text('status').$type<'captured' | 'refused' | 'failed' | 'stopped'>().notNull(),
    fileKey: text('file_key'),
    smallKey: text('small_key'),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.historyId, workHistories).onDelete('cascade'),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('work_screenshots_history_idx').on(t.organizationId, t.historyId, t.takenAt),
    check('work_screenshots_status_ck', sql`${t.status} in ('captured', 'refused', 'failed', 'stopped')`),
  ],
);

/** One field an edit changed, as text on both sides. */
export interface EditChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * The audit trail of time-sheet edits: who changed which entry, why, and what it was before.
 * Kept when the entry itself is deleted (no key to it).
 */
export const workHistoryEdits = pgTable(
  'work_history_edits',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    historyId: uuid('history_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    changes: jsonb('changes').$type<EditChange[]>().notNull().default([]),
    actorUserId: userReference('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('work_history_edits_history_idx').on(t.organizationId, t.historyId, t.createdAt),
  ],
);
