import { TIPS_TEXT } from '@opsuite/shared';
import { expect } from 'vitest';
import { type RequestClient, requestClient } from '../../../../test/client.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from '../../../../test/helpers.ts';

// An organisation (UTC, weekly pay periods from Sunday 2025-06-01) with an admin, six employees, a
// vendor (no payroll permission), another organisation's admin, staff positions and employees'
// positions set through staff's own routes (tips never write staff's tables).

export interface TipsKit {
  t: TestApp;
  orgId: string;
  admin: RequestClient;
  vendor: RequestClient;
  intruder: RequestClient;
  /** e[0], e[1] servers; e[2] bartender; e[3] busser; e[4] floor manager; e[5] bartender and server. */
  e: string[];
  pos: { server: string; bartender: string; busser: string; manager: string };
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

async function ok<T = { data: { _id: string } }>(p: Promise<{ status: number; body: unknown }>): Promise<T> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
}

export async function createTipsKit(): Promise<TipsKit> {
  const t = await createTestApp();
  const roles = [
    'admin',
    'employee',
    'employee',
    'employee',
    'employee',
    'employee',
    'employee',
    'vendor',
  ] as const;
  const org = await seedTenant(t, [...roles], 'Tips');
  const other = await seedTenant(t, ['admin'], 'Intruder');
  const [admin, vendor, intruder] = await Promise.all([
    signIn(t, org.emails.admin!),
    signIn(t, org.emails.vendor!),
    signIn(t, other.emails.admin!),
  ]);
  const a = requestClient(t, admin.headers);
  const e = Object.values(org.members)
    .filter((m) => m.role === 'employee')
    .map((m) => m.contactId);
  const position = async (name: string) =>
    (await ok(a.call('POST', '/api/contact-position', { name }))).data._id;
  const pos = {
    server: await position('Server'),
    bartender: await position('Bartender'),
    busser: await position('Busser'),
    manager: await position('Floor Manager'),
  };
  const staffPositions = [
    [pos.server],
    [pos.server],
    [pos.bartender],
    [pos.busser],
    [pos.manager],
    [pos.bartender, pos.server],
  ];
  for (const [i, positionIds] of staffPositions.entries()) {
    await ok(a.call('PUT', `/api/staff/employees/${e[i]}`, { positionIds }));
  }
  await ok(a.call('PUT', '/api/payroll/settings', { payCycle: 'weekly', anchorDay: '2025-06-01' }));
  return {
    t,
    orgId: admin.organizationId,
    admin: a,
    vendor: requestClient(t, vendor.headers),
    intruder: requestClient(t, intruder.headers),
    e,
    pos,
    query: (text, params) => t.database.query(text, params),
  };
}

/** A confirmed manual work session on the organisation's clock, through staff's route. */
export const work = (k: TipsKit, contactId: string, day: string, start: string, end: string, endDay = day) =>
  ok(
    k.admin.call('POST', '/api/contact/workhistory/create-manual-workHistory', {
      contactId,
      startDate: day,
      startTime: start,
      endDate: endDay,
      endTime: end,
      reason: 'Tips test',
    }),
  );

export const tips = (
  k: TipsKit,
  locationId: string,
  day: string,
  cardTipsCents: number,
  cashTipsCents: number,
) => k.admin.call('PUT', '/api/tip-management/daily-tips', { locationId, day, cardTipsCents, cashTipsCents });

export interface ShareEmployee {
  _id: string;
  ccTip: number;
  cashTip: number;
  workedHours: number;
  totalAmount: number;
  cashTipOwed: number;
}
export interface SharePool {
  poolId: string;
  cardTipsCents: number;
  cashTipsCents: number;
  employees: ShareEmployee[];
  days: Array<{ day: string; paid: boolean; people: number }>;
}

export async function share(k: TipsKit, startDate: string, endDate = startDate, poolId?: string) {
  const q = `/api/tip-share?startDate=${startDate}&endDate=${endDate}${poolId ? `&poolId=${poolId}` : ''}`;
  return ok<{ pools: SharePool[]; employees: ShareEmployee[]; totals: Record<string, number> }>(
    k.admin.get(q),
  );
}

/** Cents of each employee in a pool's share, by contact id. */
export const centsOf = (pool: SharePool | undefined) =>
  Object.fromEntries((pool?.employees ?? []).map((x) => [x._id, [x.ccTip, x.cashTip]]));

/** Three locations and their pools: Dining (hours; Lunch and Dinner windows; servers, bussers and
 * the floor manager), Bar (points: bartenders 2, servers 1) and Patio (equal; servers 70 and
 * bussers 30 of the pool), created in that order. */
export async function seedPools(k: TipsKit) {
  const loc: Record<string, string> = {};
  const pool: Record<string, string> = {};
  for (const name of ['Dining room', 'Bar', 'Patio']) {
    const made = await ok(k.admin.call('POST', '/api/tip-management/locations', { name }));
    loc[name] = made.data._id;
  }
  const dining = await k.admin.call('POST', '/api/tip-management/pools', {
    name: 'Dining',
    basis: 'hours',
    locationIds: [loc['Dining room']],
    roles: [{ roleId: k.pos.server }, { roleId: k.pos.busser }, { roleId: k.pos.manager }],
    dayShifts: [
      { name: 'Lunch', start: '11:00', end: '16:00' },
      { name: 'Dinner', start: '16:00', end: '23:00' },
    ],
  });
  expect(dining.status).toBe(200);
  expect(dining.body.message).toBe(TIPS_TEXT.poolCreated);
  pool.dining = dining.body.data._id;
  const bar = await ok(
    k.admin.call('POST', '/api/tip-management/pools', {
      name: 'Bar',
      basis: 'points',
      locationIds: [loc.Bar],
      roles: [
        { roleId: k.pos.bartender, points: 2 },
        { roleId: k.pos.server, points: 1 },
      ],
    }),
  );
  pool.bar = bar.data._id;
  const patio = await ok(
    k.admin.call('POST', '/api/tip-management/pools', {
      name: 'Patio',
      basis: 'equal',
      locationIds: [loc.Patio],
      roles: [
        { roleId: k.pos.server, share: 70 },
        { roleId: k.pos.busser, share: 30 },
      ],
    }),
  );
  pool.patio = patio.data._id;
  return { loc, pool };
}

export { ok };
