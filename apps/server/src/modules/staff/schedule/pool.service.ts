import { formatInstantAt, shiftDisplayDay } from '@opsuite/shared';
import type { PoolEntryAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, managesStaff, ownContact, requireManager, staffContact, subjectContact } from '../access.ts';
import { logActivity } from './activity.ts';
import type { Outbox } from './notify.ts';
import { assertFree, lockEmployees, lockedShift, weekOf } from './shift-rows.ts';

// The shift pool: an employee offers a published shift of theirs, others bid (and may cancel
// their bid), a manager accepts one bid and the shift moves to that employee; everyone involved
// hears of it. The offer row is locked while a trade is accepted, so of two managers accepting
// bids on one offer, one wins and the other gets a 409.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

interface PoolRow {
  id: string;
  shift_id: string;
  offered_by: string;
  offered_name: string;
  note: string | null;
  status: PoolEntryAnswer['status'];
  traded_to: string | null;
  traded_name: string | null;
  accepted_name: string | null;
  accepted_at: string | null;
  created_at: string;
  shift_name: string;
  start_at: string;
  end_at: string;
  bids:
    | { contact_id: string; full_name: string; status: 'active' | 'cancelled' | 'accepted'; at: string }[]
    | string;
}

const poolSelect = (where: SQL) => sql`
  select p.id, p.shift_id, p.offered_by, o.full_name as offered_name, p.note, p.status, p.traded_to,
    t.full_name as traded_name, u.full_name as accepted_name, ${isoText(sql`p.accepted_at`)} as accepted_at,
    ${isoText(sql`p.created_at`)} as created_at,
    coalesce(s.pub_shift_name, s.shift_name) as shift_name,
    ${isoText(sql`coalesce(s.pub_start_at, s.start_at)`)} as start_at, ${isoText(sql`coalesce(s.pub_end_at, s.end_at)`)} as end_at,
    coalesce((select jsonb_agg(jsonb_build_object('contact_id', b.contact_id, 'full_name', bc.full_name, 'status', b.status,
        'at', ${isoText(sql`b.updated_at`)}) order by b.created_at)
      from shift_pool_bids b join contacts bc on bc.organization_id = b.organization_id and bc.id = b.contact_id
      where b.organization_id = p.organization_id and b.pool_id = p.id), '[]'::jsonb) as bids
  from shift_pool p
  join employee_shifts s on s.organization_id = p.organization_id and s.id = p.shift_id
  join contacts o on o.organization_id = p.organization_id and o.id = p.offered_by
  left join contacts t on t.organization_id = p.organization_id and t.id = p.traded_to
  left join users u on u.id = p.accepted_by
  where ${where}`;

function poolAnswer(r: PoolRow, timeZone: string): PoolEntryAnswer {
  const from = { contactId: r.offered_by, fullName: r.offered_name };
  return {
    _id: r.id,
    shiftPoolId: r.id,
    shiftId: r.shift_id,
    shift: {
      shiftName: r.shift_name,
      startDate: r.start_at,
      endDate: r.end_at,
      day: shiftDisplayDay({ start: Date.parse(r.start_at) }, timeZone),
    },
    offeredBy: from,
    note: r.note,
    status: r.status,
    bids: json(r.bids).map((b) => ({
      contactId: b.contact_id,
      fullName: b.full_name,
      status: b.status,
      at: b.at,
    })),
    trades:
      r.status === 'traded' && r.traded_to
        ? [
            {
              from,
              to: { contactId: r.traded_to, fullName: r.traded_name ?? '' },
              acceptedBy: r.accepted_name,
              at: r.accepted_at ?? r.created_at,
            },
          ]
        : [],
    createdAt: r.created_at,
  };
}

async function entry(tx: Tx, ctx: RequestContext, id: string, lock = false): Promise<PoolRow> {
  const [row] = await rows<PoolRow>(
    tx,
    sql`${poolSelect(sql`p.organization_id = ${ctx.organizationId} and p.id = ${id}`)} ${lock ? sql`for update of p` : sql``}`,
  );
  if (!row) throw notFound('Shift pool entry');
  return row;
}

export async function listPool(tx: Tx, ctx: RequestContext, status: 'offered' | 'all' = 'offered') {
  const conds: SQL[] = [sql`p.organization_id = ${ctx.organizationId}`];
  if (status === 'offered') conds.push(sql`p.status = 'offered'`);
  if (!managesStaff(ctx)) {
    const me = ownContact(ctx);
    // Employees see open offers and the trades they were part of.
    conds.push(sql`(p.status = 'offered' or p.offered_by = ${me} or p.traded_to = ${me})`);
  }
  const found = await rows<PoolRow>(
    tx,
    sql`${poolSelect(sql.join(conds, sql` and `))} order by coalesce(s.pub_start_at, s.start_at), p.id limit 500`,
  );
  return { list: found.map((r) => poolAnswer(r, tz(ctx))) };
}

export async function offerShift(
  tx: Tx,
  ctx: RequestContext,
  body: { shiftId: string; note: string | null },
) {
  const orgId = ctx.organizationId;
  const shift = await lockedShift(tx, orgId, body.shiftId);
  if (!shift.pub_contact_id) throw conflict('Only a published shift can be offered', 'shiftId');
  if (shift.pub_contact_id !== ownContact(ctx)) requireManager(ctx, 'offer another employee’s shift');
  if (Date.parse(shift.pub_start_at!) <= Date.now())
    throw conflict('A shift that has started cannot be offered', 'shiftId');
  const id = newId();
  const made = await rows<{ id: string }>(
    tx,
    sql`insert into shift_pool (organization_id, id, shift_id, offered_by, note)
        values (${orgId}, ${id}, ${shift.id}, ${shift.pub_contact_id}, ${body.note})
        on conflict (organization_id, shift_id) where status = 'offered' do nothing returning id`,
  );
  if (made.length === 0) throw conflict('This shift is already in the pool', 'shiftId');
  await logActivity(
    tx,
    ctx,
    'pool.offered',
    `${shift.pub_shift_name} offered in the shift pool`,
    weekOf(shift.start_at, tz(ctx)),
  );
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

export async function withdrawOffer(tx: Tx, ctx: RequestContext, id: string) {
  const row = await entry(tx, ctx, id, true);
  if (row.offered_by !== ownContact(ctx)) requireManager(ctx, 'withdraw another employee’s offer');
  if (row.status !== 'offered') throw conflict('This offer is closed');
  await tx.execute(
    sql`update shift_pool set status = 'withdrawn', updated_at = now() where organization_id = ${ctx.organizationId} and id = ${id}`,
  );
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

export async function bid(tx: Tx, ctx: RequestContext, id: string, contactId: string | undefined) {
  const who = subjectContact(ctx, contactId, 'bid for another employee');
  if (contactId && contactId !== ownContact(ctx)) await staffContact(tx, ctx.organizationId, who);
  const row = await entry(tx, ctx, id, true);
  if (row.status !== 'offered') throw conflict('This offer is closed');
  if (row.offered_by === who) throw invalid('contactId', 'cannot bid on their own offer');
  await tx.execute(
    sql`insert into shift_pool_bids (organization_id, pool_id, contact_id) values (${ctx.organizationId}, ${id}, ${who})
        on conflict (organization_id, pool_id, contact_id) do update set status = 'active', updated_at = now()`,
  );
  return poolAnswer(await entry(tx, ctx, id), tz(ctx));
}

export async function cancelBid(tx: Tx, ctx: RequestContext, id: string, contactId: string | undefined) {
  const who = subjectContact(ctx, contactId, 'cancel another employee’s bid');
  const row = await entry(tx, ctx, id, true);
  if (row.status !== 'offered') throw conflict('This offer is closed');
  const done = await rows(
    tx,
    sql`update shift_pool_bids set status = 'cancelled', updated_at = now()
        where organization_id = ${ctx.organizationId} and pool_id = ${id} and contact_id = ${who} and status = 'active'
        returning 1`,
  );
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
  const bidder = json(row.bids).find((b) => b.contact_id === contactId && b.status === 'active');
  if (!bidder) throw invalid('contactId', 'has no active bid on this offer');
  // Shift first, then the employee: the order every shift write takes its locks in.
  const shift = await lockedShift(tx, orgId, row.shift_id);
  await lockEmployees(tx, orgId, [contactId]);
  await assertFree(tx, orgId, contactId, shift.start_at, shift.end_at, shift.id, 'contactId');
  await tx.execute(
    sql`update employee_shifts set contact_id = ${contactId},
          pub_contact_id = case when pub_contact_id is null then null else ${contactId}::uuid end, updated_at = now()
        where organization_id = ${orgId} and id = ${shift.id}`,
  );
  await tx.execute(
    sql`update attendance_records set contact_id = ${contactId} where organization_id = ${orgId} and shift_id = ${shift.id}`,
  );
  await tx.execute(
    sql`update shift_pool set status = 'traded', traded_to = ${contactId}, accepted_by = ${ctx.userId},
          accepted_at = now(), updated_at = now()
        where organization_id = ${orgId} and id = ${id}`,
  );
  await tx.execute(
    sql`update shift_pool_bids set status = 'accepted', updated_at = now()
        where organization_id = ${orgId} and pool_id = ${id} and contact_id = ${contactId}`,
  );
  const traded = await entry(tx, ctx, id);
  await tradeMails(tx, ctx, traded, outbox);
  await logActivity(
    tx,
    ctx,
    'pool.traded',
    `${traded.shift_name} moved from ${traded.offered_name} to ${traded.traded_name}`,
    weekOf(shift.start_at, tz(ctx)),
  );
  return poolAnswer(traded, tz(ctx));
}

async function emails(tx: Tx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return rows<{ id: string; full_name: string; email: string | null }>(
    tx,
    sql`select id, full_name, email from contacts where organization_id = ${orgId} and deleted_at is null
        and id = any(${sql.param(ids)}::uuid[])`,
  );
}

/** Everyone a trade concerns: the offerer, the taker, and the other bidders. */
async function tradeMails(tx: Tx, ctx: RequestContext, r: PoolRow, outbox: Outbox) {
  const when = `${formatInstantAt(r.start_at, tz(ctx))} to ${formatInstantAt(r.end_at, tz(ctx))}`;
  const bidders = json(r.bids)
    .filter((b) => b.status === 'active')
    .map((b) => b.contact_id);
  for (const p of await emails(
    tx,
    ctx.organizationId,
    [r.offered_by, r.traded_to ?? '', ...bidders].filter(Boolean),
  )) {
    const text =
      p.id === r.offered_by
        ? `Your shift ${r.shift_name} (${when}) now belongs to ${r.traded_name}.`
        : p.id === r.traded_to
          ? `The shift ${r.shift_name} (${when}) is now yours.`
          : `The shift ${r.shift_name} (${when}) went to another employee.`;
    outbox.add(p.email, `Shift pool: ${r.shift_name}`, [`Hello ${p.full_name},`, '', text]);
  }
}

/** trade-notify: tells everyone concerned again (an open offer: every other employee). */
export async function tradeNotify(tx: Tx, ctx: RequestContext, id: string, outbox: Outbox) {
  const row = await entry(tx, ctx, id);
  if (row.offered_by !== ownContact(ctx) && !managesStaff(ctx))
    throw forbidden('Only a manager can send notifications');
  if (row.status === 'traded') {
    await tradeMails(tx, ctx, row, outbox);
    return;
  }
  if (row.status !== 'offered') throw conflict('This offer is closed');
  const others = await rows<{ full_name: string; email: string | null }>(
    tx,
    sql`select c.full_name, c.email from contacts c
        join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
        where c.organization_id = ${ctx.organizationId} and c.deleted_at is null and ct.type = 'employee'
          and c.id <> ${row.offered_by} and c.email is not null
        order by c.id limit 1000`,
  );
  const when = `${formatInstantAt(row.start_at, tz(ctx))} to ${formatInstantAt(row.end_at, tz(ctx))}`;
  for (const p of others) {
    outbox.add(p.email, `Shift pool: ${row.shift_name} is up for grabs`, [
      `Hello ${p.full_name},`,
      '',
      `${row.offered_name} offers the shift ${row.shift_name} (${when}). Bid on it from My schedule.`,
    ]);
  }
}
