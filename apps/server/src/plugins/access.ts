import type { Action } from '@opsuite/shared';

/** A tenant route's config: the caller's ability in the organisation must allow `action` on `resource`. */
export const tenantRoute = (resource: string, action: Action) => ({
  auth: 'tenant' as const,
  permission: { resource, action },
});
