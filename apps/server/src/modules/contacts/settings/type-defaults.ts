import { type PermissionRule, readOnlyRule } from '@opsuite/shared';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { contactTypes } from '../core.tables.ts';

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

export type DefaultContactTypeIds = Record<DefaultContactType['key'], string>;

/** A new organisation's contact types (its roles), inserted in `tx`; answers their ids by key. */
export async function createDefaultContactTypes(
  tx: Tx,
  organizationId: string,
): Promise<DefaultContactTypeIds> {
  const ids = {} as DefaultContactTypeIds;
  await tx.insert(contactTypes).values(
    DEFAULT_CONTACT_TYPES.map((ct, i) => {
      const id = newId();
      ids[ct.key] = id;
      return {
        organizationId,
        id,
        name: ct.name,
        type: ct.type,
        permissions: ct.permissions,
        isSystem: true,
        sortOrder: i,
      };
    }),
  );
  return ids;
}
