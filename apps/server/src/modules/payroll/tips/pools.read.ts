import type { TipPoolAnswer } from '@opsuite/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { positionsOf } from '../../staff/index.ts';
import {
  type StoredDayShift,
  tipLocations,
  tipPoolLocations,
  tipPoolRoles,
  tipPools,
  tipRoleSettings,
} from './tips.tables.ts';

// Reading pools and role settings, for the pool screens and for the share computation.

/** Positions named like this do not share tips unless a setting says they do. */
const NON_SHARING = /manager|supervisor/i;

export interface RoleInfo {
  name: string;
  sharesTips: boolean;
  isDefault: boolean;
}

export async function roleSettings(tx: Queryable, orgId: string): Promise<Map<string, RoleInfo>> {
  const positions = await positionsOf(tx, orgId);
  const settings = await tx
    .select({ positionId: tipRoleSettings.positionId, sharesTips: tipRoleSettings.sharesTips })
    .from(tipRoleSettings)
    .where(eq(tipRoleSettings.organizationId, orgId));
  const shares = new Map(settings.map((r) => [r.positionId, r.sharesTips]));
  return new Map(
    positions.map((p) => {
      const set = shares.get(p.id);
      return [
        p.id,
        { name: p.name, sharesTips: set ?? !NON_SHARING.test(p.name), isDefault: set === undefined },
      ];
    }),
  );
}

export interface PoolDef {
  id: string;
  name: string;
  basis: TipPoolAnswer['basis'];
  dayShifts: StoredDayShift[];
  createdAt: Date;
  updatedAt: Date;
  locations: Array<{ _id: string; name: string }>;
  roles: Array<{
    roleId: string;
    name: string;
    points: number | null;
    share: number | null;
    sharesTips: boolean;
  }>;
}

/** Pools with their locations and roles; all of them, or those of `ids`, oldest first. */
export async function loadPools(tx: Queryable, orgId: string, ids?: string[]): Promise<PoolDef[]> {
  if (ids && ids.length === 0) return [];
  const where = ids
    ? and(eq(tipPools.organizationId, orgId), inArray(tipPools.id, ids))
    : eq(tipPools.organizationId, orgId);
  const pools = await tx
    .select()
    .from(tipPools)
    .where(where)
    .orderBy(asc(tipPools.createdAt), asc(tipPools.id));
  if (pools.length === 0) return [];
  const poolIds = pools.map((p) => p.id);
  const locs = await tx
    .select({ poolId: tipPoolLocations.poolId, id: tipLocations.id, name: tipLocations.name })
    .from(tipPoolLocations)
    .innerJoin(
      tipLocations,
      tenantJoin(tipLocations, tipPoolLocations, eq(tipLocations.id, tipPoolLocations.locationId)),
    )
    .where(and(eq(tipPoolLocations.organizationId, orgId), inArray(tipPoolLocations.poolId, poolIds)))
    .orderBy(asc(tipLocations.name), asc(tipLocations.id));
  const roles = await tx
    .select()
    .from(tipPoolRoles)
    .where(and(eq(tipPoolRoles.organizationId, orgId), inArray(tipPoolRoles.poolId, poolIds)))
    .orderBy(asc(tipPoolRoles.sortOrder));
  const settings = await roleSettings(tx, orgId);
  return pools.map((p) => ({
    id: p.id,
    name: p.name,
    basis: p.basis as PoolDef['basis'],
    dayShifts: p.dayShifts,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    locations: locs.filter((l) => l.poolId === p.id).map((l) => ({ _id: l.id, name: l.name })),
    roles: roles
      .filter((r) => r.poolId === p.id)
      .map((r) => {
        const info = settings.get(r.positionId);
        return {
          roleId: r.positionId,
          name: info?.name ?? '',
          points: r.pointsHundredths === null ? null : r.pointsHundredths / 100,
          share: r.shareHundredths === null ? null : r.shareHundredths / 100,
          sharesTips: info?.sharesTips ?? false,
        };
      }),
  }));
}

export const poolAnswerOf = (p: PoolDef): TipPoolAnswer => ({
  _id: p.id,
  name: p.name,
  basis: p.basis,
  locations: p.locations,
  roles: p.roles,
  dayShifts: p.dayShifts,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
