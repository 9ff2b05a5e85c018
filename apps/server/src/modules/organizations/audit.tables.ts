import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../db/columns.ts';
import { tenantColumn } from './organizations.tables.ts';

/** Who changed what, per organisation. Written through `recordAudit()` (audit.ts). */
export const auditLog = pgTable(
  'audit_log',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id), index('audit_log_org_created_idx').on(t.organizationId, t.createdAt)],
);
