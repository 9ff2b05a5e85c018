import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { contactActivities } from '../contacts.tables.ts';

export interface ActivityInput {
  organizationId: string;
  /** The contact the activity is about. */
  contactId?: string | null;
  /** Falls back to the performer's own contact when no contactId is given. */
  performerContactId?: string | null;
  kind: string;
  title: string;
  data?: Record<string, unknown> | null;
  actorUserId?: string | null;
}

/**
 * The one call every module uses to write a contact's timeline, inside its own transaction
 * `tx`. Skipped (answers null) when neither a contact nor a performer's contact is known.
 */
export async function recordActivity(tx: Tx, input: ActivityInput): Promise<string | null> {
  const contactId = input.contactId ?? input.performerContactId ?? null;
  if (!contactId) return null;
  const id = newId();
  await tx.insert(contactActivities).values({
    organizationId: input.organizationId,
    id,
    contactId,
    kind: input.kind,
    title: input.title,
    data: input.data ?? null,
    actorUserId: input.actorUserId ?? null,
  });
  return id;
}

/** The same for many contacts at once (bulk actions), in one statement. */
export async function recordActivities(tx: Tx, inputs: ActivityInput[]): Promise<void> {
  const found = inputs
    .map((a) => ({ ...a, contactId: a.contactId ?? a.performerContactId ?? null }))
    .filter((a): a is ActivityInput & { contactId: string } => !!a.contactId)
    .map((a) => ({
      organizationId: a.organizationId,
      id: newId(),
      contactId: a.contactId,
      kind: a.kind,
      title: a.title,
      data: a.data ?? null,
      actorUserId: a.actorUserId ?? null,
    }));
  if (found.length > 0) await tx.insert(contactActivities).values(found);
}

interface ActivityRow {
  id: string;
  contact_id: string;
  kind: string;
  title: string;
  data: Record<string, unknown> | null;
  actor_user_id: string | null;
  created_at: string;
}

/** A page of a contact's timeline, newest first; one extra row tells whether more exist. */
export async function listActivities(
  tx: Tx,
  organizationId: string,
  contactId: string,
  page: number,
  limit: number,
) {
  const found = await rows<ActivityRow>(
    tx,
    sql`select id, contact_id, kind, title, data, actor_user_id, ${isoText(sql`created_at`)} as created_at
        from contact_activities
        where organization_id = ${organizationId} and contact_id = ${contactId}
        order by created_at desc nulls last, id desc nulls last
        limit ${limit + 1} offset ${(page - 1) * limit}`,
  );
  return {
    list: found.slice(0, limit).map((r) => ({
      _id: r.id,
      contactId: r.contact_id,
      kind: r.kind,
      title: r.title,
      data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
      actorUserId: r.actor_user_id,
      createdAt: r.created_at,
    })),
    pagination: { page, limit, hasMore: found.length > limit },
  };
}

/**
 * A contact attended (a kiosk check-in, a booking marked completed): keeps their Last Attended
 * (contact_answers), which the "Last Attended" rating and retention read, at the latest
 * attendance.
 */
export async function noteAttendance(
  tx: Tx,
  organizationId: string,
  contactId: string,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`update contact_answers set last_attended_at = ${at.toISOString()}::timestamptz
        where organization_id = ${organizationId} and contact_id = ${contactId}
          and (last_attended_at is null or last_attended_at < ${at.toISOString()}::timestamptz)`,
  );
}

/** Sets a contact's Last Attended as given (an edit by an admin, or an import), or clears it. */
export async function setLastAttended(
  tx: Tx,
  organizationId: string,
  contactId: string,
  at: string | null,
): Promise<void> {
  await tx.execute(
    sql`update contact_answers set last_attended_at = ${at}::timestamptz
        where organization_id = ${organizationId} and contact_id = ${contactId}`,
  );
}

/**
 * A check-in was undone: a Last Attended that came from it (no later than `undone`) goes back to
 * `latest`, the contact's latest attendance that remains (null when none does), so the "Last
 * Attended" rating and retention stop counting the undone one. A later Last Attended stays.
 */
export async function withdrawAttendance(
  tx: Tx,
  organizationId: string,
  contactId: string,
  undone: Date,
  latest: Date | null,
): Promise<void> {
  await tx.execute(
    sql`update contact_answers set last_attended_at = ${latest?.toISOString() ?? null}::timestamptz
        where organization_id = ${organizationId} and contact_id = ${contactId}
          and last_attended_at is not null and last_attended_at <= ${undone.toISOString()}::timestamptz`,
  );
}
