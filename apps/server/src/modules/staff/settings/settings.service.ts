import {
  DEFAULT_AUTO_END_HOURS,
  DEFAULT_LATE_GRACE_MINUTES,
  DEFAULT_SCREENSHOT_MINUTES,
} from '@opsuite/shared';
import type { TimeSettings } from '@opsuite/shared/contracts/staff-time';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';

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

interface SettingsRow {
  screenshot_interval_minutes: number;
  screenshots_enabled: boolean;
  auto_end_hours: number;
  late_grace_minutes: number;
  require_punch_pin: boolean;
}

const answerOf = (r: SettingsRow | undefined): TimeSettings =>
  r
    ? {
        screenshotIntervalMinutes: r.screenshot_interval_minutes,
        screenshotsEnabled: r.screenshots_enabled,
        autoEndHours: r.auto_end_hours,
        lateGraceMinutes: r.late_grace_minutes,
        requirePunchPin: r.require_punch_pin,
      }
    : { ...DEFAULT_TIME_SETTINGS };

export async function timeSettings(tx: Tx, orgId: string): Promise<TimeSettings> {
  const [row] = await rows<SettingsRow>(
    tx,
    sql`select screenshot_interval_minutes, screenshots_enabled, auto_end_hours, late_grace_minutes,
          require_punch_pin
        from staff_settings where organization_id = ${orgId}`,
  );
  return answerOf(row);
}

export async function saveTimeSettings(
  tx: Tx,
  orgId: string,
  userId: string,
  patch: Partial<TimeSettings>,
): Promise<TimeSettings> {
  const next = { ...(await timeSettings(tx, orgId)), ...patch };
  const [row] = await rows<SettingsRow>(
    tx,
    sql`insert into staff_settings (organization_id, screenshot_interval_minutes, screenshots_enabled,
          auto_end_hours, late_grace_minutes, require_punch_pin, updated_by)
        values (${orgId}, ${next.screenshotIntervalMinutes}, ${next.screenshotsEnabled}, ${next.autoEndHours},
          ${next.lateGraceMinutes}, ${next.requirePunchPin}, ${userId})
        on conflict (organization_id) do update set
          screenshot_interval_minutes = excluded.screenshot_interval_minutes,
          screenshots_enabled = excluded.screenshots_enabled, auto_end_hours = excluded.auto_end_hours,
          late_grace_minutes = excluded.late_grace_minutes, require_punch_pin = excluded.require_punch_pin,
          updated_by = excluded.updated_by, updated_at = now()
        returning screenshot_interval_minutes, screenshots_enabled, auto_end_hours, late_grace_minutes,
          require_punch_pin`,
  );
  return answerOf(row);
}
