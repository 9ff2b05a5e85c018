import { sql } from 'drizzle-orm';
import type { ContactHooks } from '../../contacts/index.ts';
import { ofDuplicates } from '../../contacts/index.ts';

// Instructors in a contact merge: the kept contact teaches what the duplicates taught (booking
// types' defaults, schedules' and single classes' own instructors).

const TABLES = ['booking_types', 'class_schedules', 'booking_slots'] as const;

export const instructorHooks: ContactHooks = {
  tables: Object.fromEntries(TABLES.map((t) => [t, ['instructor_id']])),
  async merge(tx, set) {
    for (const table of TABLES) {
      await tx.execute(sql`update ${sql.identifier(table)} set instructor_id = ${set.primaryId}
        where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`instructor_id`)}`);
    }
  },
};
