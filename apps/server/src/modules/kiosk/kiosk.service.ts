import {
  KIOSK_PADDED_CODE_LENGTH,
  kioskDisplayName,
  kioskFirstName,
  type MembershipStatus,
  padKioskCode,
} from '@opsuite/shared';
import type { KioskContact } from '@opsuite/shared/contracts/kiosk';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { preparedRows } from '../../db/fast/prepared.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { escapeLike, rows } from '../../lib/sql.ts';
import { type BookingRow, bookingsSql, kioskBookingAnswer } from '../booking/index.ts';
import { membershipStatusSql } from '../contacts/index.ts';
import { deviceSeen, kioskOrganizationOf } from '../devices/index.ts';

// What a paired kiosk reads: its session, members by check-in code or name, their bookings.
// Every call first proves the device still exists and is active, inside the same transaction
// (the hot calls fold that check into their one statement).

export const REMOVED = 'This device was removed';

export interface KioskOrgRow {
  device_id: string;
  device_name: string;
  id: string;
  name: string;
  logo_link: string | null;
  theme_color: string;
  time_zone: string;
}

/** Runs `fn` in the device's tenant transaction once the device is known to be active. */
export function kioskTx<T>(req: FastifyRequest, fn: (tx: Tx, org: KioskOrgRow) => Promise<T>): Promise<T> {
  const { deviceId, organizationId } = req.device!;
  return req.tenant(async (tx) => {
    const [org] = await rows<KioskOrgRow>(
      tx,
      sql`select d.id as device_id, d.name as device_name, o.id, o.name, o.logo_link, o.theme_color, o.time_zone
          from devices d join organizations o on o.id = d.organization_id
          where d.organization_id = ${organizationId} and d.id = ${deviceId} and d.is_active`,
    );
    if (!org) throw unauthenticated(REMOVED);
    return fn(tx, org);
  });
}

export async function kioskSession(tx: Tx, org: KioskOrgRow) {
  await deviceSeen(tx, org.id, org.device_id);
  return { device: { _id: org.device_id, name: org.device_name }, organization: kioskOrganizationOf(org) };
}

interface ContactRow {
  id: string;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  photo: string | null;
  rank_name: string | null;
  rank_image: string | null;
  member_status: MembershipStatus | null;
}

/** Every name and rank field that the contact's record has a value for. */
export function kioskContact(c: ContactRow, withReach: boolean): KioskContact {
  const source = { fullName: c.full_name, firstName: c.first_name, lastName: c.last_name };
  const name = kioskDisplayName(source);
  const rankName = c.rank_name || null;
  const rankImage = c.rank_image || null;
  return {
    _id: c.id,
    name,
    fullName: c.full_name,
    contactName: c.full_name,
    firstName: c.first_name,
    lastName: c.last_name,
    preferredName: kioskFirstName(source) || null,
    displayName: name || null,
    email: withReach ? c.email : null,
    phone: withReach ? c.phone : null,
    photo: c.photo,
    currentRank:
      rankName || rankImage
        ? { name: rankName, title: rankName, label: rankName, badgeImage: rankImage, image: rankImage }
        : null,
    currentRankName: rankName,
    currentRankImage: rankImage,
    ...(c.member_status ? { membershipStatus: c.member_status } : {}),
  };
}

/** The member's membership status, shown beside their name (contacts owns how it is read). */
const MEMBER_STATUS = `${membershipStatusSql('c')} as member_status`;

const CONTACT_COLUMNS = sql`c.id, c.full_name, c.first_name, c.last_name, c.email, c.phone, c.photo,
  r.name as rank_name, r.image as rank_image, ${sql.raw(MEMBER_STATUS)}`;

/**
 * The stored punch ids a padded code stands for: the code itself and, for a 10-character code,
 * the code without some of its leading zeros ('0000001234' → '000001234' … '1234'). Comparing
 * with these equals comparing left-padded punch ids, and plain equality can use the punch-id
 * index under row-level security (lpad() is not leakproof, so an index on it could not be used).
 */
export function punchIdCandidates(code: string): string[] {
  const padded = padKioskCode(code);
  const out = [padded];
  if (padded.length === KIOSK_PADDED_CODE_LENGTH) {
    for (let i = 1; i < padded.length && padded[i - 1] === '0'; i++) out.push(padded.slice(i));
  }
  return out;
}

/** $1 organisation, $2 device, $3 the punch-id candidates. */
const BY_CODE_SQL = `
  select exists (select 1 from devices where organization_id = $1 and id = $2 and is_active) as device_ok, k.*
  from (select 1) one left join lateral (
    select c.id, c.full_name, c.first_name, c.last_name, c.email, c.phone, c.photo,
      r.name as rank_name, r.image as rank_image, ${MEMBER_STATUS}
    from contacts c
    left join client_ranks r on r.organization_id = c.organization_id and r.id = c.rank_id
    where c.organization_id = $1 and c.deleted_at is null and c.punch_id is not null
      and c.punch_id = any($3::text[])
    order by length(c.punch_id) desc, c.created_at, c.id
    limit 1) k on true`;

/** A member by check-in code, an exact match first. One statement, device check included. */
export async function contactByCode(tx: Tx, organizationId: string, deviceId: string, code: string) {
  const [row] = await preparedRows<ContactRow & { device_ok: boolean }>(
    tx,
    'kiosk_contact_by_code',
    BY_CODE_SQL,
    [organizationId, deviceId, punchIdCandidates(code)],
  );
  if (!row?.device_ok) throw unauthenticated(REMOVED);
  return { contact: row.id ? kioskContact(row, true) : null };
}

/** The Search By Name tab: names only (no e-mail or phone on a shared screen), 10 at most. */
export async function searchKioskContacts(tx: Tx, organizationId: string, q: string) {
  const text = q.trim().toLowerCase();
  const match =
    text.length >= 3
      ? sql`lower(c.full_name) like ${`%${escapeLike(text)}%`}`
      : sql`(lower(c.full_name) collate "C") like ${`${escapeLike(text)}%`}`;
  const list = await rows<ContactRow>(
    tx,
    sql`select ${CONTACT_COLUMNS}
        from (select * from contacts c where c.organization_id = ${organizationId} and c.deleted_at is null and ${match}
              order by (lower(c.full_name) collate "C"), c.id limit 10) c
        left join client_ranks r on r.organization_id = c.organization_id and r.id = c.rank_id
        order by (lower(c.full_name) collate "C"), c.id`,
  );
  return { list: list.map((c) => kioskContact(c, false)) };
}

/** The member picked on the Search By Name tab, with e-mail and phone for the contact panel. */
export async function kioskContactById(tx: Tx, organizationId: string, id: string) {
  const [row] = await rows<ContactRow>(
    tx,
    sql`select ${CONTACT_COLUMNS}
        from contacts c
        left join client_ranks r on r.organization_id = c.organization_id and r.id = c.rank_id
        where c.organization_id = ${organizationId} and c.id = ${id} and c.deleted_at is null`,
  );
  return { contact: row ? kioskContact(row, true) : null };
}

export async function kioskBookings(
  tx: Tx,
  organizationId: string,
  q: { slotId: string; contactId: string; page: number; perPage: number },
) {
  const list = await rows<BookingRow>(
    tx,
    bookingsSql(
      sql`b.organization_id = ${organizationId} and b.slot_id = ${q.slotId} and b.contact_id = ${q.contactId}
          and not b.is_deleted`,
      sql`order by b.created_at, b.id limit ${q.perPage} offset ${q.page * q.perPage}`,
    ),
  );
  return { list: list.map(kioskBookingAnswer) };
}
