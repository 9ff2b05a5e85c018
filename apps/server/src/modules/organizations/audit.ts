import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { auditLog } from './audit.tables.ts';

// The audit log: who changed what in an organisation. Every module writes it through these calls.

export interface AuditEntry {
  organizationId: string;
  actorUserId?: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  data?: Record<string, unknown> | null;
}

export async function recordAudit(tx: Queryable, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    organizationId: e.organizationId,
    id: newId(),
    actorUserId: e.actorUserId ?? null,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? null,
    data: e.data ?? null,
  });
}

/**
 * The same entry in every organisation the user is a member of (a change to the user's own
 * account), in one statement, outside any tenant.
 */
export async function recordAuditForMember(
  tx: Queryable,
  userId: string,
  e: Omit<AuditEntry, 'organizationId'>,
): Promise<void> {
  await tx.execute(
    sql`insert into audit_log (organization_id, id, actor_user_id, action, entity, entity_id, data)
        select m.organization_id, gen_random_uuid(), ${e.actorUserId ?? null}, ${e.action}, ${e.entity},
               ${e.entityId ?? null}, ${e.data ? JSON.stringify(e.data) : null}::jsonb
        from memberships m where m.user_id = ${userId}`,
  );
}
