import { randomBytes } from 'node:crypto';
import type { DeviceAnswer } from '@opsuite/shared';
import type { KioskOrganization, PairDeviceAnswer } from '@opsuite/shared/contracts/kiosk';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { AppServices } from '../../plugins/types.ts';
import { devices } from './devices.tables.ts';

// Device codes made by admins, and a kiosk pairing itself with one.

/** No look-alikes (0/O, 1/I/L): the code is read off one screen and typed on another. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DEVICE_CODE_LENGTH = 8;
/** A paired kiosk stays paired for a year; removing the device ends it at once. */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 3600;
const PAIR_MAX_ATTEMPTS = 20;
const PAIR_WINDOW_MS = 15 * 60_000;

export function newDeviceCode(): string {
  const bytes = randomBytes(DEVICE_CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out;
}

type Row = typeof devices.$inferSelect;

const deviceAnswer = (d: Row): DeviceAnswer => ({
  _id: d.id,
  name: d.name,
  code: d.code,
  isActive: d.isActive,
  pairedAt: d.pairedAt?.toISOString() ?? null,
  lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

export async function listDevices(tx: Tx, orgId: string) {
  const list = await tx
    .select()
    .from(devices)
    .where(eq(devices.organizationId, orgId))
    .orderBy(asc(devices.createdAt), asc(devices.id));
  return { list: list.map(deviceAnswer) };
}

/**
 * A new device with a fresh code. A clash with another organisation's code (about one in 10^11)
 * is retried inside a savepoint, so the request's transaction stays usable.
 */
export async function generateDevice(tx: Tx, orgId: string, userId: string, name?: string) {
  const [{ n }] = (
    await tx.execute(sql`select count(*)::int as n from devices where organization_id = ${orgId}`)
  ).rows as [{ n: number }];
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(devices)
          .values({
            organizationId: orgId,
            id: newId(),
            name: name ?? `Kiosk ${Number(n) + 1}`,
            code: newDeviceCode(),
            createdBy: userId,
          })
          .returning(),
      );
      return deviceAnswer(row!);
    } catch (err) {
      if (!isUniqueViolation(err, 'devices_code_uq')) throw err;
    }
  }
  throw new AppError('INTERNAL', 'Unable to generate device code');
}

export async function updateDevice(
  tx: Tx,
  orgId: string,
  id: string,
  body: { name?: string; isActive?: boolean },
) {
  const [row] = await tx
    .update(devices)
    .set(body)
    .where(and(eq(devices.organizationId, orgId), eq(devices.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Unable to update device');
  return deviceAnswer(row);
}

/** Removing a device ends its kiosk's credential: every kiosk call checks the row. */
export async function removeDevice(tx: Tx, orgId: string, id: string) {
  const gone = await tx
    .delete(devices)
    .where(and(eq(devices.organizationId, orgId), eq(devices.id, id)))
    .returning({ id: devices.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', 'Unable to remove device');
}

/** A kiosk of this device called in: the device list shows when it was last seen. */
export async function deviceSeen(tx: Tx, orgId: string, deviceId: string): Promise<void> {
  await tx.execute(
    sql`update devices set last_seen_at = now() where organization_id = ${orgId} and id = ${deviceId}`,
  );
}

interface OrgRow {
  id: string;
  name: string;
  logo_link: string | null;
  theme_color: string;
  time_zone: string;
}

export const kioskOrganizationOf = (o: OrgRow): KioskOrganization => ({
  _id: o.id,
  name: o.name,
  logoLink: o.logo_link,
  themeColor: o.theme_color,
  timeZone: o.time_zone,
});

/** POST /device-auth/pair: a device code (any case) for a device credential. */
export async function pairDevice(services: AppServices, code: string, ip: string): Promise<PairDeviceAnswer> {
  const hit = await services.limiter.hit(`device-pair:${ip}`, PAIR_WINDOW_MS);
  if (hit.count > PAIR_MAX_ATTEMPTS) throw rateLimited(hit.resetMs, 'pairing attempts from this address');
  // Pairing comes before the kiosk knows its organisation: one indexed read across tenants.
  const [device] = await services.database.prepared<{ organization_id: string; id: string }>(
    'device_by_code',
    'select organization_id, id from devices where code = $1 and is_active',
    [code.trim().toUpperCase()],
  );
  if (!device) throw new AppError('NOT_FOUND', 'Invalid device code');
  const { name, org } = await withTenant(services.database.db, device.organization_id, async (tx) => {
    const [row] = await tx
      .update(devices)
      .set({ pairedAt: new Date(), lastSeenAt: new Date() })
      .where(and(eq(devices.organizationId, device.organization_id), eq(devices.id, device.id)))
      .returning({ name: devices.name });
    const [o] = (
      await tx.execute(
        sql`select id, name, logo_link, theme_color, time_zone from organizations where id = ${device.organization_id}`,
      )
    ).rows as unknown as OrgRow[];
    return { name: row!.name, org: o! };
  });
  const deviceToken = await services.tokens.sign(
    { sub: device.id, typ: 'device', org: device.organization_id },
    DEVICE_TOKEN_TTL_SECONDS,
  );
  return { deviceToken, device: { _id: device.id, name }, organization: kioskOrganizationOf(org) };
}
