import { formatInstantAt, shiftDisplayDay } from '@opsuite/shared';
import type { PoolEntryAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { type AnyColumn, and, asc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, forbidden, invalid, notFound } from '../../../lib/errors.ts';
import { NO_ID, newId } from '../../../lib/ids.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { users } from '../../auth/auth.tables.ts';
import { contacts, contactTypes } from '../../contacts/contacts.tables.ts';
import { json, managesStaff, ownContact, requireManager, staffContact, subjectContact } from '../access.ts';
import { logActivity } from './activity.ts';
import type { Outbox } from './notify.ts';
import { attendanceRecords, employeeShifts, shiftPool, shiftPoolBids } from './schedule.tables.ts';
import { assertFree, lockEmployees, lockedShift, weekOf } from './shift-rows.ts';

// The shift pool: an employee offers a published shift of theirs, others bid (and may cancel
// their bid), a manager accepts one bid and the shift moves to that employee; everyone involved
// hears of it. The offer row is locked while a trade is accepted, so of two managers accepting
// bids on one offer, one wins and the other gets a 409.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

const p = shiftPool;
const sh = employeeShifts;
const offerer = alias(contacts, 'o');
const taker = alias(contacts, 't');
const iso = (value: SQL | AnyColumn) => sql<string>`${isoText(sql`${value}`)}`;

interface PoolBid {
  contactId: string;
  fullName: string;
  status: 'active' | 'cancelled' | 'accepted';
  at: string;
}

/** An offer as answered: its shift (published version first), who offered and took it, its bids. */
const poolFields = {
  id: p.id,
  shiftId: p.shiftId,
  offeredBy: p.offeredBy,
  offeredName: offerer.fullName,
  note: p.note,
  status: sql<PoolEntryAnswer['status']>`${p.status}`,
  tradedTo: p.tradedTo,
  tradedName: taker.fullName,
  acceptedName: users.fullName,
  acceptedAt: sql<string | null>`${isoText(sql`${p.acceptedAt}`)}`,
  createdAt: iso(p.createdAt),
  shiftName: sql<string>`coalesce(${sh.pubShiftName}, ${sh.shiftName})`,
  startAt: iso(sql`coalesce(${sh.pubStartAt}, ${sh.startAt})`),
  endAt: iso(sql`coalesce(${sh.pubEndAt}, ${sh.endAt})`),
  // The offer's bids as one jsonb list in the same row (a correlated aggregate: no builder form).
  bids: sql<PoolBid[] | string>`coalesce((select jsonb_agg(jsonb_build_object('contactId', b.contact_id,
      'fullName', bc.full_name, 'status', b.status, 'at', ${isoText(sql`b.updated_at`)}) order by b.created_at)
    from ${shiftPoolBids} b join ${contacts} bc on bc.organization_id = b.organization_id and bc.id = b.contact_id
    where b.organization_id = ${p.organizationId} and b.pool_id = ${p.id}), '[]'::jsonb)`,
};

const selectPool = (tx: Tx, where: SQL | undefined) =>
  tx
    .select(poolFields)
    .from(p)
    .innerJoin(sh, tenantJoin(sh, p, eq(sh.id, p.shiftId)))
    .innerJoin(offerer, tenantJoin(offerer, p, eq(offerer.id, p.offeredBy)))
    .leftJoin(taker, tenantJoin(taker, p, eq(taker.id, p.tradedTo)))
    .leftJoin(users, eq(users.id, p.acceptedBy))
    .where(where)
    .$dynamic();

type PoolRow = Awaited<ReturnType<typeof selectPool>>[number];

function poolAnswer(r: PoolRow, timeZone: string): PoolEntryAnswer {
  const from = { contactId: r.offeredBy, fullName: r.offeredName };
  return {
    _id: r.id,
    shiftPoolId: r.id,
    shiftId: r.shiftId,
    shift: {
      shiftName: r.shiftName,
      startDate: r.startAt,
      endDate: r.endAt,
      day: shiftDisplayDay({ start: Date.parse(r.startAt) }, timeZone),
    },
    offeredBy: from,
    note: r.note,
    status: r.status,
    bids: json(r.bids).map((b) => ({
      contactId: b.contactId,
      fullName: b.fullName,
      status: b.status,
      at: b.at,
    })),
    trades:
      r.status === 'traded' && r.tradedTo
        ? [
            {
              from,
              to: { contactId: r.tradedTo, fullName: r.tradedName ?? '' },
              acceptedBy: r.acceptedName,
              at: r.acceptedAt ?? r.createdAt,
            },
          ]
        : [],
    createdAt: r.createdAt,
  };
}

const poolWhere = (orgId: string, id: string) => and(eq(p.organizationId, orgId), eq(p.id, id));

/** One offer; with `lock`, the offer row is locked (not its shift or contacts). */
async function entry(tx: Tx, ctx: RequestContext, id: string, lock = false): Promise<PoolRow> {
  const query = selectPool(tx, poolWhere(ctx.organizationId, id));
  if (lock) query.for('update', { of: p });
  const [row] = await query;
  if (!row) throw notFound('Shift pool entry');
  return row;
}

export async function listPool(tx: Tx, ctx: RequestContext, status: 'offered' | 'all' = 'offered') {
  const conds: (SQL | undefined)[] = [eq(p.organizationId, ctx.organizationId)];
  if (status === 'offered') conds.push(eq(p.status, 'offered'));
  if (!managesStaff(ctx)) {
    const me = ownContact(ctx) ?? NO_ID;
    // Employees see open offers and the trades they were part of.
    conds.push(or(eq(p.status, 'offered'), eq(p.offeredBy, me), eq(p.tradedTo, me)));
  }
  const found = await selectPool(tx, and(...conds))
    .orderBy(sql`coalesce(${sh.pubStartAt}, ${sh.startAt})`, asc(p.id))
    .limit(500);
  return { list: found.map((r) => poolAnswer(r, tz(ctx))) };
}

export async function offerShift(
  tx: Tx,
  ctx: RequestContext,
  body: { shiftId: string; note: string | null },
) {
  const orgId = ctx.organizationId;
  const shift = await lockedShift(tx, orgId, body.shiftId);
  if (!shift.pubContactId) throw conflict('Only a published shift can be offered', 'shiftId');
  if (shift.pubContactId !== ownContact(ctx)) requireManager(ctx, 'offer another employee’s shift');
  if (Date.parse(shift.pubStartAt!) <= Date.now())
    throw conflict('A shift that has started cannot be offered', 'shiftId');
  const id = newId();
  // One open offer per shift is a partial unique index: a second offer inserts nothing.
  const made = await tx
    .insert(p)
    .values({ organizationId: orgId, id, shiftId: shift.id, offeredBy: shift.pubContactId, note: body.note })
    .onConflictDoNothing({
      target: [p.organizationId, p.shiftId],
      where: sql`${sql.identifier('status')} = 'offered'`,
    })
    .returning({ id: p.id });
  if (made.length === 0) throw conflict('This shift is already in the pool', 'shiftId');
  await logActivity(
    tx,
    ctx,
    'pool.offered',
    `${shift.pubShiftName} offered in the shift pool`,
    weekOf(shift.startAt, tz(ctx)),
  );
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

export async function withdrawOffer(tx: Tx, ctx: RequestContext, id: string) {
  const row = await entry(tx, ctx, id, true);
  if (row.offeredBy !== ownContact(ctx)) requireManager(ctx, 'withdraw another employee’s offer');
  if (row.status !== 'offered') throw conflict('This offer is closed');
  await tx
    .update(p)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(poolWhere(ctx.organizationId, id));
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

export async function bid(tx: Tx, ctx: RequestContext, id: string, contactId: string | undefined) {
  const who = subjectContact(ctx, contactId, 'bid for another employee');
  if (contactId && contactId !== ownContact(ctx)) await staffContact(tx, ctx.organizationId, who);
  const row = await entry(tx, ctx, id, true);
  if (row.status !== 'offered') throw conflict('This offer is closed');
  if (row.offeredBy === who) throw invalid('contactId', 'cannot bid on their own offer');
  await tx
    .insert(shiftPoolBids)
    .values({ organizationId: ctx.organizationId, poolId: id, contactId: who })
    .onConflictDoUpdate({
      target: [shiftPoolBids.organizationId, shiftPoolBids.poolId, shiftPoolBids.contactId],
      set: { status: 'active', updatedAt: sql`now()` },
    });
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

export async function cancelBid(tx: Tx, ctx: RequestContext, id: string, contactId: string | undefined) {
  const who = subjectContact(ctx, contactId, 'cancel another employee’s bid');
  const row = await entry(tx, ctx, id, true);
  if (row.status !== 'offered') throw conflict('This offer is closed');
  const b = shiftPoolBids;
  const done = await tx
    .update(b)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(b.organizationId, ctx.organizationId),
        eq(b.poolId, id),
        eq(b.contactId, who),
        eq(b.status, 'active'),
      ),
    )
    .returning({ contactId: b.contactId });
  if (done.length === 0) throw notFound('Bid');
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

/** accept-trade: the shift moves to the bidder, draft and published alike. */
export async function acceptTrade(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  contactId: string,
  outbox: Outbox,
) {
  requireManager(ctx, 'accept a trade');
  const orgId = ctx.organizationId;
  const row = await entry(tx, ctx, id, true);
  if (row.status !== 'offered') throw conflict('This shift has already been traded or withdrawn');
  const bidder = json(row.bids).find((b) => b.contactId === contactId && b.status === 'active');
  if (!bidder) throw invalid('contactId', 'has no active bid on this offer');
  // Shift first, then the employee: the order every shift write takes its locks in.
  const shift = await lockedShift(tx, orgId, row.shiftId);
  await lockEmployees(tx, orgId, [contactId]);
  await assertFree(tx, orgId, contactId, shift.startAt, shift.endAt, shift.id, 'contactId');
  await tx
    .update(sh)
    .set({
      contactId,
      // The published version moves too, where there is one (a CASE: no builder form).
      pubContactId: sql`case when ${sh.pubContactId} is null then null else ${contactId}::uuid end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(sh.organizationId, orgId), eq(sh.id, shift.id)));
  await tx
    .update(attendanceRecords)
    .set({ contactId })
    .where(and(eq(attendanceRecords.organizationId, orgId), eq(attendanceRecords.shiftId, shift.id)));
  await tx
    .update(p)
    .set({
      status: 'traded',
      tradedTo: contactId,
      acceptedBy: ctx.userId,
      acceptedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(poolWhere(orgId, id));
  await tx
    .update(shiftPoolBids)
    .set({ status: 'accepted', updatedAt: sql`now()` })
    .where(
      and(
        eq(shiftPoolBids.organizationId, orgId),
        eq(shiftPoolBids.poolId, id),
        eq(shiftPoolBids.contactId, contactId),
      ),
    );
  const traded = await entry(tx, ctx, id);
  await tradeMails(tx, ctx, traded, outbox);
  await logActivity(
    tx,
    ctx,
    'pool.traded',
    `${traded.shiftName} moved from ${traded.offeredName} to ${traded.tradedName}`,
    weekOf(shift.startAt, tz(ctx)),
  );
  return poolAnswer(traded, tz(ctx));
}

async function emails(tx: Tx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: contacts.id, fullName: contacts.fullName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.organizationId, orgId), isNull(contacts.deletedAt), inArray(contacts.id, ids)));
}

/** Everyone a trade concerns: the offerer, the taker, and the other bidders. */
async function tradeMails(tx: Tx, ctx: RequestContext, r: PoolRow, outbox: Outbox) {
  const when = `${formatInstantAt(r.startAt, tz(ctx))} to ${formatInstantAt(r.endAt, tz(ctx))}`;
  const bidders = json(r.bids)
    .filter((b) => b.status === 'active')
    .map((b) => b.contactId);
  for (const person of await emails(
    tx,
    ctx.organizationId,
    [r.offeredBy, r.tradedTo ?? '', ...bidders].filter(Boolean),
  )) {
    const text =
      person.id === r.offeredBy
        ? `Your shift ${r.shiftName} (${when}) now belongs to ${r.tradedName}.`
        : person.id === r.tradedTo
          ? `The shift ${r.shiftName} (${when}) is now yours.`
          : `The shift ${r.shiftName} (${when}) went to another employee.`;
    outbox.add(person.email, `Shift pool: ${r.shiftName}`, [`Hello ${person.fullName},`, '', text]);
  }
}

/** trade-notify: tells everyone concerned again (an open offer: every other employee). */
export async function tradeNotify(tx: Tx, ctx: RequestContext, id: string, outbox: Outbox) {
  const row = await entry(tx, ctx, id);
  if (row.offeredBy !== ownContact(ctx) && !managesStaff(ctx))
    throw forbidden('Only a manager can send notifications');
  if (row.status === 'traded') {
    await tradeMails(tx, ctx, row, outbox);
    return;
  }
  if (row.status !== 'offered') throw conflict('This offer is closed');
  const c = contacts;
  const others = await tx
    .select({ fullName: c.fullName, email: c.email })
    .from(c)
    .innerJoin(contactTypes, tenantJoin(contactTypes, c, eq(contactTypes.id, c.contactTypeId)))
    .where(
      and(
        eq(c.organizationId, ctx.organizationId),
        isNull(c.deletedAt),
        eq(contactTypes.type, 'employee'),
        ne(c.id, row.offeredBy),
        isNotNull(c.email),
      ),
    )
    .orderBy(asc(c.id))
    .limit(1000);
  const when = `${formatInstantAt(row.startAt, tz(ctx))} to ${formatInstantAt(row.endAt, tz(ctx))}`;
  for (const person of others) {
    outbox.add(person.email, `Shift pool: ${row.shiftName} is up for grabs`, [
      `Hello ${person.fullName},`,
      '',
      `${row.offeredName} offers the shift ${row.shiftName} (${when}). Bid on it from My schedule.`,
    ]);
  }
}
