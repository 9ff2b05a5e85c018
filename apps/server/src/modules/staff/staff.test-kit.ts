import sharp from 'sharp';
import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// Shared set-up of the staff API tests: one organisation with an admin, two employees and a
// client, a second organisation whose admin plays the intruder, and the week of June 2025
// (Sunday the 1st to Saturday the 7th) the schedule tests use.

export interface Member extends RequestClient {
  contactId: string;
  email: string;
  headers: Record<string, string>;
}

export interface Kit {
  t: TestApp;
  orgId: string;
  admin: Member;
  employee: Member;
  second: Member;
  client: Member;
  intruder: Member;
  intruderOrgId: string;
  /** One number from SQL run as the superuser (outside row-level security). */
  scalar(text: string, params?: unknown[]): Promise<number>;
  /** SQL as the superuser. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export const WEEK = { startOfWeek: '2025-06-01', endOfWeek: '2025-06-07' };
export const WEEK_QS = `startOfWeek=${WEEK.startOfWeek}&endOfWeek=${WEEK.endOfWeek}`;

export async function createKit(t?: TestApp): Promise<Kit> {
  const app = t ?? (await createTestApp());
  const org = await seedTenant(app, ['admin', 'employee', 'employee', 'client'], 'Staff');
  const other = await seedTenant(app, ['admin', 'employee'], 'Intruder');
  const emails = Object.keys(org.members);
  const byRole = (role: string) => emails.filter((e) => org.members[e]!.role === role);
  const member = async (email: string, of = org): Promise<Member> => {
    const session = await signIn(app, email);
    return {
      ...requestClient(app, session.headers),
      contactId: of.members[email]!.contactId,
      email,
      headers: session.headers,
    };
  };
  const [admin, employee, second, client, intruder] = await Promise.all([
    member(byRole('admin')[0]!),
    member(byRole('employee')[0]!),
    member(byRole('employee')[1]!),
    member(byRole('client')[0]!),
    member(other.emails.admin!, other),
  ]);
  return {
    t: app,
    orgId: org.id,
    admin: admin!,
    employee: employee!,
    second: second!,
    client: client!,
    intruder: intruder!,
    intruderOrgId: other.id,
    async scalar(text, params) {
      const found = await app.database.query<{ n: number }>(text, params);
      return Number(found[0]?.n ?? 0);
    },
    query: (text, params) => app.database.query(text, params),
  };
}

/** A small image as the browser would send it (a data URL). */
export async function imageDataUrl(
  width = 64,
  height = 40,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    [format]()
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}
