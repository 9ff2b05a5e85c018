import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { newId } from '../lib/ids.ts';
import {
  addDays,
  createBooking,
  createBookingType,
  createGroup,
  createSchedule,
  todayIn,
} from '../modules/booking/index.ts';
import { devices } from '../modules/devices/devices.tables.ts';

/** A device code a kiosk can pair with at once (typed on the /kiosk pairing screen). */
export const DEMO_KIOSK_CODE = 'DEMO-KIOSK';
/** The demo member's check-in code; the kiosk pads it to 0000001234. */
export const DEMO_MEMBER_CODE = '1234';
export const DEMO_BOOKING_SLUG = 'demotrial';

export interface BookingDemoOptions {
  timeZone: string;
  themeColor: string;
  memberContactId: string;
  adminUserId: string;
  /** The staff contact who teaches BJJ Fundamentals (the demo coach). */
  instructorContactId?: string | null;
}

/**
 * Demo Fitness's classes: three class types on weekly schedules that give every day several
 * classes (from a week ago to four weeks ahead), a private-lesson type, a public trial-class
 * page, a kiosk device code and the member's punch id, with the member booked into tonight's class.
 * The demo coach teaches BJJ Fundamentals (three classes every day).
 */
export async function seedBookingDemo(db: Database, orgId: string, o: BookingDemoOptions): Promise<void> {
  await withTenant(db, orgId, async (tx) => {
    const type = (
      title: string,
      programName: string,
      color: 'Blueberry' | 'Tomato' | 'Basil' | 'Grape',
      kind: 'class' | 'other' = 'class',
      instructorId: string | null = null,
    ) =>
      createBookingType(tx, orgId, o.themeColor, {
        title,
        programName,
        color,
        kind,
        durationMinutes: 60,
        instructorId,
      });
    const bjj = await type(
      'BJJ Fundamentals',
      'Brazilian Jiu-Jitsu',
      'Blueberry',
      'class',
      o.instructorContactId,
    );
    const thai = await type('Muay Thai', 'Muay Thai', 'Tomato');
    const mat = await type('Open Mat', 'Brazilian Jiu-Jitsu', 'Basil');
    await type('Private Lesson', 'Brazilian Jiu-Jitsu', 'Grape', 'other');

    const fromDate = addDays(todayIn(o.timeZone), -7);
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const weekdays = [1, 2, 3, 4, 5];
    const schedules = [
      { bookingTypeId: bjj._id, daysOfWeek: everyDay, startTime: '07:00', endTime: '08:00', capacity: 20 },
      { bookingTypeId: mat._id, daysOfWeek: everyDay, startTime: '10:00', endTime: '12:00', capacity: null },
      { bookingTypeId: bjj._id, daysOfWeek: everyDay, startTime: '12:30', endTime: '13:30', capacity: 20 },
      { bookingTypeId: mat._id, daysOfWeek: everyDay, startTime: '15:00', endTime: '17:00', capacity: null },
      { bookingTypeId: bjj._id, daysOfWeek: everyDay, startTime: '18:00', endTime: '19:00', capacity: 25 },
      { bookingTypeId: thai._id, daysOfWeek: weekdays, startTime: '19:15', endTime: '20:30', capacity: 16 },
      { bookingTypeId: thai._id, daysOfWeek: [0, 6], startTime: '09:00', endTime: '10:00', capacity: 16 },
    ];
    for (const s of schedules) await createSchedule(tx, orgId, o.timeZone, { ...s, fromDate, type: 'class' });

    const group = await createGroup(tx, orgId, {
      name: 'Free Trial Class',
      description: 'Try a BJJ or Muay Thai class on us.',
      bookingTypeIds: [bjj._id, thai._id],
    });
    await tx.execute(
      sql`update booking_groups set slug = ${DEMO_BOOKING_SLUG} where organization_id = ${orgId} and id = ${group._id}`,
    );

    await tx.insert(devices).values({
      organizationId: orgId,
      id: newId(),
      name: 'Front Desk Kiosk',
      code: DEMO_KIOSK_CODE,
      createdBy: o.adminUserId,
    });
    // Punch ids are kept zero-padded to the kiosk's 10 characters.
    await tx.execute(
      sql`update contacts set punch_id = ${DEMO_MEMBER_CODE.padStart(10, '0')}
          where organization_id = ${orgId} and id = ${o.memberContactId}`,
    );
    const [tonight] = (
      await tx.execute(
        sql`select id from booking_slots where organization_id = ${orgId} and date = ${todayIn(o.timeZone)}::date
            and start_time = '18:00' limit 1`,
      )
    ).rows as { id: string }[];
    if (tonight) {
      await createBooking(
        tx,
        { orgId, userId: o.adminUserId, staff: true, contactId: null, source: 'admin', timeZone: o.timeZone },
        { invitedUser: o.memberContactId, bookingSlot: tonight.id, status: 'booked' },
      );
    }
  });
}
