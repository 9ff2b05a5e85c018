import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { type ContactHooks, type MergeSet, ofDuplicates } from '../hooks.ts';

// The contacts module's own rows that point at contacts, as a merge settles and moves them (its
// lifecycle hooks, registered like any other module's). The contacts rows themselves, their punch
// ids and Last Attended are merged by merge.service.ts before the hooks run.

/** What the kept contact takes: the union of the tags, one family link per relative, the rest moved. */
async function mergeOwnRows(tx: Tx, set: MergeSet): Promise<void> {
  const { orgId, primaryId } = set;
  const allIds = sql`${sql.param(set.all)}::uuid[]`;
  const fromDuplicates = ofDuplicates(set, sql`contact_id`);
  await tx.execute(sql`insert into contact_tags (organization_id, contact_id, tag_id)
    select organization_id, ${primaryId}::uuid, tag_id from contact_tags
    where organization_id = ${orgId} and ${fromDuplicates} on conflict do nothing`);
  await tx.execute(sql`delete from contact_tags where organization_id = ${orgId} and ${fromDuplicates}`);
  // Family: links inside the merged set vanish; of several links to one relative, one stays.
  await tx.execute(sql`delete from contact_family_links where organization_id = ${orgId}
    and contact_id = any(${allIds}) and member_contact_id = any(${allIds})`);
  await tx.execute(sql`delete from contact_family_links where organization_id = ${orgId} and id in (
    select id from (
      select id, row_number() over (
        partition by case when contact_id = any(${allIds}) then member_contact_id else contact_id end
        order by (contact_id = ${primaryId} or member_contact_id = ${primaryId}) desc, id) as rn
      from contact_family_links
      where organization_id = ${orgId} and (contact_id = any(${allIds}) or member_contact_id = any(${allIds}))
    ) ranked where rn > 1)`);
  for (const [table, columns] of Object.entries(MOVED)) {
    for (const column of columns) {
      await tx.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${primaryId}
        where organization_id = ${orgId} and ${ofDuplicates(set, sql`${sql.identifier(column)}`)}`);
    }
  }
}

/** The tables whose rows simply move onto the kept contact (after the family links are settled). */
const MOVED: Record<string, readonly string[]> = {
  contact_activities: ['contact_id'],
  contact_family_links: ['contact_id', 'member_contact_id'],
  contact_files: ['contact_id'],
  contact_rank_history: ['contact_id'],
  followup_notes: ['contact_id'],
  role_assignments: ['contact_id'],
};

export const contactsHooks: ContactHooks = {
  tables: {
    ...MOVED,
    contact_answers: ['contact_id'],
    contact_tags: ['contact_id'],
  },
  uniqueKeys: {
    'contacts.contacts_org_punch_uq': 'the duplicates lose their punch id',
    'contact_tags.contact_tags_organization_id_contact_id_tag_id_pk': 'the union of the tags',
    'contact_family_links.contact_family_links_pair_uq': 'one link per relative, the kept one first',
    'contact_answers.contact_answers_organization_id_contact_id_pk':
      'the kept contact takes the latest Last Attended of the set; each duplicate keeps its own row',
  },
  merge: mergeOwnRows,
};
