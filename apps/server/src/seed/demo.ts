import type { DatabaseHandle } from '../db/client.ts';
import { seedBillingDemo } from '../modules/billing/index.ts';
import { seedGiftCardDemo } from '../modules/gift-cards/index.ts';
import { seedPayrollDemo } from '../modules/payroll/index.ts';
import { STAFF_DEMO_EMPLOYEES, seedStaffDemo } from '../modules/staff/index.ts';
import { seedBookingDemo } from './booking-demo.ts';
import { seedPortalDemo } from './portal-demo.ts';
import { seedYogaDemo } from './yoga-demo.ts';

export { DEMO_KIOSK_CODE } from './booking-demo.ts';
export { YOGA_DEMO } from './yoga-demo.ts';

import { type MemberSpec, seedOrganization } from './factories.ts';

export const DEMO_PASSWORD = 'demo1234';

/**
 * The demo employees' punch ids for the tablet time clock (typed short; stored padded to 10
 * digits, as the clock pads what is typed). Printed at start-up beside the kiosk code.
 */
export const DEMO_PUNCH_IDS: { email: string; fullName: string; punchId: string }[] = [
  { email: 'coach@demo.test', fullName: 'Chris Coach', punchId: '2000' },
  ...STAFF_DEMO_EMPLOYEES.map((e, i) => ({ ...e, punchId: String(2001 + i) })),
];

export const DEMO_MEMBERS: MemberSpec[] = [
  { email: 'admin@demo.test', fullName: 'Alex Admin', role: 'admin' },
  { email: 'owner@demo.test', fullName: 'Olivia Owner', role: 'primary' },
  { email: 'coach@demo.test', fullName: 'Chris Coach', role: 'employee', assignedBy: 'admin@demo.test' },
  { email: 'member@demo.test', fullName: 'Morgan Member', role: 'client', assignedBy: 'admin@demo.test' },
];

/**
 * Seeds "Demo Fitness" (and the admin's second organisation, "Demo Yoga Studio") on an empty
 * database only; answers whether it did.
 */
export async function seedDemo(database: DatabaseHandle): Promise<boolean> {
  const rows = await database.query<{ n: number }>('select count(*)::int as n from organizations');
  if ((rows[0]?.n ?? 0) > 0) return false;
  const org = await seedOrganization(
    database.db,
    {
      name: 'Demo Fitness',
      timeZone: 'America/New_York',
      themeColor: '#7367f0',
      // The demo's kiosk checks in to any class of the day at any hour (the browser tests and the
      // kiosk bench run around the clock); a frozen or past-due membership is only warned about.
      checkInRules: { membership: 'warn', window: false },
    },
    DEMO_MEMBERS,
    DEMO_PASSWORD,
  );
  await seedBookingDemo(database.db, org.id, {
    timeZone: 'America/New_York',
    themeColor: '#7367f0',
    memberContactId: org.members['member@demo.test']!.contactId,
    adminUserId: org.members['admin@demo.test']!.userId,
    instructorContactId: org.members['coach@demo.test']!.contactId,
  });
  await seedPortalDemo(database, {
    organizationId: org.id,
    timeZone: 'America/New_York',
    themeColor: '#7367f0',
    memberContactId: org.members['member@demo.test']!.contactId,
    adminUserId: org.members['admin@demo.test']!.userId,
    clientTypeId: org.contactTypeIds.client,
    password: DEMO_PASSWORD,
  });
  // Other modules' Demo Fitness data, before the second organisation. Billing after the portal,
  // so the demo member's invoice stays INV-000001; payroll after staff, whose clocked week it pays.
  await seedBillingDemo(database, {
    organizationId: org.id,
    adminUserId: org.members['admin@demo.test']!.userId,
    clientTypeId: org.contactTypeIds.client,
  });
  await seedStaffDemo(database, {
    organizationId: org.id,
    timeZone: 'America/New_York',
    password: DEMO_PASSWORD,
    employeeTypeId: org.contactTypeIds.employee,
    coach: org.members['coach@demo.test']!,
    admin: org.members['admin@demo.test']!,
    owner: org.members['owner@demo.test']!,
  });
  for (const p of DEMO_PUNCH_IDS) {
    await database.query(
      'update contacts set punch_id = $1 where organization_id = $2 and email = $3 and deleted_at is null',
      [p.punchId.padStart(10, '0'), org.id, p.email],
    );
  }
  const hourly = await database.query<{ id: string }>(
    'select id from contacts where organization_id = $1 and email = any($2::text[]) order by email',
    [org.id, STAFF_DEMO_EMPLOYEES.map((e) => e.email)],
  );
  await seedPayrollDemo(database, {
    organizationId: org.id,
    timeZone: 'America/New_York',
    hourly: hourly.map((r) => r.id),
    perClass: [org.members['coach@demo.test']!.contactId],
    salaried: [org.members['admin@demo.test']!.contactId],
  });
  await seedGiftCardDemo(database, {
    organizationId: org.id,
    timeZone: 'America/New_York',
    adminUserId: org.members['admin@demo.test']!.userId,
    memberContactId: org.members['member@demo.test']!.contactId,
  });

  // The admin's second organisation, seeded last so Demo Fitness stays the admin's first.
  await seedYogaDemo(database.db, {
    userId: org.members['admin@demo.test']!.userId,
    fullName: 'Alex Admin',
    email: 'admin@demo.test',
  });
  return true;
}
