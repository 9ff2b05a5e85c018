import { TIPS_TEXT, type TipLocationAnswer, type TipLocationBody, type TipRoleAnswer } from '@opsuite/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { positionsOf } from '../../staff/index.ts';
import { roleSettings } from './pools.read.ts';
import { dailyTips, tipLocations, tipPoolLocations, tipPools, tipRoleSettings } from './tips.tables.ts';

// Where tips are earned (locations, each in at most one pool) and which staff positions share
// them (the per-role "shares tips" setting).

export async function listLocations(tx: Queryable, orgId: string): Promise<TipLocationAnswer[]> {
  const found = await tx
    .select({ id: tipLocations.id, name: tipLocations.name, poolId: tipPools.id, poolName: tipPools.name })
    .from(tipLocations)
    .leftJoin(
      tipPoolLocations,
      tenantJoin(tipPoolLocations, tipLocations, eq(tipPoolLocations.locationId, tipLocations.id)),
    )
    .leftJoin(tipPools, tenantJoin(tipPools, tipPoolLocations, eq(tipPools.id, tipPoolLocations.poolId)))
    .where(eq(tipLocations.organizationId, orgId))
    .orderBy(asc(tipLocations.name), asc(tipLocations.id));
  return found.map((r) => ({ _id: r.id, name: r.name, poolId: r.poolId, poolName: r.poolName }));
}

async function locationAnswer(tx: Queryable, orgId: string, id: string) {
  const found = (await listLocations(tx, orgId)).find((l) => l._id === id);
  if (!found) throw notFound('Location');
  return found;
}

export async function addLocation(tx: Tx, orgId: string, body: TipLocationBody) {
  const id = newId();
  await tx.insert(tipLocations).values({ organizationId: orgId, id, name: body.name });
  return locationAnswer(tx, orgId, id);
}

export async function renameLocation(tx: Tx, orgId: string, id: string, body: TipLocationBody) {
  const done = await tx
    .update(tipLocations)
    .set({ name: body.name, updatedAt: sql`now()` })
    .where(and(eq(tipLocations.organizationId, orgId), eq(tipLocations.id, id)))
    .returning({ id: tipLocations.id });
  if (done.length === 0) throw notFound('Location');
  return locationAnswer(tx, orgId, id);
}

export async function removeLocation(tx: Tx, orgId: string, id: string) {
  const [use] = await tx
    .select({
      pools: sql<number>`(select count(*)::int from ${tipPoolLocations} where ${tipPoolLocations.organizationId} = ${orgId} and ${tipPoolLocations.locationId} = ${id})`,
      days: sql<number>`(select count(*)::int from ${dailyTips} where ${dailyTips.organizationId} = ${orgId} and ${dailyTips.locationId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  if (Number(use?.pools) > 0 || Number(use?.days) > 0) throw conflict(TIPS_TEXT.locationInUse);
  const gone = await tx
    .delete(tipLocations)
    .where(and(eq(tipLocations.organizationId, orgId), eq(tipLocations.id, id)))
    .returning({ id: tipLocations.id });
  if (gone.length === 0) throw notFound('Location');
}

export async function listRoles(tx: Queryable, orgId: string): Promise<TipRoleAnswer[]> {
  return [...(await roleSettings(tx, orgId))].map(([roleId, r]) => ({ roleId, ...r }));
}

export async function putRole(tx: Tx, orgId: string, roleId: string, sharesTips: boolean) {
  const [position] = await positionsOf(tx, orgId, [roleId]);
  if (!position) throw notFound('Role');
  await tx
    .insert(tipRoleSettings)
    .values({ organizationId: orgId, positionId: roleId, sharesTips })
    .onConflictDoUpdate({
      target: [tipRoleSettings.organizationId, tipRoleSettings.positionId],
      set: { sharesTips, updatedAt: sql`now()` },
    });
  return (await listRoles(tx, orgId)).find((r) => r.roleId === roleId)!;
}
