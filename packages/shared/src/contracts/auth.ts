import { z } from 'zod';
import { idSchema, imageLinkField } from './common.ts';

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Please enter a valid email address' });
export const passwordField = z
  .string()
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(200);

export const loginBody = z.object({ email: emailField, password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  fullName: z.string().trim().min(1, { message: 'Full name is required' }).max(120),
  email: emailField,
  password: passwordField,
  organizationName: z.string().trim().min(1, { message: 'Organisation name is required' }).max(120),
  timeZone: z.string().max(64).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const refreshBody = z.object({ refreshToken: z.string().min(20).max(200) });
export const tokensAnswer = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokensAnswer = z.infer<typeof tokensAnswer>;

export const permissionRule = z.object({
  resource: z.string().min(1).max(64),
  read: z.boolean(),
  write: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type PermissionRule = z.infer<typeof permissionRule>;

export const abilityRule = z.object({ action: z.string(), subject: z.string() });
export type AbilityRule = z.infer<typeof abilityRule>;

export const contactTypeRef = z.object({ _id: idSchema, name: z.string(), type: z.string() });

export const curRole = z.object({
  contactTypeId: contactTypeRef,
  contactId: idSchema.nullable(),
  assignerId: idSchema.nullable(),
});
export type CurRole = z.infer<typeof curRole>;

export const membershipRef = z.object({
  organizationId: idSchema,
  userType: z.string(),
  name: z.string(),
});

export const userData = z.object({
  id: idSchema,
  currentUserId: idSchema,
  fullName: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  userType: z.string(),
  roleLabel: z.string(),
  curRole,
  organizations: z.array(membershipRef),
  ability: z.array(abilityRule),
  dataFlow: z.boolean(),
  isEmployee: z.boolean(),
  plan: z.object({ permissions: z.array(permissionRule) }),
});
export type UserData = z.infer<typeof userData>;

export const organizationAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  themeColor: z.string(),
  logoLink: z.string().nullable(),
  timeZone: z.string(),
  plan: z.array(z.object({ planId: z.string(), name: z.string() })),
  planDetails: z.object({ permissions: z.array(permissionRule) }),
  isViewUserData: z.boolean(),
});
export type OrganizationAnswer = z.infer<typeof organizationAnswer>;

export const sessionAnswer = z.object({ userData, organization: organizationAnswer });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const loginAnswer = sessionAnswer.extend({ accessToken: z.string(), refreshToken: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const signoutBody = z.object({ refreshToken: z.string().min(1).max(200) });

export const sendResetCodeBody = z.object({ email: emailField });
export const resetPasswordBody = z.object({
  email: emailField,
  code: z.string().regex(/^\d{6}$/, { message: 'The code has 6 digits' }),
  password: passwordField,
});

export const userAnswer = z.object({
  _id: idSchema,
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  createdAt: z.string(),
});
export type UserAnswer = z.infer<typeof userAnswer>;

export const updateProfileBody = z
  .object({
    fullName: z.string().trim().min(1).max(120).optional(),
    phone: z.string().trim().max(32).nullable().optional(),
    photo: imageLinkField.nullable().optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: passwordField.optional(),
  })
  .refine((b) => !b.newPassword || b.currentPassword, {
    message: 'Current password is required to set a new one',
    path: ['currentPassword'],
  });

export const deleteUserBody = z.object({
  source: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});

/** Headers every signed-in call carries. */
export const HEADER_ORGANIZATION = 'organization';
export const HEADER_ASSIGNER = 'assigner';
export const HEADER_IS_EMPLOYEE = 'isemployee';
