import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../staff.test-kit.ts';

// The staff settings lists: categories and positions with names unique per organisation whatever
// their case, a partial update keeping what it leaves out, a deleted category or position leaving
// the records that used it, and each employee's staff record.

describe(`staff categories, positions and records (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('keeps names unique ignoring case, updates partly, and lets a deleted category go everywhere', async () => {
    const floor = await k.admin.call('POST', '/api/employee-categories', { name: 'Floor', color: '#ff0000' });
    expect(floor.status).toBe(200);
    const bar = await k.admin.call('POST', '/api/employee-categories', { name: 'Bar' });
    expect(bar.body.data).toMatchObject({ name: 'Bar', sortOrder: floor.body.data.sortOrder + 1 });
    expect((await k.admin.call('POST', '/api/employee-categories', { name: 'FLOOR' })).status).toBe(409);
    const floorId = floor.body.data._id as string;
    // Renaming to its own name in another case is not a clash; the colour it leaves out stays.
    const renamed = await k.admin.call('PUT', `/api/employee-categories/${floorId}`, { name: 'floor' });
    expect(renamed.body.data).toMatchObject({ name: 'floor', color: '#ff0000' });

    const pos = await k.admin.call('POST', '/api/contact-position', {
      name: 'Waiter',
      categoryId: floorId,
      hourlyCostCents: 1500,
    });
    expect(pos.status).toBe(200);
    const posId = pos.body.data._id as string;
    expect((await k.admin.call('POST', '/api/contact-position', { name: 'waiter' })).status).toBe(409);
    const cheaper = await k.admin.call('PUT', `/api/contact-position/${posId}`, { hourlyCostCents: 1400 });
    expect(cheaper.body.data).toMatchObject({ name: 'Waiter', categoryId: floorId, hourlyCostCents: 1400 });

    const record = await k.admin.call('PUT', `/api/staff/employees/${k.employee.contactId}`, {
      categoryId: floorId,
      positionIds: [posId, posId],
      hourlyCostCents: 1800,
    });
    expect(record.body.data).toMatchObject({
      contactId: k.employee.contactId,
      categoryId: floorId,
      positionIds: [posId],
      hourlyCostCents: 1800,
      onSchedule: true,
    });
    // A partial save keeps the rest of the record.
    const partial = await k.admin.call('PUT', `/api/staff/employees/${k.employee.contactId}`, {
      hourlyCostCents: null,
    });
    expect(partial.body.data).toMatchObject({
      categoryId: floorId,
      positionIds: [posId],
      hourlyCostCents: null,
    });

    expect((await k.admin.call('DELETE', `/api/employee-categories/${floorId}`)).status).toBe(200);
    const positions = await k.admin.get('/api/contact-position');
    expect(positions.body.list.find((p: { _id: string }) => p._id === posId)).toMatchObject({
      categoryId: null,
    });
    expect((await k.admin.call('DELETE', `/api/contact-position/${posId}`)).status).toBe(200);
    const employees = await k.admin.get('/api/staff/employees');
    expect(
      employees.body.list.find((e: { contactId: string }) => e.contactId === k.employee.contactId),
    ).toMatchObject({ categoryId: null, positionIds: [], onSchedule: true });

    const removed = await k.admin.call('DELETE', `/api/staff/employees/${k.employee.contactId}`);
    expect(removed.body.data).toMatchObject({ onSchedule: false, positionIds: [], categoryId: null });
    expect((await k.admin.call('DELETE', `/api/employee-categories/${floorId}`)).status).toBe(404);
  });
});
