import { isStaffType } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invalid, lookupMissing } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';

// Instructors of classes: a booking type names the default one, a schedule or a single slot may
// name another (queries.ts reads the effective one). An instructor is a staff contact: one whose
// contact type is an employee's, an admin's or the owner's.

/** Refuses an instructor that is not a live staff contact of the organisation (400 on `field`). */
export async function assertInstructor(
  tx: Tx,
  orgId: string,
  id: string | null | undefined,
  field = 'instructorId',
): Promise<void> {
  if (!id) return;
  const [row] = await rows<{ type: string | null; name: string | null }>(
    tx,
    sql`select ct.type, ct.name from contacts c
        left join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
        where c.organization_id = ${orgId} and c.id = ${id} and c.deleted_at is null`,
  );
  if (!row) throw lookupMissing(field);
  const type = (row.type || row.name || '').trim().toLowerCase();
  if (!isStaffType(type)) {
    throw invalid(field, 'The instructor must be a staff contact (an employee, admin or owner)');
  }
}
