import { formatDayLabel, formatInstantAt, shiftByDays, zonedWeek } from '@opsuite/shared';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, invalid } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { requireManager } from '../access.ts';
import { staffMembers } from '../settings/settings.tables.ts';
import { logActivity } from './activity.ts';
import type { Outbox } from './notify.ts';
import { employeeShifts, scheduleWeeks, shiftPool } from './schedule.tables.ts';
import { lockEmployees, overlappingShift } from './shift-rows.ts';

/** 'Dec 13, 2026': a week's first day as the product writes dates, never the ISO form. */
const weekLabel = (startOfWeek: string) =>
  formatDayLabel(startOfWeek, { weekday: undefined, year: 'numeric' });

// Publishing a week copies each shift's draft over what employees see and e-mails everyone whose
// shifts changed; reverting withdraws the week's published shifts (back to drafts); copying last
// week repeats its shifts at the same wall-clock times; the grid's rows keep a manual order.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

function weekRange(ctx: RequestContext, startOfWeek: string) {
  const week = zonedWeek(startOfWeek, tz(ctx));
  return { week, from: new Date(week.startsAt), to: new Date(week.endsAt) };
}

const s = employeeShifts;

/** Shifts of the organisation starting in [from, to). */
const startingIn = (orgId: string, from: Date, to: Date) =>
  and(eq(s.organizationId, orgId), gte(s.startAt, from), lt(s.startAt, to));

/** Shifts published (or last published) in [from, to), or with a draft starting then. */
const publishedIn = (orgId: string, from: Date, to: Date) =>
  and(
    eq(s.organizationId, orgId),
    isNotNull(s.pubContactId),
    or(and(gte(s.pubStartAt, from), lt(s.pubStartAt, to)), and(gte(s.startAt, from), lt(s.startAt, to))),
  );

/** A draft that differs from what employees see (never published, or changed since). */
const draftDiffers = or(
  isNull(s.pubContactId),
  ne(s.pubContactId, s.contactId),
  ne(s.pubStartAt, s.startAt),
  ne(s.pubEndAt, s.endAt),
  ne(s.pubShiftName, s.shiftName),
  ne(s.pubPositionIds, s.positionIds),
);

/** The e-mails of a week's change: each employee gets their published shifts of that week. */
async function mailWeek(
  tx: Tx,
  ctx: RequestContext,
  outbox: Outbox,
  contactIds: string[],
  startOfWeek: string,
  intro: string,
) {
  if (contactIds.length === 0) return 0;
  const { from, to } = weekRange(ctx, startOfWeek);
  const people = await tx
    .select({ id: contacts.id, fullName: contacts.fullName, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.organizationId, ctx.organizationId),
        inArray(contacts.id, contactIds),
        isNull(contacts.deletedAt),
      ),
    );
  const shifts = await tx
    .select({ contactId: s.pubContactId, name: s.pubShiftName, startAt: s.pubStartAt, endAt: s.pubEndAt })
    .from(s)
    .where(
      and(
        eq(s.organizationId, ctx.organizationId),
        inArray(s.pubContactId, contactIds),
        gte(s.pubStartAt, from),
        lt(s.pubStartAt, to),
      ),
    )
    .orderBy(asc(s.pubStartAt));
  for (const p of people) {
    const mine = shifts.filter((shift) => shift.contactId === p.id);
    outbox.add(p.email, `Your schedule for the week of ${weekLabel(startOfWeek)}`, [
      `Hello ${p.fullName},`,
      '',
      intro,
      '',
      ...(mine.length
        ? mine.map(
            (shift) =>
              `- ${shift.name}: ${formatInstantAt(shift.startAt!.toISOString(), tz(ctx))} to ${formatInstantAt(shift.endAt!.toISOString(), tz(ctx))}`,
          )
        : ['You have no shifts that week.']),
    ]);
  }
  return people.filter((p) => p.email).length;
}

export async function publishWeek(tx: Tx, ctx: RequestContext, startOfWeek: string, outbox: Outbox) {
  requireManager(ctx, 'publish the schedule');
  const orgId = ctx.organizationId;
  const { from, to } = weekRange(ctx, startOfWeek);
  // Serialises publications of one week (and of a revert racing it).
  // A no-op update on conflict, so that the week's row is locked too.
  await tx
    .insert(scheduleWeeks)
    .values({ organizationId: orgId, weekStart: startOfWeek, status: 'draft' })
    .onConflictDoUpdate({
      target: [scheduleWeeks.organizationId, scheduleWeeks.weekStart],
      set: { updatedAt: sql`${scheduleWeeks.updatedAt}` },
    });
  const changed = await tx
    .select({ contactId: s.contactId, pubContactId: s.pubContactId })
    .from(s)
    .where(and(startingIn(orgId, from, to), or(isNotNull(s.removedAt), draftDiffers)))
    .for('update');
  await tx.delete(s).where(and(startingIn(orgId, from, to), isNotNull(s.removedAt)));
  await tx
    .update(s)
    .set({
      pubContactId: sql`${s.contactId}`,
      pubShiftName: sql`${s.shiftName}`,
      pubPositionIds: sql`${s.positionIds}`,
      pubStartAt: sql`${s.startAt}`,
      pubEndAt: sql`${s.endAt}`,
      publishedAt: sql`now()`,
    })
    .where(and(startingIn(orgId, from, to), draftDiffers));
  const [week] = await tx
    .update(scheduleWeeks)
    .set({ status: 'published', publishedAt: sql`now()`, publishedBy: ctx.userId, updatedAt: sql`now()` })
    .where(and(eq(scheduleWeeks.organizationId, orgId), eq(scheduleWeeks.weekStart, startOfWeek)))
    .returning({ publishedAt: sql<string>`${isoText(sql`${scheduleWeeks.publishedAt}`)}` });
  const people = [
    ...new Set(changed.flatMap((c) => [c.contactId, c.pubContactId]).filter((v): v is string => !!v)),
  ];
  const notified = await mailWeek(
    tx,
    ctx,
    outbox,
    people,
    startOfWeek,
    'Your schedule has been published or changed:',
  );
  await logActivity(
    tx,
    ctx,
    'schedule.published',
    `Week of ${startOfWeek} published (${changed.length} changed)`,
    startOfWeek,
  );
  return { publishedAt: week?.publishedAt ?? null, changed: changed.length, notified };
}

export async function revertWeek(tx: Tx, ctx: RequestContext, startOfWeek: string, outbox: Outbox) {
  requireManager(ctx, 'revert the schedule');
  const orgId = ctx.organizationId;
  const { from, to } = weekRange(ctx, startOfWeek);
  const thisWeek = and(eq(scheduleWeeks.organizationId, orgId), eq(scheduleWeeks.weekStart, startOfWeek));
  const [state] = await tx
    .select({ status: scheduleWeeks.status })
    .from(scheduleWeeks)
    .where(thisWeek)
    .for('update');
  if (state?.status !== 'published') throw conflict('This week is not published', 'startOfWeek');
  const withdrawn = await tx
    .selectDistinct({ pubContactId: s.pubContactId })
    .from(s)
    .where(publishedIn(orgId, from, to));
  await tx
    .update(shiftPool)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .from(s)
    .where(
      and(
        eq(shiftPool.organizationId, orgId),
        eq(shiftPool.status, 'offered'),
        tenantJoin(s, shiftPool, eq(s.id, shiftPool.shiftId)),
        gte(s.startAt, from),
        lt(s.startAt, to),
      ),
    );
  await tx.delete(s).where(and(startingIn(orgId, from, to), isNotNull(s.removedAt)));
  const reverted = await tx
    .update(s)
    .set({
      pubContactId: null,
      pubShiftName: null,
      pubPositionIds: null,
      pubStartAt: null,
      pubEndAt: null,
      publishedAt: null,
    })
    .where(publishedIn(orgId, from, to))
    .returning({ id: s.id });
  await tx.update(scheduleWeeks).set({ status: 'draft', updatedAt: sql`now()` }).where(thisWeek);
  const notified = await mailWeek(
    tx,
    ctx,
    outbox,
    withdrawn.map((w) => w.pubContactId).filter((v): v is string => !!v),
    startOfWeek,
    'The published schedule of this week was withdrawn; a new one will follow. Until then you have no shifts that week.',
  );
  await logActivity(tx, ctx, 'schedule.reverted', `Week of ${startOfWeek} reverted to draft`, startOfWeek);
  return { publishedAt: null, changed: reverted.length, notified };
}

/** Repeats last week's shifts in this week, skipping any that would overlap one already there. */
export async function copyLastWeek(tx: Tx, ctx: RequestContext, startOfWeek: string) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const prev = zonedWeek(shiftByDays(zonedWeek(startOfWeek, tz(ctx)).startsAt, -7, tz(ctx)), tz(ctx));
  const source = await tx
    .select({
      contactId: s.contactId,
      shiftName: s.shiftName,
      positionIds: s.positionIds,
      startAt: s.startAt,
      endAt: s.endAt,
      note: s.note,
    })
    .from(s)
    .innerJoin(contacts, tenantJoin(contacts, s, eq(contacts.id, s.contactId)))
    .where(
      and(
        startingIn(orgId, new Date(prev.startsAt), new Date(prev.endsAt)),
        isNull(s.removedAt),
        isNull(contacts.deletedAt),
      ),
    )
    .orderBy(asc(s.startAt));
  if (source.length === 0) throw invalid('startOfWeek', 'last week has no shifts to copy');
  await lockEmployees(
    tx,
    orgId,
    source.map((shift) => shift.contactId),
  );
  let copied = 0;
  let skipped = 0;
  for (const shift of source) {
    const start = new Date(shiftByDays(+shift.startAt, 7, tz(ctx))).toISOString();
    const end = new Date(shiftByDays(+shift.endAt, 7, tz(ctx))).toISOString();
    // The employees are locked above, so the check and the insert see the same week.
    const free = end > start && !(await overlappingShift(tx, orgId, shift.contactId, start, end));
    const inserted = free
      ? await tx
          .insert(employeeShifts)
          .values({
            organizationId: orgId,
            id: newId(),
            contactId: shift.contactId,
            shiftName: shift.shiftName,
            positionIds: shift.positionIds,
            startAt: new Date(start),
            endAt: new Date(end),
            note: shift.note,
            createdBy: ctx.userId,
          })
          .returning({ id: employeeShifts.id })
      : [];
    if (inserted.length) copied += 1;
    else skipped += 1;
  }
  await logActivity(
    tx,
    ctx,
    'schedule.copied',
    `Last week copied into the week of ${weekLabel(startOfWeek)} (${copied} shifts)`,
    startOfWeek,
  );
  return { copied, skipped };
}

/** The grid's rows in the order given (dragged by a manager). */
export async function saveRowOrder(tx: Tx, ctx: RequestContext, contactIds: string[]) {
  requireManager(ctx, 'reorder the schedule');
  const orgId = ctx.organizationId;
  const ids = [...new Set(contactIds)];
  const found = ids.length
    ? await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.organizationId, orgId), inArray(contacts.id, ids), isNull(contacts.deletedAt)))
    : [];
  if (found.length !== ids.length) throw invalid('contactIds', 'not found in this organisation');
  if (ids.length) {
    await tx
      .insert(staffMembers)
      .values(ids.map((contactId, i) => ({ organizationId: orgId, contactId, rowOrder: i + 1 })))
      .onConflictDoUpdate({
        target: [staffMembers.organizationId, staffMembers.contactId],
        set: { rowOrder: sql`excluded.row_order`, updatedAt: sql`now()` },
      });
  }
  await logActivity(tx, ctx, 'schedule.reordered', 'Row order updated');
}
