import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { addMember } from '../modules/accounts/index.ts';
import { insertUsers } from '../modules/auth/index.ts';
import { createInvoice, PaymentCards, SandboxPaymentsProvider } from '../modules/billing/index.ts';
import { addDays, createBooking, createSchedule, todayIn } from '../modules/booking/index.ts';
import { resolveContext } from '../plugins/context.ts';

// What the member portal shows the demo member beyond the class schedule: descriptions of the
// classes, three classmates (who can sign in too) filling a small Muay Thai class tomorrow at
// 17:00, so it is full and its waitlist open; some history (checked in, missed, a late cancel);
// an open invoice; and a saved card (the built-in sandbox provider's 4242...) to pay it with.

export const PORTAL_DEMO_CLASSMATES = [
  { email: 'jamie@demo.test', fullName: 'Jamie Rivera' },
  { email: 'sam@demo.test', fullName: 'Sam Patel' },
  { email: 'taylor@demo.test', fullName: 'Taylor Brooks' },
];
/** Tomorrow at 17:00, three seats, all taken by the classmates. */
export const PORTAL_DEMO_FULL_CLASS = 'Muay Thai';
const FULL_CLASS_TYPE = PORTAL_DEMO_FULL_CLASS;

const DESCRIPTIONS: Record<string, string> = {
  'BJJ Fundamentals': 'Positions, escapes and submissions step by step. New members welcome; bring a gi.',
  'Muay Thai': 'Pad rounds, clinch and conditioning. Gloves and shin guards are provided.',
  'Open Mat': 'Drill, roll and ask questions. A coach is on the mat; all levels.',
  'Private Lesson': 'One hour with a coach on what you want to work on.',
};

export interface PortalDemoOptions {
  organizationId: string;
  timeZone: string;
  themeColor: string;
  memberContactId: string;
  adminUserId: string;
  clientTypeId: string;
  password: string;
}

export async function seedPortalDemo(database: DatabaseHandle, o: PortalDemoOptions): Promise<void> {
  const orgId = o.organizationId;
  const hashes = await Promise.all(PORTAL_DEMO_CLASSMATES.map(() => hashPassword(o.password)));
  const classmates = await database.db.transaction(async (tx) => {
    const ids = PORTAL_DEMO_CLASSMATES.map(() => newId());
    await insertUsers(
      tx,
      PORTAL_DEMO_CLASSMATES.map((m, i) => ({
        id: ids[i]!,
        email: m.email,
        passwordHash: hashes[i]!,
        fullName: m.fullName,
      })),
    );
    const contacts: string[] = [];
    for (const [i, m] of PORTAL_DEMO_CLASSMATES.entries()) {
      const { contactId } = await addMember(tx, {
        organizationId: orgId,
        userId: ids[i]!,
        fullName: m.fullName,
        email: m.email,
        contactTypeId: o.clientTypeId,
        userType: 'client',
        assignerId: o.adminUserId,
      });
      contacts.push(contactId);
    }
    return contacts;
  });

  await withTenant(database.db, orgId, async (tx) => {
    // The demo's class types get what the portal shows under each class.
    for (const [title, description] of Object.entries(DESCRIPTIONS)) {
      await tx.execute(
        sql`update booking_types set description = ${description} where organization_id = ${orgId} and title = ${title}`,
      );
    }
    const [type] = (
      await tx.execute(
        sql`select id as "_id" from booking_types where organization_id = ${orgId} and title = ${FULL_CLASS_TYPE}`,
      )
    ).rows as { _id: string }[];
    const tomorrow = addDays(todayIn(o.timeZone), 1);
    const weekday = new Date(`${tomorrow}T00:00:00Z`).getUTCDay();
    await createSchedule(tx, orgId, o.timeZone, {
      bookingTypeId: type!._id,
      daysOfWeek: [weekday],
      startTime: '17:00',
      endTime: '18:00',
      capacity: classmates.length,
      fromDate: tomorrow,
      untilDate: tomorrow,
      type: 'class',
    });
    const [slot] = (
      await tx.execute(
        sql`select id from booking_slots where organization_id = ${orgId} and booking_type_id = ${type!._id}
            and start_time = '17:00'
            and date = ${tomorrow}::date limit 1`,
      )
    ).rows as { id: string }[];
    const staff = {
      orgId,
      userId: o.adminUserId,
      staff: true,
      contactId: null,
      source: 'admin' as const,
      timeZone: o.timeZone,
    };
    for (const contactId of classmates) {
      await createBooking(tx, staff, { invitedUser: contactId, bookingSlot: slot!.id, status: 'booked' });
    }

    // Some history: two classes checked in, one missed, one cancelled late.
    const today = todayIn(o.timeZone);
    const past = async (daysAgo: number, startTime: string) => {
      const [row] = (
        await tx.execute(
          sql`select id, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at
              from booking_slots where organization_id = ${orgId} and date = ${addDays(today, -daysAgo)}::date
              and start_time = ${startTime} and deleted_at is null limit 1`,
        )
      ).rows as { id: string; starts_at: string }[];
      return row;
    };
    const history: [number, string, 'completed' | 'booked' | 'cancelled'][] = [
      [6, '18:00', 'completed'],
      [4, '12:30', 'booked'],
      [3, '18:00', 'completed'],
      [2, '07:00', 'cancelled'],
    ];
    for (const [daysAgo, startTime, status] of history) {
      const slot = await past(daysAgo, startTime);
      if (!slot) continue;
      const slotId = slot.id;
      const made = await createBooking(tx, staff, {
        invitedUser: o.memberContactId,
        bookingSlot: slotId,
        status: status === 'cancelled' ? 'booked' : status,
        ...(status === 'completed' ? { attendDate: slot.starts_at } : {}),
      });
      if (status === 'cancelled') {
        await tx.execute(
          sql`update bookings set status = 'cancelled', late_cancel = true, cancelled_at = start_date - interval '40 minutes'
              where organization_id = ${orgId} and id = ${made.data._id}`,
        );
        await tx.execute(
          sql`update booking_slots set booked_count = greatest(0, booked_count - 1)
              where organization_id = ${orgId} and id = ${slotId}`,
        );
      }
    }
  });

  // The invoice and the card go through billing's own paths, as the admin would add them.
  const admin = await resolveContext(database, o.adminUserId, { organization: orgId });
  const run = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, orgId, fn);
  await run((tx) =>
    createInvoice(tx, admin, o.memberContactId, {
      description: '10-class pack',
      amountCents: 12000,
      dueDate: addDays(todayIn(o.timeZone), 7),
    }),
  );
  const cards = new PaymentCards(new SandboxPaymentsProvider(database));
  await cards.add(run, admin, o.memberContactId, {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 4,
    cvc: '123',
    holderName: 'Morgan Member',
  });
}
