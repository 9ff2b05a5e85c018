import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/helpers.ts';

// A new organisation's Employee and Client roles start with what each module grants them on its
// own resources (every module's index.ts declares its `roleGrants`), in the resources' order.

const rwu = (resource: string) => ({ resource, read: true, write: true, update: true, delete: false });
const read = (resource: string) => ({ resource, read: true, write: false, update: false, delete: false });

describe(`default role grants declared by the modules (${DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a signed-up organisation’s roles hold exactly the modules’ grants', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/register',
      payload: {
        fullName: 'Gail Grants',
        email: 'gail@grants.test',
        password: 'longenough1',
        organizationName: 'Grants Gym',
      },
    });
    expect(res.statusCode).toBe(200);
    const orgId = res.json().organization._id;
    const types = await t.database.query<{ type: string; permissions: unknown }>(
      'select type, permissions from contact_types where organization_id = $1 order by sort_order',
      [orgId],
    );
    const of = (type: string) => types.find((r) => r.type === type)?.permissions;
    expect(of('employee')).toEqual([
      read('dashboard'),
      rwu('contacts'),
      rwu('booking'),
      read('calendar'),
      rwu('kiosk'),
      rwu('staff'),
      rwu('workspace'),
    ]);
    expect(of('client')).toEqual([rwu('booking'), read('calendar'), read('events'), read('shop')]);
    expect(of('admin')).toBeNull();
    expect(of('vendor')).toEqual([]);
  });
});
