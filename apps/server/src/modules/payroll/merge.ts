import { sql } from 'drizzle-orm';
import { type ContactHooks, inMergeSet, mergeRank, ofDuplicates } from '../contacts/index.ts';

// Payroll's part of a contact merge: the kept contact keeps the best-ranked salary (one per
// contact). Slips keep the contact they were paid to: they are records of what was paid.

export const payrollContactHooks: ContactHooks = {
  tables: { employee_salaries: ['contact_id'] },
  uniqueKeys: {
    'employee_salaries.employee_salaries_organization_id_contact_id_pk':
      'one salary: the best-ranked is kept',
  },
  async merge(tx, set) {
    await tx.execute(sql`delete from employee_salaries t using (
        select contact_id, row_number() over (order by ${mergeRank(set, sql`contact_id`)}) as rn
        from employee_salaries where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)}) r
      where t.organization_id = ${set.orgId} and t.contact_id = r.contact_id and r.rn > 1`);
    await tx.execute(sql`update employee_salaries set contact_id = ${set.primaryId}, updated_at = now()
      where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`contact_id`)}`);
  },
};
