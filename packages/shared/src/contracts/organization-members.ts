import { z } from 'zod';
import { idSchema } from './common.ts';

/*
 * The members of the current organisation (GET /api/organization/current/members) and the
 * removal of one (DELETE /api/organization/current/members/{userId}): who can sign in to it.
 */

export const organizationMember = z.object({
  userId: idSchema,
  fullName: z.string(),
  email: z.string(),
  /** The member's contact in this organisation, when their role is linked to one. */
  contactId: idSchema.nullable(),
  /** The role's name as the contact types call it ("Admin", "Coach"). */
  roleName: z.string(),
  /** admin, primary, employee, client, user: the same type the session derives. */
  userType: z.string(),
  joinedAt: z.string(),
});
export type OrganizationMember = z.infer<typeof organizationMember>;

export const organizationMembersAnswer = z.object({ members: z.array(organizationMember) });
export type OrganizationMembersAnswer = z.infer<typeof organizationMembersAnswer>;

export const memberParams = z.object({ userId: idSchema });
