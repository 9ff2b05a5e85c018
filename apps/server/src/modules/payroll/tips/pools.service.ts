import { TIPS_TEXT, type TipPoolBody, type TipPoolListAnswer, type tipPoolBody } from '@opsuite/shared';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { uniqueOr409 } from '../../../lib/sql.ts';
import { positionsOf } from '../../staff/index.ts';
import { loadPools, poolAnswerOf } from './pools.read.ts';
import { tipLocations, tipPoolLocations, tipPoolRoles, tipPools } from './tips.tables.ts';

// Tip pools: name, basis, locations (each in one pool at most), roles with points or share, and
// day-shift windows. A change applies to open days only: paid days keep the share stored when
// their payroll ran.

type PoolInput = z.output<typeof tipPoolBody>;

export type { TipPoolBody };

export async function listPools(
  tx: Queryable,
  orgId: string,
  page: number,
  limit: number,
): Promise<TipPoolListAnswer> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tipPools)
    .where(eq(tipPools.organizationId, orgId));
  const ids = await tx
    .select({ id: tipPools.id })
    .from(tipPools)
    .where(eq(tipPools.organizationId, orgId))
    .orderBy(desc(tipPools.createdAt), desc(tipPools.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const pools = await loadPools(
    tx,
    orgId,
    ids.map((r) => r.id),
  );
  const order = new Map(ids.map((r, i) => [r.id, i]));
  pools.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { list: pools.map(poolAnswerOf), total: Number(count?.n ?? 0), page, limit };
}

export async function getPool(tx: Queryable, orgId: string, id: string) {
  const [pool] = await loadPools(tx, orgId, [id]);
  if (!pool) throw notFound('Tip pool');
  return poolAnswerOf(pool);
}

async function checkRefs(tx: Tx, orgId: string, body: PoolInput, poolId: string) {
  const locs = await tx
    .select({ id: tipLocations.id })
    .from(tipLocations)
    .where(and(eq(tipLocations.organizationId, orgId), inArray(tipLocations.id, body.locationIds)));
  const roles = await positionsOf(
    tx,
    orgId,
    body.roles.map((r) => r.roleId),
  );
  const taken = await tx
    .select({ location: tipLocations.name, pool: tipPools.name })
    .from(tipPoolLocations)
    .innerJoin(
      tipLocations,
      tenantJoin(tipLocations, tipPoolLocations, eq(tipLocations.id, tipPoolLocations.locationId)),
    )
    .innerJoin(tipPools, tenantJoin(tipPools, tipPoolLocations, eq(tipPools.id, tipPoolLocations.poolId)))
    .where(
      and(
        eq(tipPoolLocations.organizationId, orgId),
        inArray(tipPoolLocations.locationId, body.locationIds),
        ne(tipPoolLocations.poolId, poolId),
      ),
    )
    .limit(1);
  if (locs.length !== body.locationIds.length) throw lookupMissing('locationIds');
  if (roles.length !== body.roles.length) throw lookupMissing('roles.roleId');
  if (taken[0]) throw conflict(TIPS_TEXT.locationTaken(taken[0].location, taken[0].pool), 'locationIds');
}

async function writeParts(tx: Tx, orgId: string, poolId: string, body: PoolInput) {
  await tx
    .delete(tipPoolLocations)
    .where(and(eq(tipPoolLocations.organizationId, orgId), eq(tipPoolLocations.poolId, poolId)));
  await tx
    .delete(tipPoolRoles)
    .where(and(eq(tipPoolRoles.organizationId, orgId), eq(tipPoolRoles.poolId, poolId)));
  await uniqueOr409(
    'tip_pool_locations_organization_id_location_id_pk',
    'locationIds',
    TIPS_TEXT.locationInUse,
    () =>
      tx
        .insert(tipPoolLocations)
        .values(body.locationIds.map((locationId) => ({ organizationId: orgId, poolId, locationId }))),
  );
  await tx.insert(tipPoolRoles).values(
    body.roles.map((r, i) => ({
      organizationId: orgId,
      poolId,
      positionId: r.roleId,
      pointsHundredths: r.points === undefined ? null : Math.round(r.points * 100),
      shareHundredths: r.share === undefined ? null : Math.round(r.share * 100),
      sortOrder: i,
    })),
  );
}

export async function createPool(tx: Tx, orgId: string, body: PoolInput) {
  const id = newId();
  await checkRefs(tx, orgId, body, id);
  await tx
    .insert(tipPools)
    .values({ organizationId: orgId, id, name: body.name, basis: body.basis, dayShifts: body.dayShifts });
  await writeParts(tx, orgId, id, body);
  return getPool(tx, orgId, id);
}

export async function updatePool(tx: Tx, orgId: string, id: string, body: PoolInput) {
  const [row] = await tx
    .select({ id: tipPools.id })
    .from(tipPools)
    .where(and(eq(tipPools.organizationId, orgId), eq(tipPools.id, id)))
    .for('update');
  if (!row) throw notFound('Tip pool');
  await checkRefs(tx, orgId, body, id);
  await tx
    .update(tipPools)
    .set({ name: body.name, basis: body.basis, dayShifts: body.dayShifts, updatedAt: sql`now()` })
    .where(and(eq(tipPools.organizationId, orgId), eq(tipPools.id, id)));
  await writeParts(tx, orgId, id, body);
  return getPool(tx, orgId, id);
}

export async function deletePool(tx: Tx, orgId: string, id: string) {
  const gone = await tx
    .delete(tipPools)
    .where(and(eq(tipPools.organizationId, orgId), eq(tipPools.id, id)))
    .returning({ id: tipPools.id });
  if (gone.length === 0) throw notFound('Tip pool');
}
