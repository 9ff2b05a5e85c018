import { fullRule, type PermissionRule, RESOURCES } from '@opsuite/shared';

/** The plan every new organisation starts on: every module switched on. */
export const DEFAULT_PLAN = [{ planId: 'pro', name: 'Pro' }];
export const DEFAULT_PLAN_PERMISSIONS: PermissionRule[] = RESOURCES.map(fullRule);
