import type { PublicBookingPageAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenant.ts';
import { AppError, conflict, missing, notFound } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';
import { findOrCreateLead } from '../../contacts/index.ts';
import { ALREADY_BOOKED, createBooking } from '../bookings/bookings.service.ts';
import { readCalendarSettings } from '../calendar/settings.service.ts';
import { getTheme } from '../calendar/theme.service.ts';
import { kioskSlotAnswer, type SlotRow, slotsSql } from '../queries.ts';
import { ensureSlotsGenerated } from '../slots/schedules.service.ts';
import { addDays, todayIn } from '../time.ts';

/** The lead source of a visitor who becomes a lead by booking on the public page. */
export const ONLINE_BOOKING_SOURCE = 'Online booking';

// The public booking page behind a booking group's link: its upcoming slots with seats left,
// and booking one as a visitor, who becomes a lead contact (one per e-mail address).

const SLOTS_MAX = 200;

/** The organisation and group behind a slug; read outside any tenant (the caller has none yet). */
async function groupBySlug(database: DatabaseHandle, slug: string) {
  const [row] = await database.prepared<{ organization_id: string; id: string }>(
    'booking_group_by_slug',
    'select organization_id, id from booking_groups where slug = $1 and is_active order by created_at limit 1',
    [slug],
  );
  if (!row) throw notFound('Booking page');
  return { orgId: row.organization_id, groupId: row.id };
}

interface OrgRow {
  name: string;
  logo_link: string | null;
  theme_color: string;
  time_zone: string;
}

async function openSlots(tx: Tx, orgId: string, groupId: string, timeZone: string, extra = sql``) {
  const days = (await readCalendarSettings(tx, orgId))?.publicBookingDays ?? 14;
  const last = addDays(todayIn(timeZone), days);
  await ensureSlotsGenerated(tx, orgId, timeZone, last);
  return rows<SlotRow>(
    tx,
    slotsSql(
      sql`s.organization_id = ${orgId} and s.starts_at > now() and s.date <= ${last}::date
          and (s.capacity is null or s.booked_count < s.capacity)
          and s.booking_type_id in (select booking_type_id from booking_group_types
                                    where organization_id = ${orgId} and group_id = ${groupId}) ${extra}`,
      SLOTS_MAX,
    ),
  );
}

export async function publicBookingPage(
  database: DatabaseHandle,
  slug: string,
): Promise<PublicBookingPageAnswer> {
  const { orgId, groupId } = await groupBySlug(database, slug);
  return withTenant(database.db, orgId, async (tx) => {
    const [org] = await rows<OrgRow>(
      tx,
      sql`select name, logo_link, theme_color, time_zone from organizations where id = ${orgId}`,
    );
    const [group] = await rows<{ name: string; description: string | null }>(
      tx,
      sql`select name, description from booking_groups where organization_id = ${orgId} and id = ${groupId}`,
    );
    const slots = await openSlots(tx, orgId, groupId, org!.time_zone);
    return {
      group: { _id: groupId, name: group!.name, description: group!.description, slug },
      organization: {
        name: org!.name,
        logoLink: org!.logo_link,
        themeColor: org!.theme_color,
        timeZone: org!.time_zone,
      },
      theme: await getTheme(tx, orgId, 'booking'),
      slots: slots.map((s) => {
        const answer = kioskSlotAnswer(s);
        return {
          ...answer,
          bookingType: { ...answer.bookingType, description: s.bt_description || null },
          remaining: s.capacity === null ? null : Math.max(0, s.capacity - s.booked_count),
        };
      }),
    };
  });
}

export async function bookPublicSlot(
  database: DatabaseHandle,
  slug: string,
  body: { slotId: string; name: string; email: string; phone?: string | null },
) {
  const { orgId, groupId } = await groupBySlug(database, slug);
  return withTenant(database.db, orgId, async (tx) => {
    const [org] = await rows<{ time_zone: string }>(
      tx,
      sql`select time_zone from organizations where id = ${orgId}`,
    );
    const [slot] = await openSlots(tx, orgId, groupId, org!.time_zone, sql`and s.id = ${body.slotId}`);
    if (!slot) {
      const [any] = await rows<{ id: string }>(
        tx,
        sql`select id from booking_slots where organization_id = ${orgId} and id = ${body.slotId} and deleted_at is null`,
      );
      if (!any) throw missing('Slot', 'slotId');
      throw conflict('This class is no longer available', 'slotId');
    }
    const contactId = await findOrCreateLead(tx, orgId, body, { leadSource: ONLINE_BOOKING_SOURCE });
    try {
      const { data } = await createBooking(
        tx,
        { orgId, userId: null, staff: true, contactId: null, source: 'public', timeZone: org!.time_zone },
        { invitedUser: contactId, bookingSlot: slot.id, status: 'booked' },
      );
      return {
        success: true as const,
        message: 'Booked Successfully' as const,
        booking: { _id: data._id, slotId: slot.id, startDate: data.startDate, endDate: data.endDate },
      };
    } catch (err) {
      if (err instanceof AppError && err.message === ALREADY_BOOKED) {
        throw conflict('You are already booked into this class', 'slotId');
      }
      throw err;
    }
  });
}
