import { grantedRules, type PermissionRule, type RoleGrant } from '@opsuite/shared';
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

/**
 * The contact types every organisation has from the start; admins can add their own later. The
 * admin and the Primary Account Holder take the plan's rules unchanged; vendors and leads have
 * none; employees and clients have what the modules grant them.
 */
export function defaultContactTypes(grants: readonly RoleGrant[]): DefaultContactType[] {
  return [
    { key: 'primary', name: 'Primary Account Holder', type: 'primary', permissions: null },
    { key: 'admin', name: 'Admin', type: 'admin', permissions: null },
    { key: 'employee', name: 'Employee', type: 'employee', permissions: grantedRules('employee', grants) },
    { key: 'client', name: 'Client', type: 'client', permissions: grantedRules('client', grants) },
    { key: 'vendor', name: 'Vendor', type: 'vendor', permissions: [] },
    { key: 'lead', name: 'Lead', type: 'lead', permissions: [] },
  ];
}

export type DefaultContactTypeIds = Record<DefaultContactType['key'], string>;

/** A new organisation's contact types (its roles), inserted in `tx`; answers their ids by key. */
export async function createDefaultContactTypes(
  tx: Tx,
  organizationId: string,
  grants: readonly RoleGrant[],
): Promise<DefaultContactTypeIds> {
  const ids = {} as DefaultContactTypeIds;
  await tx.insert(contactTypes).values(
    defaultContactTypes(grants).map((ct, i) => {
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
