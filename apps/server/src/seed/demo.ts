import type { DatabaseHandle } from '../db/client.ts';
import { seedBookingDemo } from './booking-demo.ts';
import { seedPortalDemo } from './portal-demo.ts';

export { DEMO_KIOSK_CODE } from './booking-demo.ts';

import { type MemberSpec, seedOrganization } from './factories.ts';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_MEMBERS: MemberSpec[] = [
  { email: 'admin@demo.test', fullName: 'Alex Admin', role: 'admin' },
  { email: 'owner@demo.test', fullName: 'Olivia Owner', role: 'primary' },
  { email: 'coach@demo.test', fullName: 'Chris Coach', role: 'employee', assignedBy: 'admin@demo.test' },
  { email: 'member@demo.test', fullName: 'Morgan Member', role: 'client', assignedBy: 'admin@demo.test' },
];

/** Seeds "Demo Fitness" on an empty database only; answers whether it did. */
export async function seedDemo(database: DatabaseHandle): Promise<boolean> {
  const rows = await database.query<{ n: number }>('select count(*)::int as n from organizations');
  if ((rows[0]?.n ?? 0) > 0) return false;
  const org = await seedOrganization(
    database.db,
    { name: 'Demo Fitness', timeZone: 'America/New_York', themeColor: '#7367f0' },
    DEMO_MEMBERS,
    DEMO_PASSWORD,
  );
  await seedBookingDemo(database.db, org.id, {
    timeZone: 'America/New_York',
    themeColor: '#7367f0',
    memberContactId: org.members['member@demo.test']!.contactId,
    adminUserId: org.members['admin@demo.test']!.userId,
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
  return true;
}
