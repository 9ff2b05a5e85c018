import { addDaysToIsoDate, daysBetween, isoDateInZone, zonedDayStart } from '@opsuite/shared';
import type { Tx } from '../../../db/client.ts';
import { payableSessions, positionsOf } from '../../staff/index.ts';
import { putDailyTips } from './daily-tips.service.ts';
import { addLocation } from './locations.service.ts';
import { createPool } from './pools.service.ts';

// The tips `npm start` shows: two locations, a pool for each over the staff demo's positions
// (the manager is listed and, by the default setting, takes nothing) and daily tips on the days
// from `from` to `to` that someone worked.

export async function seedTipsDemo(
  tx: Tx,
  orgId: string,
  timeZone: string,
  from: string,
  to: string,
): Promise<void> {
  const positions = await positionsOf(tx, orgId);
  if (positions.length === 0) return;
  const desk = await addLocation(tx, orgId, { name: 'Front desk' });
  const bar = await addLocation(tx, orgId, { name: 'Smoothie bar' });
  await createPool(tx, orgId, {
    name: 'Front desk tips',
    basis: 'hours',
    locationIds: [desk._id],
    roles: positions.map((p) => ({ roleId: p.id })),
    dayShifts: [
      { name: 'Morning', start: '06:00', end: '14:00' },
      { name: 'Evening', start: '14:00', end: '22:00' },
    ],
  });
  await createPool(tx, orgId, {
    name: 'Smoothie bar',
    basis: 'points',
    locationIds: [bar._id],
    roles: positions.map((p) => ({ roleId: p.id, points: /coach/i.test(p.name) ? 2 : 1 })),
    dayShifts: [],
  });
  // Tips on the days someone worked (the staff demo's clocked week), so they are shared.
  const sessions = await payableSessions(tx, orgId, {
    from: zonedDayStart(from, timeZone),
    to: zonedDayStart(addDaysToIsoDate(to, 1), timeZone),
    by: 'start',
  });
  const worked = [...new Set(sessions.map((s) => isoDateInZone(s.start, timeZone)))].sort();
  for (const day of worked) {
    // Amounts vary by day, the same on every seed.
    const i = daysBetween(from, day);
    await putDailyTips(tx, orgId, {
      locationId: desk._id,
      day,
      cardTipsCents: 2000 + ((i * 737) % 3000),
      cashTipsCents: 500 + ((i * 311) % 1500),
    });
    await putDailyTips(tx, orgId, {
      locationId: bar._id,
      day,
      cardTipsCents: 800 + ((i * 413) % 1200),
      cashTipsCents: 200 + ((i * 97) % 600),
    });
  }
}
