import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { addMember, createOrganization } from '../modules/accounts/index.ts';
import { findOrCreateLead } from '../modules/contacts/index.ts';
import { DEFAULT_ROLE_GRANTS } from '../modules.ts';

// A second demo organisation for the demo admin, so the organisation switcher is seen: another
// name, theme colour, time zone and country, and contacts of its own (their phones typed as a
// British visitor would, stored in E.164 with the organisation's country).

export const YOGA_DEMO = {
  name: 'Demo Yoga Studio',
  timeZone: 'Europe/London',
  themeColor: '#0ca678',
  country: 'GB',
} as const;

export const YOGA_DEMO_CONTACTS = [
  { name: 'Priya Shah', email: 'priya@yoga.demo.test', phone: '07700 900123' },
  { name: 'Ben Carter', email: 'ben@yoga.demo.test', phone: '07700 900456' },
  { name: 'Lucy Evans', email: 'lucy@yoga.demo.test', phone: null },
];

export interface YogaDemoAdmin {
  userId: string;
  fullName: string;
  email: string;
}

/** Seeds "Demo Yoga Studio" with `admin` as its admin; answers its id. */
export async function seedYogaDemo(db: Database, admin: YogaDemoAdmin): Promise<string> {
  const orgId = await db.transaction(async (tx) => {
    const created = await createOrganization(tx, YOGA_DEMO, DEFAULT_ROLE_GRANTS);
    await addMember(tx, {
      organizationId: created.id,
      userId: admin.userId,
      fullName: admin.fullName,
      email: admin.email,
      contactTypeId: created.contactTypeIds.admin,
      userType: 'admin',
    });
    return created.id;
  });
  await withTenant(db, orgId, async (tx) => {
    for (const c of YOGA_DEMO_CONTACTS) await findOrCreateLead(tx, orgId, c);
  });
  return orgId;
}
