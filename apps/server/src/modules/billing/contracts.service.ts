import type { ContractAnswer, ContractCreateBody, ContractStatus, ContractUpdateBody } from '@opsuite/shared';
import { and, count, eq, isNotNull, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { assertContactsExist, recordActivity } from '../contacts/index.ts';
import { contactContracts, contactInvoices, contractFreezes } from './billing.tables.ts';
import type { BillingState } from './billing-state.ts';
import { syncBillingState } from './billing-state.ts';
import { contractOf, contractRows, oneContract, toContractAnswer } from './contract-rows.ts';
import {
  cancelContract,
  freezeContract,
  initialBillDay,
  lockSchedule,
  orgToday,
  type ScheduleRow,
  setContract,
  thawContract,
} from './contract-schedule.ts';

// Contracts (membership agreements) of a contact: list, add, change (freeze, unfreeze, cancel,
// expire) and delete; each change re-derives the contact's plan and payment status. A contract
// bills itself from its next bill day (contract-schedule.ts, runner/).

export async function currentBilling(tx: Tx, orgId: string, contactId: string): Promise<BillingState> {
  const [row] = await tx
    .select({ plan: contacts.plan, paymentStatus: contacts.paymentStatus })
    .from(contacts)
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId)));
  return {
    plan: row?.plan ?? null,
    paymentStatus: (row?.paymentStatus ?? 'none') as BillingState['paymentStatus'],
  };
}

export const totalPagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export async function listContracts(
  tx: Tx,
  orgId: string,
  contactId: string,
  page: number,
  pageSize: number,
) {
  await assertContactsExist(tx, orgId, [contactId]);
  const found = await contractRows(tx, orgId, contactId, { limit: pageSize, offset: (page - 1) * pageSize });
  const [counted] = await tx
    .select({ n: count() })
    .from(contactContracts)
    .where(and(eq(contactContracts.organizationId, orgId), eq(contactContracts.contactId, contactId)));
  const total = counted?.n ?? 0;
  return {
    list: found.map(toContractAnswer),
    pagination: { page, pageSize, total, totalPages: totalPagesOf(total, pageSize) },
    billing: await currentBilling(tx, orgId, contactId),
  };
}

const INTERVAL_LABELS: Record<ContractAnswer['billingInterval'], string> = {
  one_time: 'one-time',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
};

export async function createContract(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  body: ContractCreateBody,
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const id = newId();
  const today = await orgToday(tx, orgId);
  const frozen = body.status === 'frozen';
  await tx.insert(contactContracts).values({
    organizationId: orgId,
    id,
    contactId,
    title: body.title,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    amountCents: body.amountCents,
    billingInterval: body.billingInterval,
    status: body.status ?? 'active',
    notes: body.notes ?? null,
    signUpFeeCents: body.signUpFeeCents ?? 0,
    anchorDay: body.anchorDay ?? null,
    nextBillDay: frozen ? null : initialBillDay(body, today),
    createdBy: ctx.userId,
  });
  if (frozen) {
    // Added frozen: held open-ended until it is unfrozen.
    await tx.insert(contractFreezes).values({
      organizationId: orgId,
      id: newId(),
      contractId: id,
      startDay: today,
      plannedBillDay: initialBillDay(body, today),
      createdBy: ctx.userId,
    });
  }
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'contract.added',
    title: `Contract added: ${body.title} (${INTERVAL_LABELS[body.billingInterval]})`,
    data: { contractId: id },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { data: await oneContract(tx, orgId, contactId, id), billing };
}

const closed = (status: ContractStatus) => status === 'cancelled' || status === 'expired';

/** The fields a plain update writes (the cycle fields only before the contract's first bill). */
const PLAIN_FIELDS = ['title', 'amountCents', 'notes', 'signUpFeeCents', 'endDate'] as const;
const CYCLE_FIELDS = ['startDate', 'anchorDay', 'billingInterval'] as const;

async function hasBilled(tx: Tx, orgId: string, contractId: string): Promise<boolean> {
  const found = await tx
    .select({ id: contactInvoices.id })
    .from(contactInvoices)
    .where(
      and(
        eq(contactInvoices.organizationId, orgId),
        eq(contactInvoices.contractId, contractId),
        isNotNull(contactInvoices.periodStart),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** The fields changed, and where billing goes on from when the schedule changed. */
async function applyFields(tx: Tx, orgId: string, row: ScheduleRow, body: ContractUpdateBody, today: string) {
  const set: Partial<typeof contactContracts.$inferInsert> = { updatedAt: new Date() };
  for (const key of [...PLAIN_FIELDS, ...CYCLE_FIELDS]) {
    if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key];
  }
  const cycleChanged = CYCLE_FIELDS.some((k) => body[k] !== undefined);
  const endChanged = body.endDate !== undefined && body.endDate !== row.endDate;
  if ((cycleChanged || endChanged) && row.status === 'active') {
    const billed = await hasBilled(tx, orgId, row.id);
    const moved = CYCLE_FIELDS.filter((k) => {
      const before = {
        startDate: row.startDate,
        anchorDay: row.anchorDay,
        billingInterval: row.billingInterval,
      }[k];
      return body[k] !== undefined && body[k] !== before;
    });
    if (billed && moved.length > 0) {
      throw conflict(
        'This contract has been billed: cancel it and add a new one to change its dates or cycle',
        moved[0],
      );
    }
    const end = body.endDate === undefined ? row.endDate : body.endDate;
    if (!billed) {
      set.nextBillDay = initialBillDay(
        {
          billingInterval: body.billingInterval ?? row.billingInterval,
          startDate: body.startDate ?? row.startDate,
          anchorDay: body.anchorDay === undefined ? row.anchorDay : body.anchorDay,
          endDate: end,
        },
        today,
      );
    } else if (row.nextBillDay && end && row.nextBillDay > end) {
      set.nextBillDay = null;
    } else if (!row.nextBillDay && row.billingInterval !== 'one_time') {
      // Billing had stopped at the old end: it goes on after the last period billed.
      const [last] = await tx
        .select({ end: max(contactInvoices.periodEnd) })
        .from(contactInvoices)
        .where(and(eq(contactInvoices.organizationId, orgId), eq(contactInvoices.contractId, row.id)));
      const next = last?.end ?? null;
      set.nextBillDay = next && (!end || next <= end) ? next : null;
    }
  }
  await tx
    .update(contactContracts)
    .set(set)
    .where(and(eq(contactContracts.organizationId, orgId), eq(contactContracts.id, row.id)));
}

/** A status change: freeze (open-ended), unfreeze, cancel at period end, or expire now. */
async function changeStatus(
  tx: Tx,
  ctx: RequestContext,
  row: ScheduleRow,
  to: ContractStatus,
  today: string,
): Promise<string> {
  const orgId = ctx.organizationId;
  if (to === 'frozen') return freezeContract(tx, orgId, row, null, today, ctx.userId);
  if (to === 'active') return thawContract(tx, orgId, row, today, ctx.userId);
  if (to === 'cancelled') return cancelContract(tx, orgId, row, today, ctx.userId);
  await setContract(tx, orgId, row.id, { status: 'expired', nextBillDay: null });
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: row.contactId,
    kind: 'contract.expired',
    title: `Contract marked as expired: ${row.title}`,
    data: { contractId: row.id, from: row.status, to },
    actorUserId: ctx.userId,
  });
  return 'Contract marked as expired';
}

export async function updateContract(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  contractId: string,
  body: ContractUpdateBody,
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const row = await lockSchedule(tx, orgId, contactId, contractId);
  const to = body.status ?? row.status;
  if (to !== row.status && closed(row.status)) {
    const message = `This contract is ${row.status}; add a new contract instead`;
    throw conflict(message, 'status');
  }
  const start = body.startDate ?? row.startDate;
  const end = body.endDate === undefined ? row.endDate : body.endDate;
  if (end && end < start) {
    const message = 'End date cannot be before the start date';
    throw invalid('endDate', message);
  }
  const today = await orgToday(tx, orgId);
  await applyFields(tx, orgId, row, body, today);
  let message = 'Contract updated';
  if (to !== row.status) {
    const fresh = await lockSchedule(tx, orgId, contactId, contractId);
    message = await changeStatus(tx, ctx, fresh, to, today);
  } else {
    await recordActivity(tx, {
      organizationId: orgId,
      contactId,
      kind: 'contract.updated',
      title: `${message}: ${body.title ?? row.title}`,
      data: { contractId, from: row.status, to },
      actorUserId: ctx.userId,
    });
  }
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message, data: await oneContract(tx, orgId, contactId, contractId), billing };
}

/** Freeze until a day, unfreeze now, or cancel at period end (the contract's own actions). */
export async function contractAction(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  contractId: string,
  action: { kind: 'freeze'; until: string } | { kind: 'thaw' } | { kind: 'cancel' },
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const row = await lockSchedule(tx, orgId, contactId, contractId);
  const today = await orgToday(tx, orgId);
  const message =
    action.kind === 'freeze'
      ? await freezeContract(tx, orgId, row, action.until, today, ctx.userId)
      : action.kind === 'thaw'
        ? await thawContract(tx, orgId, row, today, ctx.userId)
        : await cancelContract(tx, orgId, row, today, ctx.userId);
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message, data: await oneContract(tx, orgId, contactId, contractId), billing };
}

/** A contract with invoices keeps its billing history: it is cancelled instead. */
export async function deleteContract(tx: Tx, ctx: RequestContext, contactId: string, contractId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const [row] = await tx
    .select({ title: contactContracts.title })
    .from(contactContracts)
    .where(contractOf(orgId, contactId, contractId))
    .for('update');
  if (!row) throw notFound('Contract');
  const invoices = await tx.$count(
    contactInvoices,
    and(eq(contactInvoices.organizationId, orgId), eq(contactInvoices.contractId, contractId)),
  );
  if (invoices > 0) {
    const message = 'This contract has invoices; cancel it instead of deleting it';
    throw conflict(message, 'contractId');
  }
  await tx
    .delete(contactContracts)
    .where(and(eq(contactContracts.organizationId, orgId), eq(contactContracts.id, contractId)));
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'contract.deleted',
    title: `Contract deleted: ${row.title}`,
    data: { contractId },
    actorUserId: ctx.userId,
  });
  return syncBillingState(tx, orgId, contactId);
}
