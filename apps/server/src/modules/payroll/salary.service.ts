import {
  addDaysToIsoDate,
  isoDateInZone,
  PAYROLL_TEXT,
  type PayCycle,
  type PayrollSettingsBody,
  payPeriodContaining,
  type SalaryAnswer,
  type SalaryBody,
  salaryBody,
} from '@opsuite/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { AppError, lookupMissing } from '../../lib/errors.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { payrollOpenFrom } from './open-from.ts';
import { employeeSalaries, payrollSettings } from './payroll.tables.ts';

// Employee salaries (one per contact, the primary key) and the organisation's pay cycle.

/** Weekly and biweekly periods repeat from this Sunday until an organisation sets its own. */
export const DEFAULT_ANCHOR_DAY = '2024-01-07';

type SalaryRow = typeof employeeSalaries.$inferSelect;

const answerOf = (row: SalaryRow, fullName: string): SalaryAnswer => ({
  contactId: row.contactId,
  fullName,
  wageType: row.wageType as SalaryAnswer['wageType'],
  rateCents: row.rateCents,
  overtimeThresholdHours: row.overtimeThresholdMinutes / 60,
  overtimeMultiplier: row.overtimeMultiplierPct / 100,
  effectiveFrom: row.effectiveFrom,
  updatedAt: row.updatedAt.toISOString(),
});

const salaryColumns = { row: employeeSalaries, fullName: contacts.fullName };
const joinContact = tenantJoin(contacts, employeeSalaries, eq(contacts.id, employeeSalaries.contactId));

export async function listSalaries(tx: Queryable, orgId: string) {
  const found = await tx
    .select(salaryColumns)
    .from(employeeSalaries)
    .innerJoin(contacts, joinContact)
    .where(and(eq(employeeSalaries.organizationId, orgId), isNull(contacts.deletedAt)))
    .orderBy(contacts.fullName, employeeSalaries.contactId);
  return { list: found.map((r) => answerOf(r.row, r.fullName)) };
}

/** The employee's salary; 404 with the spec's message when the employee has no wage type. */
export async function getSalary(tx: Queryable, orgId: string, contactId: string) {
  const [found] = await tx
    .select(salaryColumns)
    .from(employeeSalaries)
    .innerJoin(contacts, joinContact)
    .where(and(eq(employeeSalaries.organizationId, orgId), eq(employeeSalaries.contactId, contactId)));
  if (!found) throw new AppError('NOT_FOUND', PAYROLL_TEXT.noWageType);
  return answerOf(found.row, found.fullName);
}

/**
 * The first day of the oldest unpaid period: a salary set without a start pays from there, so
 * hours worked before the salary was typed in are not left out.
 */
async function oldestUnpaidDay(tx: Queryable, orgId: string, timeZone: string): Promise<string> {
  const openFrom = await payrollOpenFrom(tx, orgId);
  if (openFrom) return openFrom;
  const { payCycle, anchorDay } = await getSettings(tx, orgId);
  const current = payPeriodContaining(isoDateInZone(new Date(), timeZone), payCycle, anchorDay);
  return payPeriodContaining(addDaysToIsoDate(current.start, -1), payCycle, anchorDay).start;
}

export async function putSalary(
  tx: Tx,
  orgId: string,
  contactId: string,
  input: SalaryBody,
  timeZone: string,
) {
  const body = salaryBody.parse(input);
  const [person] = await tx
    .select({ fullName: contacts.fullName })
    .from(contacts)
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
  if (!person) throw lookupMissing('contactId');
  const values = {
    wageType: body.wageType,
    rateCents: body.rateCents,
    overtimeThresholdMinutes: Math.round(body.overtimeThresholdHours * 60),
    overtimeMultiplierPct: Math.round(body.overtimeMultiplier * 100),
    effectiveFrom: body.effectiveFrom ?? (await oldestUnpaidDay(tx, orgId, timeZone)),
  };
  const [row] = await tx
    .insert(employeeSalaries)
    .values({ organizationId: orgId, contactId, ...values })
    .onConflictDoUpdate({
      target: [employeeSalaries.organizationId, employeeSalaries.contactId],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return answerOf(row!, person.fullName);
}

export async function deleteSalary(tx: Tx, orgId: string, contactId: string) {
  const gone = await tx
    .delete(employeeSalaries)
    .where(and(eq(employeeSalaries.organizationId, orgId), eq(employeeSalaries.contactId, contactId)))
    .returning({ id: employeeSalaries.contactId });
  if (gone.length === 0) throw new AppError('NOT_FOUND', PAYROLL_TEXT.noWageType);
}

export interface PayrollSettings {
  payCycle: PayCycle;
  anchorDay: string;
}

export async function getSettings(tx: Queryable, orgId: string): Promise<PayrollSettings> {
  const [row] = await tx.select().from(payrollSettings).where(eq(payrollSettings.organizationId, orgId));
  return row
    ? { payCycle: row.payCycle as PayCycle, anchorDay: row.anchorDay }
    : { payCycle: 'biweekly', anchorDay: DEFAULT_ANCHOR_DAY };
}

export async function putSettings(
  tx: Tx,
  orgId: string,
  body: PayrollSettingsBody,
): Promise<PayrollSettings> {
  await tx
    .insert(payrollSettings)
    .values({ organizationId: orgId, ...body })
    .onConflictDoUpdate({ target: payrollSettings.organizationId, set: { ...body, updatedAt: sql`now()` } });
  return body;
}
