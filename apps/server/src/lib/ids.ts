import { randomUUID } from 'node:crypto';

/**
 * UUID version 7 (time-ordered), made in the application because PostgreSQL 15 has no
 * generator for it; time order keeps primary-key indexes compact. The random bits come from
 * randomUUID (a version 4 id, drawn from Node's buffered entropy: a fresh randomBytes per id was
 * a visible share of a kiosk check-in's CPU); its variant bits are already the ones v7 needs.
 */
export function newId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19, 23)}-${random.slice(24)}`;
}

/**
 * The nil UUID: an id no row has. It stands for "nobody" where a query needs an id, as when a
 * user with no contact of their own may see only their own rows (they then see none), and as the
 * start of a walk through ids in order.
 */
export const NO_ID = '00000000-0000-0000-0000-000000000000';
