import { zonedDayStart } from '@opsuite/shared';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { Seam, type Seams } from '../../../lib/seams.ts';

// Time that has been paid stays as it was paid. A module that pays for recorded work (payroll)
// registers a lock answering the first day not yet paid in an organisation (a day on its clock),
// or null when nothing is paid; staff refuses to add, move or delete work that starts before it.
// Registered from outside because payroll depends on staff, not the other way round.

export type WorkLock = (tx: Tx, orgId: string) => Promise<string | null>;

/** Staff's seam: the locks of the modules that pay for recorded work, on the app (lib/seams.ts). */
export const WORK_LOCKS = new Seam<WorkLock>('work locks');

/** Registers (or replaces) `module`'s lock on `app`. */
export function registerWorkLock(app: { services: { seams: Seams } }, module: string, lock: WorkLock): void {
  app.services.seams.add(WORK_LOCKS, module, lock);
}

/** The locks registered on an app. */
export const workLocksOf = (services: { seams: Seams }): WorkLock[] =>
  services.seams.all(WORK_LOCKS).map(([, lock]) => lock);

export const PAID_PERIOD_MESSAGE = 'This time is in a paid pay period and can no longer be changed';

/** 409 when any of `instants` (the entry's start, before and after the edit) is in a paid period. */
export async function assertWorkOpen(
  tx: Tx,
  orgId: string,
  timeZone: string,
  instants: readonly string[],
  locks: readonly WorkLock[],
): Promise<void> {
  for (const lock of locks) {
    const openDay = await lock(tx, orgId);
    if (!openDay) continue;
    const openFrom = zonedDayStart(openDay, timeZone);
    if (instants.some((at) => Date.parse(at) < openFrom)) throw conflict(PAID_PERIOD_MESSAGE, 'startTime');
  }
}
