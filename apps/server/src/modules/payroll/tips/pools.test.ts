import { TIPS_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createTipsKit, ok, seedPools, type TipsKit, tips } from './tips.test-kit.ts';

// Tip management through the routes: locations, roles, pools, with their 4xx answers.

describe(`tip management (${DB_KIND})`, () => {
  let k: TipsKit;
  let loc: Record<string, string>;
  let pool: Record<string, string>;
  beforeAll(async () => {
    k = await createTipsKit();
    ({ loc, pool } = await seedPools(k));
  });
  afterAll(() => k.t.close());

  it('manages pools: created, listed newest first 10 a page, updated, deleted, with clear 4xx', async () => {
    const roles = (
      await ok<{ list: Array<{ roleId: string; sharesTips: boolean; isDefault: boolean }> }>(
        k.admin.get('/api/tip-management/roles'),
      )
    ).list;
    expect(roles.find((r) => r.roleId === k.pos.manager)).toMatchObject({
      sharesTips: false,
      isDefault: true,
    });
    expect(roles.find((r) => r.roleId === k.pos.server)).toMatchObject({ sharesTips: true });
    const list = await ok<{ list: Array<{ _id: string }>; total: number; limit: number }>(
      k.admin.get('/api/tip-management/pools'),
    );
    expect(list.list.map((p) => p._id)).toEqual([pool.patio, pool.bar, pool.dining]);
    expect(list).toMatchObject({ total: 3, limit: 10 });
    const second = await ok<{ list: Array<{ _id: string }> }>(
      k.admin.get('/api/tip-management/pools?page=2&limit=2'),
    );
    expect(second.list.map((p) => p._id)).toEqual([pool.dining]);

    const taken = await k.admin.call('POST', '/api/tip-management/pools', {
      name: 'Again',
      basis: 'equal',
      locationIds: [loc.Bar],
      roles: [{ roleId: k.pos.server }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(TIPS_TEXT.locationTaken('Bar', 'Bar'));
    const bad = await k.admin.call('POST', '/api/tip-management/pools', {
      name: 'X',
      basis: 'weird',
      locationIds: [],
      roles: [],
    });
    expect(bad.status).toBe(400);
    const noPoints = await k.admin.call('POST', '/api/tip-management/pools', {
      name: 'X',
      basis: 'points',
      locationIds: [loc.Bar],
      roles: [{ roleId: k.pos.server }],
    });
    expect(noPoints.status).toBe(400);
    expect(noPoints.body.error.message).toMatch(/points/);
    const temp = await ok(k.admin.call('POST', '/api/tip-management/locations', { name: 'Terrace' }));
    const made = await ok(
      k.admin.call('POST', '/api/tip-management/pools', {
        name: 'Temp',
        basis: 'equal',
        locationIds: [temp.data._id],
        roles: [{ roleId: k.pos.server }],
      }),
    );
    const updated = await k.admin.call('PUT', `/api/tip-management/pools/${made.data._id}`, {
      name: 'Terrace pool',
      basis: 'hours',
      locationIds: [temp.data._id],
      roles: [{ roleId: k.pos.busser }],
    });
    expect(updated.body).toMatchObject({
      message: TIPS_TEXT.poolUpdated,
      data: { name: 'Terrace pool', basis: 'hours', roles: [{ roleId: k.pos.busser, name: 'Busser' }] },
    });
    expect((await k.admin.call('DELETE', `/api/tip-management/locations/${temp.data._id}`)).status).toBe(409);
    expect((await k.intruder.get(`/api/tip-management/pools/${made.data._id}`)).status).toBe(404);
    expect((await k.intruder.call('DELETE', `/api/tip-management/pools/${made.data._id}`)).status).toBe(404);
    expect((await k.vendor.get('/api/tip-management/pools')).status).toBe(403);
    const gone = await k.admin.call('DELETE', `/api/tip-management/pools/${made.data._id}`);
    expect(gone.body.message).toBe(TIPS_TEXT.poolDeleted);
    expect((await k.admin.get(`/api/tip-management/pools/${made.data._id}`)).status).toBe(404);
    expect(
      (await k.admin.call('DELETE', `/api/tip-management/locations/${temp.data._id}`)).body.message,
    ).toBe(TIPS_TEXT.locationDeleted);
  });

  it('keeps organisations apart and refuses bad input', async () => {
    const theirs = await ok<{ pools: unknown[] }>(
      k.intruder.get('/api/tip-share?startDate=2025-06-01&endDate=2025-06-07'),
    );
    expect(theirs.pools).toEqual([]);
    const foreign = await k.intruder.call('PUT', '/api/tip-management/daily-tips', {
      locationId: loc.Bar,
      day: '2025-06-10',
      cardTipsCents: 1,
      cashTipsCents: 1,
    });
    expect(foreign.status).toBe(400);
    expect((await k.intruder.get('/api/tip-management/locations')).body.list).toEqual([]);
    expect((await k.vendor.get('/api/tip-share?startDate=2025-06-01&endDate=2025-06-07')).status).toBe(403);
    const noDates = await k.admin.get('/api/tip-share');
    expect(noDates.status).toBe(400);
    expect(noDates.body.error.message).toContain(TIPS_TEXT.datesRequired);
    expect(
      (await k.admin.get('/api/tip-share?startDate=2025-01-01&endDate=2025-06-01')).body.error.message,
    ).toContain(TIPS_TEXT.rangeTooLong);
    expect((await k.admin.get('/api/tip-share?startDate=2025-06-02&endDate=2025-06-01')).status).toBe(400);
    expect((await tips(k, loc.Bar!, '2025-06-10', -1, 0)).status).toBe(400);
    expect((await tips(k, loc.Bar!, '2025-06-10', 1.5, 0)).status).toBe(400);
  });
});
