import { organizationSettingsBody, organizationSettingsAnswer as settingsSchema } from '@opsuite/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import { recordAudit } from './audit.ts';
import { organizationSettingsAnswer } from './organizations.service.ts';
import { organizations } from './organizations.tables.ts';

// The current organisation's settings: name, theme, logo, time zone, data visibility, country
// (phone numbers' default region) and the check-in rules.

async function readOrganization(tx: Tx, id: string) {
  const [found] = await tx.select().from(organizations).where(eq(organizations.id, id));
  if (!found) throw notFound('Organisation');
  return found;
}

export function organizationsRoutes(app: App) {
  app.get(
    '/organization/current',
    {
      config: { auth: 'tenant', permission: { resource: 'base', action: 'read' }, oneStatement: true },
      schema: { tags: ['organizations'], response: { 200: settingsSchema } },
    },
    async (req) =>
      organizationSettingsAnswer(await req.tenant((tx) => readOrganization(tx, req.ctx!.organizationId))),
  );

  app.put(
    '/organization/current',
    {
      config: { auth: 'tenant', permission: { resource: 'settings', action: 'update' } },
      schema: {
        tags: ['organizations'],
        body: organizationSettingsBody,
        response: { 200: settingsSchema },
      },
    },
    async (req) => {
      const ctx = req.ctx!;
      const { checkInRules: rules, ...fields } = req.body;
      const set: Partial<typeof organizations.$inferInsert> = { ...fields };
      if (rules?.membership !== undefined) set.checkInMembership = rules.membership;
      if (rules?.window !== undefined) set.checkInWindow = rules.window;
      if (rules?.opensMinutesBefore !== undefined) set.checkInOpensMinutes = rules.opensMinutesBefore;
      if (rules?.closesMinutesAfter !== undefined) set.checkInClosesMinutes = rules.closesMinutesAfter;
      const row = await req.tenant(async (tx) => {
        if (Object.keys(set).length === 0) return readOrganization(tx, ctx.organizationId);
        const [updated] = await tx
          .update(organizations)
          .set(set)
          .where(eq(organizations.id, ctx.organizationId))
          .returning();
        await recordAudit(tx, {
          organizationId: ctx.organizationId,
          actorUserId: ctx.userId,
          action: 'organization.updated',
          entity: 'organization',
          entityId: ctx.organizationId,
          data: req.body,
        });
        return updated!;
      });
      return organizationSettingsAnswer(row);
    },
  );
}
