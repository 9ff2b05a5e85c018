import { organizationAnswer as organizationSchema } from '@opsuite/shared';
import { isValidHexColor } from '@opsuite/shared/rules/theme-color';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import { recordAudit } from './audit.ts';
import { organizationAnswer } from './organizations.service.ts';
import { organizations } from './organizations.tables.ts';

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const updateOrganizationBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  themeColor: z
    .string()
    .trim()
    .refine(isValidHexColor, { message: 'Theme colour must be a hex colour of 3 or 6 digits' })
    .optional(),
  logoLink: z.url().max(2048).nullable().optional(),
  timeZone: z.string().refine(validTimeZone, { message: 'Unknown time zone' }).optional(),
  isViewUserData: z.boolean().optional(),
});

export function organizationsRoutes(app: App) {
  app.get(
    '/organization/current',
    {
      config: { auth: 'tenant', permission: { resource: 'base', action: 'read' }, oneStatement: true },
      schema: { tags: ['organizations'], response: { 200: organizationSchema } },
    },
    async (req) => {
      const row = await req.tenant(async (tx) => {
        const [found] = await tx
          .select()
          .from(organizations)
          .where(eq(organizations.id, req.ctx!.organizationId));
        return found;
      });
      if (!row) throw notFound('Organisation');
      return organizationAnswer(row);
    },
  );

  app.put(
    '/organization/current',
    {
      config: { auth: 'tenant', permission: { resource: 'settings', action: 'update' } },
      schema: {
        tags: ['organizations'],
        body: updateOrganizationBody,
        response: { 200: organizationSchema },
      },
    },
    async (req) => {
      const ctx = req.ctx!;
      if (Object.keys(req.body).length === 0) return organizationAnswer(ctx.organization);
      const row = await req.tenant(async (tx) => {
        const [updated] = await tx
          .update(organizations)
          .set(req.body)
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
      return organizationAnswer(row);
    },
  );
}
