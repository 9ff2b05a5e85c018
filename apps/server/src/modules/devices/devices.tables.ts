import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey } from '../../db/columns.ts';
import { userReference } from '../auth/auth.tables.ts';
import { tenantColumn } from '../organizations/organizations.tables.ts';

/**
 * Self check-in devices (kiosks). An admin generates a code; a kiosk pairs with it and gets a
 * device credential naming this row, which works only while the row exists and is active.
 * Codes are unique across organisations because pairing happens before the kiosk knows its
 * organisation.
 */
export const devices = pgTable(
  'devices',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    pairedAt: instant('paired_at'),
    lastSeenAt: instant('last_seen_at'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    uniqueIndex('devices_code_uq').on(t.code),
    index('devices_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
