import { DEFAULT_PHONE_COUNTRY, normalizePhone } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../lib/sql.ts';

// Every contact write stores phones in one form, E.164, read with the organisation's country
// (organizations.country) as the region of a number typed without a country code.

/** The organisation's country: the default region of its phone numbers. */
export async function phoneCountryOf(tx: Tx, orgId: string): Promise<string> {
  const [row] = await rows<{ country: string | null }>(
    tx,
    sql`select country from organizations where id = ${orgId}`,
  );
  return row?.country || DEFAULT_PHONE_COUNTRY;
}

/** A phone as stored for this organisation (null for blank, undefined when not sent). */
export async function storedPhone<T extends string | null | undefined>(
  tx: Tx,
  orgId: string,
  raw: T,
): Promise<T extends undefined ? undefined : string | null> {
  if (raw === undefined) return undefined as never;
  if (raw === null || raw.trim() === '') return null as never;
  return normalizePhone(raw, await phoneCountryOf(tx, orgId)) as never;
}
