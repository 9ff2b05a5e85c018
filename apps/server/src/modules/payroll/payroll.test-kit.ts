import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// One organisation with an admin, two employees and a vendor (no permissions), and another
// organisation's admin; the week of June 2025 (Sunday the 1st to Saturday the 7th).

export interface PayrollKit {
  t: TestApp;
  admin: RequestClient;
  adminHeaders: Record<string, string>;
  vendor: RequestClient;
  /** The first employee, signed in with the default Employee role. */
  employee: RequestClient;
  intruder: RequestClient;
  employeeId: string;
  secondId: string;
  adminContactId: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export async function createPayrollKit(): Promise<PayrollKit> {
  const t = await createTestApp();
  const org = await seedTenant(t, ['admin', 'employee', 'employee', 'vendor'], 'Payroll');
  const other = await seedTenant(t, ['admin'], 'Intruder');
  const emails = Object.keys(org.members);
  const employees = emails.filter((e) => org.members[e]!.role === 'employee');
  const [admin, vendor, employee, intruder] = await Promise.all([
    signIn(t, org.emails.admin!),
    signIn(t, org.emails.vendor!),
    signIn(t, employees[0]!),
    signIn(t, other.emails.admin!),
  ]);
  return {
    t,
    admin: requestClient(t, admin.headers),
    adminHeaders: admin.headers,
    vendor: requestClient(t, vendor.headers),
    employee: requestClient(t, employee.headers),
    intruder: requestClient(t, intruder.headers),
    employeeId: org.members[employees[0]!]!.contactId,
    secondId: org.members[employees[1]!]!.contactId,
    adminContactId: org.members[org.emails.admin!]!.contactId,
    query: (text, params) => t.database.query(text, params),
  };
}

/** A manual work session entered through staff's own route (payroll never writes staff's tables). */
export const recordWork = (k: PayrollKit, contactId: string, day: string, start: string, end: string) =>
  k.admin.call('POST', '/api/contact/workhistory/create-manual-workHistory', {
    contactId,
    startDate: day,
    startTime: start,
    endDate: day,
    endTime: end,
    reason: 'Payroll test',
  });
