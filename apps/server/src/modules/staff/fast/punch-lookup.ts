import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
import { staffTypesSql } from '../access.ts';

/** Whether the kiosk may punch, the organisation's PIN rule and zone, and the employee (or nulls). */
export interface EmployeeOnDevice {
  device_ok: boolean;
  pin_required: boolean;
  time_zone: string;
  id: string | null;
  full_name: string | null;
}

/**
 * The time clock's first read, in one round trip: the device still active, the PIN rule, the
 * organisation's zone and the employee with this punch id (as stored: padded).
 */
export async function employeeOnDevice(
  tx: Tx,
  orgId: string,
  deviceId: string,
  punchId: string,
): Promise<EmployeeOnDevice | undefined> {
  const [row] = await rows<EmployeeOnDevice>(
    tx,
    sql`select exists (select 1 from devices where organization_id = ${orgId} and id = ${deviceId} and is_active) as device_ok,
          coalesce((select require_punch_pin from staff_settings where organization_id = ${orgId}), false) as pin_required,
          (select time_zone from organizations where id = ${orgId}) as time_zone, e.id, e.full_name
        from (select 1) one left join lateral (
          select c.id, c.full_name from contacts c
          join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
          where c.organization_id = ${orgId} and c.deleted_at is null and c.punch_id = ${punchId}
            and ct.type in ${staffTypesSql}
          order by c.created_at, c.id limit 1) e on true`,
  );
  return row;
}
