import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// Set-up for the member portal's API tests: one organisation with an admin, an employee and
// `members` members who can sign in, a second organisation (its admin and member are the
// intruders), and helpers for classes a given number of days ahead.

export interface PortalMember {
  contactId: string;
  email: string;
  c: RequestClient;
}

export interface PortalKit {
  t: TestApp;
  orgId: string;
  otherOrgId: string;
  admin: RequestClient;
  employee: RequestClient;
  members: PortalMember[];
  /** The other organisation's admin and member. */
  intruder: RequestClient;
  outsider: PortalMember;
  sqlRows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  scalar(text: string, params?: unknown[]): Promise<number>;
}

export async function createPortalKit(
  opts: { members?: number; t?: TestApp; env?: Record<string, string> } = {},
): Promise<PortalKit> {
  const t = opts.t ?? (await createTestApp(undefined, opts.env));
  const count = opts.members ?? 2;
  const org = await seedTenant(t, ['admin', 'employee', ...Array(count).fill('client')], 'Portal');
  const other = await seedTenant(t, ['admin', 'client'], 'Elsewhere');
  const memberEmails = Object.values(org.members)
    .filter((m) => m.role === 'client')
    .map((m) => m.email);
  // In small batches: sign-ins still being checked count against the address's limit.
  const emails = [
    org.emails.admin!,
    org.emails.employee!,
    other.emails.admin!,
    other.emails.client!,
    ...memberEmails,
  ];
  const sessions: Awaited<ReturnType<typeof signIn>>[] = [];
  for (let i = 0; i < emails.length; i += 10) {
    sessions.push(...(await Promise.all(emails.slice(i, i + 10).map((email) => signIn(t, email)))));
  }
  const [admin, employee, intruder, outsider, ...members] = sessions;
  const member = (email: string, headers: Record<string, string>, contactId: string): PortalMember => ({
    contactId,
    email,
    c: requestClient(t, headers),
  });
  return {
    t,
    orgId: org.id,
    otherOrgId: other.id,
    admin: requestClient(t, admin!.headers),
    employee: requestClient(t, employee!.headers),
    intruder: requestClient(t, intruder!.headers),
    outsider: member(other.emails.client!, outsider!.headers, other.members[other.emails.client!]!.contactId),
    members: memberEmails.map((email, i) =>
      member(email, members[i]!.headers, org.members[email]!.contactId),
    ),
    sqlRows: (text, params) => t.database.query(text, params),
    async scalar(text, params) {
      const rows = await t.database.query<{ n: number }>(text, params);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** A day (YYYY-MM-DD) `offset` days from today, UTC (the test organisations' zone). */
export const dayFrom = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function createClassType(admin: RequestClient, title = 'Kettlebells') {
  const res = await admin.call('POST', '/api/booking-type', {
    title,
    programName: 'Strength',
    description: 'Swings, snatches and get-ups.',
  });
  if (res.status !== 200) throw new Error(`booking type: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}

/** A class `days` ahead (default tomorrow) at `startTime`, with `capacity` seats. */
export async function createClass(
  admin: RequestClient,
  bookingTypeId: string,
  opts: { days?: number; startTime?: string; endTime?: string; capacity?: number | null; date?: string } = {},
) {
  const res = await admin.call('POST', '/api/booking-slot', {
    bookingTypeId,
    date: opts.date ?? dayFrom(opts.days ?? 1),
    startTime: opts.startTime ?? '18:00',
    endTime: opts.endTime ?? '19:00',
    capacity: opts.capacity === undefined ? 10 : opts.capacity,
  });
  if (res.status !== 200) throw new Error(`slot: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; date: string; startsAt: string };
}

/** Waits until `check` holds (the waitlist e-mails go out from a background job). */
export async function eventually<T>(read: () => Promise<T> | T, check: (v: T) => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
