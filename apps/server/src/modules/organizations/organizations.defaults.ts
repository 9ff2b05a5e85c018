import { fullRule, type PermissionRule, RESOURCES, readOnlyRule } from '@opsuite/shared';

/** The plan every new organisation starts on: every module switched on. */
export const DEFAULT_PLAN = [{ planId: 'pro', name: 'Pro' }];
export const DEFAULT_PLAN_PERMISSIONS: PermissionRule[] = RESOURCES.map(fullRule);

export interface DefaultContactType {
  key: 'primary' | 'admin' | 'employee' | 'client' | 'vendor' | 'lead';
  name: string;
  type: string;
  /** null: the plan's rules apply unchanged. */
  permissions: PermissionRule[] | null;
}

const rw = (resource: string): PermissionRule => ({
  resource,
  read: true,
  write: true,
  update: true,
  delete: false,
});

/** The contact types every organisation has from the start; admins can add their own later. */
export const DEFAULT_CONTACT_TYPES: DefaultContactType[] = [
  { key: 'primary', name: 'Primary Account Holder', type: 'primary', permissions: null },
  { key: 'admin', name: 'Admin', type: 'admin', permissions: null },
  {
    key: 'employee',
    name: 'Employee',
    type: 'employee',
    permissions: [
      readOnlyRule('dashboard'),
      rw('contacts'),
      rw('booking'),
      readOnlyRule('calendar'),
      rw('kiosk'),
      rw('staff'),
      readOnlyRule('tips'),
      rw('workspace'),
    ],
  },
  {
    key: 'client',
    name: 'Client',
    type: 'client',
    permissions: [rw('booking'), readOnlyRule('calendar'), readOnlyRule('events'), readOnlyRule('shop')],
  },
  { key: 'vendor', name: 'Vendor', type: 'vendor', permissions: [] },
  { key: 'lead', name: 'Lead', type: 'lead', permissions: [] },
];
