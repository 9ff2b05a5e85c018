import {
  DEFAULT_AUTO_END_HOURS,
  DEFAULT_LATE_GRACE_MINUTES,
  DEFAULT_SCREENSHOT_MINUTES,
} from '@opsuite/shared';
import type { TimeSettings } from '@opsuite/shared/contracts/staff-time';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { staffSettings } from './settings.tables.ts';

// The organisation's time rules (screenshot interval, auto-end limit, late grace, whether the
// tablet asks for a punch PIN). An
// organisation that never saved them has the defaults.

export const DEFAULT_TIME_SETTINGS: TimeSettings = {
  screenshotIntervalMinutes: DEFAULT_SCREENSHOT_MINUTES,
  screenshotsEnabled: true,
  autoEndHours: DEFAULT_AUTO_END_HOURS,
  lateGraceMinutes: DEFAULT_LATE_GRACE_MINUTES,
  requirePunchPin: false,
};

const st = staffSettings;

/** The settings as answered: the table's columns of the rules. */
const settingsFields = {
  screenshotIntervalMinutes: st.screenshotIntervalMinutes,
  screenshotsEnabled: st.screenshotsEnabled,
  autoEndHours: st.autoEndHours,
  lateGraceMinutes: st.lateGraceMinutes,
  requirePunchPin: st.requirePunchPin,
};

const answerOf = (r: TimeSettings | undefined): TimeSettings => (r ? { ...r } : { ...DEFAULT_TIME_SETTINGS });

export async function timeSettings(tx: Tx, orgId: string): Promise<TimeSettings> {
  const [row] = await tx.select(settingsFields).from(st).where(eq(st.organizationId, orgId));
  return answerOf(row);
}

export async function saveTimeSettings(
  tx: Tx,
  orgId: string,
  userId: string,
  patch: Partial<TimeSettings>,
): Promise<TimeSettings> {
  const next = { ...(await timeSettings(tx, orgId)), ...patch };
  const values = {
    screenshotIntervalMinutes: next.screenshotIntervalMinutes,
    screenshotsEnabled: next.screenshotsEnabled,
    autoEndHours: next.autoEndHours,
    lateGraceMinutes: next.lateGraceMinutes,
    requirePunchPin: next.requirePunchPin,
    updatedBy: userId,
  };
  const [row] = await tx
    .insert(st)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({ target: st.organizationId, set: { ...values, updatedAt: sql`now()` } })
    .returning(settingsFields);
  return answerOf(row);
}
