import {
  addDaysToIsoDate,
  type DayRange,
  isoDateInZone,
  type OffCycleBody,
  PAYROLL_TEXT,
  type PayLineAnswer,
  type PayrollPendingAnswer,
  type PayrollRunAnswer,
  type PayrollRunWithLinesAnswer,
  sumCents,
} from '@opsuite/shared';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { conflict, lookupMissing, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { computeLines } from './compute.ts';
import { lockPaidDays } from './open-from.ts';
import { employeeSalaries, payrollRuns, payrollSlips } from './payroll.tables.ts';
import { assertPayable, regularPeriod } from './period-rules.ts';
import { periodTipShare, storePaidShare } from './tips/share.service.ts';

// Pay runs. A regular run is one row per period: a refresh stores it as a draft, Run completes
// the same row under a row lock, so concurrent or retried presses make one run and a second run
// for a period cannot exist. Off-cycle runs are one per idempotency key. Totals are sums of slips.

type RunRow = typeof payrollRuns.$inferSelect;
type SlipRow = typeof payrollSlips.$inferSelect;

export const totalsOf = (lines: readonly PayLineAnswer[]) => ({
  slips: lines.length,
  grossCents: sumCents(lines.map((l) => l.grossCents)),
  cardTipsCents: sumCents(lines.map((l) => l.cardTipsCents)),
  deductionsCents: sumCents(lines.map((l) => l.deductionsCents)),
  netCents: sumCents(lines.map((l) => l.netCents)),
});

export const runAnswerOf = (row: RunRow): PayrollRunAnswer => ({
  _id: row.id,
  type: row.type as PayrollRunAnswer['type'],
  status: row.status as PayrollRunAnswer['status'],
  periodStart: row.periodStart,
  periodEnd: addDaysToIsoDate(row.periodEnd, -1),
  note: row.note,
  totals: {
    slips: row.slipCount,
    grossCents: row.grossCents,
    cardTipsCents: row.cardTipsCents,
    deductionsCents: row.deductionsCents,
    netCents: row.netCents,
  },
  runAt: row.runAt?.toISOString() ?? null,
  paidOutAt: row.paidOutAt?.toISOString() ?? null,
  exportedAt: row.exportedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
  createdAt: row.createdAt.toISOString(),
});

const lineOf = (s: SlipRow): PayLineAnswer => ({
  contactId: s.contactId,
  fullName: s.fullName,
  wageType: s.wageType,
  source: s.source as PayLineAnswer['source'],
  regularMinutes: s.regularMinutes,
  overtimeMinutes: s.overtimeMinutes,
  classes: s.classes,
  sessions: s.sessions,
  rateCents: s.rateCents,
  regularCents: s.regularCents,
  overtimeCents: s.overtimeCents,
  grossCents: s.grossCents,
  cardTipsCents: s.cardTipsCents,
  deductionsCents: s.deductionsCents,
  netCents: s.netCents,
  note: s.note,
});

export async function slipsOf(tx: Queryable, orgId: string, runIds: string[]) {
  if (runIds.length === 0) return new Map<string, PayLineAnswer[]>();
  const found = await tx
    .select()
    .from(payrollSlips)
    .where(and(eq(payrollSlips.organizationId, orgId), inArray(payrollSlips.runId, runIds)))
    .orderBy(asc(payrollSlips.fullName), asc(payrollSlips.contactId));
  const out = new Map<string, PayLineAnswer[]>();
  for (const s of found) out.set(s.runId, [...(out.get(s.runId) ?? []), lineOf(s)]);
  return out;
}

/** Replaces the run's slips and sets its totals to their sums. */
async function storeLines(
  tx: Tx,
  orgId: string,
  runId: string,
  lines: PayLineAnswer[],
  extra: Partial<RunRow>,
) {
  await tx
    .delete(payrollSlips)
    .where(and(eq(payrollSlips.organizationId, orgId), eq(payrollSlips.runId, runId)));
  if (lines.length > 0) {
    await tx.insert(payrollSlips).values(lines.map((l) => ({ organizationId: orgId, runId, ...l })));
  }
  const { slips, ...sums } = totalsOf(lines);
  const [row] = await tx
    .update(payrollRuns)
    .set({ ...extra, ...sums, slipCount: slips, updatedAt: sql`now()` })
    .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, runId)))
    .returning();
  return row!;
}

export const periodFor = regularPeriod;

async function regularRun(tx: Queryable, orgId: string, period: DayRange, lock: boolean) {
  const query = tx
    .select()
    .from(payrollRuns)
    .where(
      and(
        eq(payrollRuns.organizationId, orgId),
        eq(payrollRuns.type, 'regular'),
        eq(payrollRuns.periodStart, period.start),
        ne(payrollRuns.status, 'voided'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function getPending(tx: Queryable, orgId: string, timeZone: string, periodStart?: string) {
  const { settings, period } = await periodFor(tx, orgId, timeZone, periodStart);
  const run = await regularRun(tx, orgId, period, false);
  const lines = run
    ? ((await slipsOf(tx, orgId, [run.id])).get(run.id) ?? [])
    : await computeLines(tx, { orgId, period, cycle: settings.payCycle, timeZone });
  return {
    payCycle: settings.payCycle,
    periodStart: period.start,
    periodEnd: addDaysToIsoDate(period.end, -1),
    status: (run?.status ?? 'preview') as PayrollPendingAnswer['status'],
    runId: run?.id ?? null,
    refreshedAt: run?.refreshedAt?.toISOString() ?? null,
    lines,
    totals: totalsOf(lines),
  } satisfies PayrollPendingAnswer;
}

/** The period's draft, made if missing, locked for this transaction. */
async function lockedDraft(tx: Tx, orgId: string, period: DayRange) {
  await tx
    .insert(payrollRuns)
    .values({
      organizationId: orgId,
      id: newId(),
      type: 'regular',
      status: 'draft',
      periodStart: period.start,
      periodEnd: period.end,
    })
    .onConflictDoNothing();
  return (await regularRun(tx, orgId, period, true))!;
}

/** Create or refresh the pending list: the period's draft with freshly computed lines. */
export async function refreshPending(tx: Tx, orgId: string, timeZone: string, periodStart?: string) {
  const { settings, period } = await periodFor(tx, orgId, timeZone, periodStart);
  const run = await lockedDraft(tx, orgId, period);
  if (run.status === 'completed') throw conflict(PAYROLL_TEXT.alreadyPaid);
  const lines = await computeLines(tx, { orgId, period, cycle: settings.payCycle, timeZone });
  await storeLines(tx, orgId, run.id, lines, { refreshedAt: new Date() });
  return getPending(tx, orgId, timeZone, period.start);
}

/** Run the period's payroll; a run already completed for it is answered as is. */
export async function runPayroll(tx: Tx, orgId: string, timeZone: string, periodStart?: string) {
  const { settings, period, today, oldestOpen, openFrom } = await periodFor(tx, orgId, timeZone, periodStart);
  const paid = await regularRun(tx, orgId, period, false);
  if (paid?.status !== 'completed') assertPayable(period, today, oldestOpen, openFrom);
  let run = await lockedDraft(tx, orgId, period);
  if (run.status === 'draft') {
    await lockPaidDays(tx, orgId);
    // The tip share paid is stored with the run: later rule changes leave these days alone.
    const tips = await periodTipShare(tx, orgId, timeZone, period);
    const lines = await computeLines(tx, { orgId, period, cycle: settings.payCycle, timeZone }, tips);
    const now = new Date();
    run = await storeLines(tx, orgId, run.id, lines, { status: 'completed', runAt: now, refreshedAt: now });
    await storePaidShare(tx, orgId, run.id, tips);
  }
  return reportRun(tx, orgId, run.id);
}

export async function runOffCycle(tx: Tx, orgId: string, timeZone: string, body: OffCycleBody) {
  const ids = [...new Set(body.lines.map((l) => l.contactId))];
  if (ids.length !== body.lines.length) throw conflict('Each employee once per off-cycle run', 'lines');
  const people = await tx
    .select({ id: contacts.id, fullName: contacts.fullName, wageType: employeeSalaries.wageType })
    .from(contacts)
    .leftJoin(
      employeeSalaries,
      tenantJoin(employeeSalaries, contacts, eq(employeeSalaries.contactId, contacts.id)),
    )
    .where(and(eq(contacts.organizationId, orgId), inArray(contacts.id, ids), isNull(contacts.deletedAt)));
  if (people.length !== ids.length) throw lookupMissing('lines.contactId');
  const byId = new Map(people.map((p) => [p.id, p]));
  const today = isoDateInZone(new Date(), timeZone);
  const id = newId();
  const made = await tx
    .insert(payrollRuns)
    .values({
      organizationId: orgId,
      id,
      type: 'offcycle',
      status: 'draft',
      periodStart: today,
      periodEnd: addDaysToIsoDate(today, 1),
      idempotencyKey: body.idempotencyKey,
      note: body.note,
    })
    .onConflictDoNothing()
    .returning({ id: payrollRuns.id });
  if (made.length === 0) {
    const [same] = await tx
      .select({ id: payrollRuns.id })
      .from(payrollRuns)
      .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.idempotencyKey, body.idempotencyKey)));
    return reportRun(tx, orgId, same!.id);
  }
  const lines: PayLineAnswer[] = body.lines.map((l) => {
    const who = byId.get(l.contactId)!;
    return {
      contactId: l.contactId,
      fullName: who.fullName,
      wageType: who.wageType ?? 'none',
      source: 'off_cycle',
      regularMinutes: 0,
      overtimeMinutes: 0,
      classes: 0,
      sessions: 0,
      rateCents: 0,
      regularCents: l.amountCents,
      overtimeCents: 0,
      grossCents: l.amountCents,
      cardTipsCents: 0,
      deductionsCents: 0,
      netCents: l.amountCents,
      note: body.note,
    };
  });
  const now = new Date();
  await storeLines(tx, orgId, id, lines, { status: 'completed', runAt: now, refreshedAt: now });
  return reportRun(tx, orgId, id);
}

/** Clears a draft (its slips go with it); a completed run is never cleared. */
export async function clearDraft(tx: Tx, orgId: string, id: string) {
  const gone = await tx
    .delete(payrollRuns)
    .where(
      and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, id), eq(payrollRuns.status, 'draft')),
    )
    .returning({ type: payrollRuns.type });
  if (gone.length === 0) throw notFound('Draft payroll');
  return gone[0]!.type === 'regular' ? 'payroll' : 'off-cycle payroll';
}

export async function history(tx: Queryable, orgId: string) {
  const found = await tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.status, 'completed')))
    .orderBy(desc(payrollRuns.runAt), desc(payrollRuns.id))
    .limit(200);
  const list = found.map(runAnswerOf);
  return { list, totalNetCents: sumCents(list.map((r) => r.totals.netCents)) };
}

export async function reportRun(
  tx: Queryable,
  orgId: string,
  id: string,
): Promise<PayrollRunWithLinesAnswer> {
  const [row] = await tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.organizationId, orgId), eq(payrollRuns.id, id)));
  if (!row) throw notFound('Payroll run');
  return { ...runAnswerOf(row), lines: (await slipsOf(tx, orgId, [id])).get(id) ?? [] };
}

export { payrollOpenFrom } from './open-from.ts';
