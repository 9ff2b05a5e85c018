import { can } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestClient } from '../../test/client.ts';
import { createTestApp, DB_KIND, signIn, type TestApp } from '../../test/helpers.ts';
import { DEMO_PASSWORD, seedDemo, YOGA_DEMO } from './demo.ts';

// Every demo role at home: the owner with every admin permission, the coach teaching today's
// BJJ Fundamentals, and the admin in a second organisation with its own contacts and theme.

describe(`demo roles (${DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(undefined, { IMPORT_WORKER: '0' });
    expect(await seedDemo(t.database)).toBe(true);
  });
  afterAll(() => t.close());

  const session = async (email: string, organizationId?: string) => {
    const s = await signIn(t, email, DEMO_PASSWORD);
    const headers = organizationId ? { ...s.headers, organization: organizationId, assigner: '' } : s.headers;
    return requestClient(t, headers);
  };

  it('the owner (primary account holder) has every permission the admin has', async () => {
    const admin = (await (await session('admin@demo.test')).get('/api/auth/session')).body;
    const owner = (await (await session('owner@demo.test')).get('/api/auth/session')).body;
    expect(owner.userData).toMatchObject({ userType: 'primary', roleLabel: 'Primary Account' });
    expect(owner.organization.name).toBe('Demo Fitness');
    for (const rule of admin.userData.ability) {
      expect(can(owner.userData.ability, rule.action, rule.subject)).toBe(true);
    }
  });

  it('the coach teaches BJJ Fundamentals every day and finds today’s classes by instructor', async () => {
    const coachLogin = await signIn(t, 'coach@demo.test', DEMO_PASSWORD);
    const coach = requestClient(t, coachLogin.headers);
    const me = (await coach.get('/api/auth/session')).body.userData;
    const instructorId = me.curRole.contactId as string;
    const now = Date.now();
    const list = (
      await coach.get('/api/calendar/events', {
        start: new Date(now - 86_400_000).toISOString(),
        end: new Date(now + 86_400_000).toISOString(),
        filters: 'Classes',
        instructorId,
      })
    ).body.list as { title: string; extendedProps: { instructorId: string | null } }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const item of list) {
      expect(item.title).toBe('BJJ Fundamentals');
      expect(item.extendedProps.instructorId).toBe(instructorId);
    }
  });

  it('the admin has a second organisation with its own contacts, theme and zone', async () => {
    const login = (await (await session('admin@demo.test')).get('/api/auth/session')).body;
    expect(login.organization.name).toBe('Demo Fitness');
    const orgs = login.userData.organizations as { organizationId: string; name: string }[];
    expect(orgs.map((o) => o.name)).toEqual(['Demo Fitness', YOGA_DEMO.name]);
    const yogaId = orgs[1]!.organizationId;
    const yoga = await session('admin@demo.test', yogaId);
    const there = (await yoga.get('/api/auth/session')).body;
    expect(there.organization).toMatchObject({ name: YOGA_DEMO.name, themeColor: YOGA_DEMO.themeColor });
    const priya = (await yoga.get('/api/contact/search-name', { q: 'Priya' })).body.list;
    // Typed as a British visitor would, stored in E.164 with the studio's country (GB).
    expect(priya).toEqual([expect.objectContaining({ fullName: 'Priya Shah', phone: '+447700900123' })]);
    const fitness = await session('admin@demo.test');
    expect((await fitness.get('/api/contact/search-name', { q: 'Priya' })).body.list).toEqual([]);
  });
});
