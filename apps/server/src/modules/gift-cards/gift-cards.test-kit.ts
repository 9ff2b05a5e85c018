import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// What every gift cards test starts from, and what other modules' tests may import: an
// organisation with an admin and a vendor (a role with no permissions at all), and another
// organisation's admin, each signed in through the real routes.

export interface GiftCardsKit {
  t: TestApp;
  admin: RequestClient;
  /** A vendor: a role with no permissions at all. */
  vendor: RequestClient;
  /** An employee on the default Employee role: money is off it, so gift cards are too. */
  employee: RequestClient;
  /** Another organisation's admin. */
  intruder: RequestClient;
  organizationId: string;
  adminUserId: string;
  /** The employee's contact: a card's recipient in the tests. */
  employeeContactId: string;
}

export async function createGiftCardsKit(): Promise<GiftCardsKit> {
  const t = await createTestApp();
  const org = await seedTenant(t, ['admin', 'vendor', 'employee'], 'Gift cards');
  const other = await seedTenant(t, ['admin'], 'Intruder');
  const [admin, vendor, employee, intruder] = await Promise.all([
    signIn(t, org.emails.admin!),
    signIn(t, org.emails.vendor!),
    signIn(t, org.emails.employee!),
    signIn(t, other.emails.admin!),
  ]);
  return {
    t,
    admin: requestClient(t, admin.headers),
    vendor: requestClient(t, vendor.headers),
    employee: requestClient(t, employee.headers),
    intruder: requestClient(t, intruder.headers),
    organizationId: org.id,
    adminUserId: admin.userId,
    employeeContactId: org.members[org.emails.employee!]!.contactId,
  };
}
