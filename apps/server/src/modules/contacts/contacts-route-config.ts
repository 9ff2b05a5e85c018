import type { Action } from '@opsuite/shared';

/** Every contacts route is tenant-scoped with a rule on the contacts resource. */
export const contactsAccess = (action: Action) => ({
  auth: 'tenant' as const,
  permission: { resource: 'contacts', action },
});
