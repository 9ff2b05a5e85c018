import { isoDateInZone } from '@opsuite/shared';
import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, type Session, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// Shared set-up for the booking, kiosk and device API tests: one organisation with an admin, an
// employee and a client (a member), a second organisation whose admin plays the intruder, and
// helpers to create booking types and slots and to pair a kiosk.

export type Org = Awaited<ReturnType<typeof seedTenant>>;
export type Client = RequestClient;
export const clientFor = requestClient;

export interface Kit {
  t: TestApp;
  org: Org;
  other: Org;
  admin: Client;
  employee: Client;
  client: Client;
  intruder: Client;
  sessions: Record<'admin' | 'employee' | 'client' | 'intruder', Session>;
  /** The member's own contact id. */
  memberContactId: string;
  /** One number from SQL run as the superuser (outside row-level security). */
  scalar(text: string, params?: unknown[]): Promise<number>;
  sqlRows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A fixed-offset time zone where it is now about midday (Etc/GMT-N is N hours ahead of UTC). Tests
 * that put a class on "today" from 00:00 to 23:59 give their organisation this zone, so "today"
 * is the organisation's day and stays so for hours whatever the hour in UTC.
 */
export function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Today in time zone `zone`, YYYY-MM-DD. */
export const todayIn = (zone: string) => isoDateInZone(Date.now(), zone);

export async function createKit(opts: { timeZone?: string; t?: TestApp } = {}): Promise<Kit> {
  const t = opts.t ?? (await createTestApp());
  const org = await seedTenant(t, ['admin', 'employee', 'client'], 'Booking');
  const other = await seedTenant(t, ['admin'], 'Intruder');
  // A new organisation only opens check-in an hour before a class; these tests check in to classes
  // of any day, so their organisation starts with the rules off (the rules' own tests set them).
  await t.database.query(
    `update organizations set check_in_membership = 'off', check_in_window = false where id = $1`,
    [org.id],
  );
  if (opts.timeZone) {
    await t.database.query('update organizations set time_zone = $1 where id = $2', [opts.timeZone, org.id]);
  }
  const [a, e, c, i] = await Promise.all([
    signIn(t, org.emails.admin!),
    signIn(t, org.emails.employee!),
    signIn(t, org.emails.client!),
    signIn(t, other.emails.admin!),
  ]);
  return {
    t,
    org,
    other,
    admin: clientFor(t, a.headers),
    employee: clientFor(t, e.headers),
    client: clientFor(t, c.headers),
    intruder: clientFor(t, i.headers),
    sessions: { admin: a, employee: e, client: c, intruder: i },
    memberContactId: org.members[org.emails.client!]!.contactId,
    async scalar(text, params) {
      const rows = await t.database.query<{ n: number }>(text, params);
      return Number(rows[0]?.n ?? 0);
    },
    sqlRows: (text, params) => t.database.query(text, params),
  };
}

export async function createType(c: Client, body: Record<string, unknown> = {}) {
  const res = await c.call('POST', '/api/booking-type', {
    title: 'BJJ Fundamentals',
    programName: 'BJJ',
    ...body,
  });
  if (res.status !== 200) throw new Error(`booking type: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; title: string };
}

export async function createSlot(c: Client, bookingTypeId: string, body: Record<string, unknown> = {}) {
  const res = await c.call('POST', '/api/booking-slot', {
    bookingTypeId,
    date: '2030-05-06',
    startTime: '18:00',
    endTime: '19:00',
    ...body,
  });
  if (res.status !== 200) throw new Error(`slot: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; bookedCount: number; attendedSlots: number; startsAt: string };
}

/** Generates a device code as `admin` and pairs a kiosk with it. */
export async function pairKiosk(kit: Kit, admin: Client = kit.admin) {
  const made = await admin.call('POST', '/api/device-management', { name: 'Front desk' });
  if (made.status !== 200) throw new Error(`device: ${made.status} ${JSON.stringify(made.body)}`);
  const paired = await kit.t.app.inject({
    method: 'POST',
    url: '/api/device-auth/pair',
    payload: { code: made.body.data.code },
  });
  if (paired.statusCode !== 200) throw new Error(`pair: ${paired.statusCode} ${paired.body}`);
  const token = paired.json().deviceToken as string;
  return {
    deviceId: made.body.data._id as string,
    code: made.body.data.code as string,
    token,
    kiosk: clientFor(kit.t, { authorization: `Bearer ${token}` }),
  };
}

/** Sets a contact's punch id directly (the contacts module owns the column). */
export async function setPunchId(kit: Kit, contactId: string, punchId: string) {
  await kit.t.database.query('update contacts set punch_id = $1 where organization_id = $2 and id = $3', [
    punchId,
    kit.org.id,
    contactId,
  ]);
}
