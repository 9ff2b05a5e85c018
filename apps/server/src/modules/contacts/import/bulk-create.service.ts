import type { BulkCreateAnswer, BulkCreateBody, ContactAnswer, ContactCreateBody } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { createContact, findExisting, getContact } from '../contacts.service.ts';
import { assertImportOptions } from './import.service.ts';
import { prepareRows } from './rows.ts';
import { lockOrganizationDedupe, writeCandidates } from './writer.ts';

// addBulk, addBulkLeads and contact-bulk-create: up to 500 rows created in the request's
// transaction, with the import's row checks and de-duplication (by e-mail and phone digits,
// against saved contacts and within the list); add-buyer finds or creates one contact.

export type BulkKind = 'addBulk' | 'addBulkLeads' | 'contact-bulk-create';

async function typeIdOf(tx: Tx, orgId: string, type: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`select id from contact_types where organization_id = ${orgId} and type = ${type}
        order by is_system desc, sort_order, id limit 1`,
  );
  if (!row) throw new AppError('BAD_REQUEST', `This organisation has no ${type} contact type`);
  return row.id;
}

export async function bulkCreate(
  tx: Tx,
  ctx: RequestContext,
  body: BulkCreateBody,
  kind: BulkKind,
): Promise<BulkCreateAnswer> {
  const orgId = ctx.organizationId;
  const options = body.options ?? {};
  await assertImportOptions(tx, ctx, options);
  const forcedTypeId = kind === 'addBulkLeads' ? await typeIdOf(tx, orgId, 'lead') : null;
  const prepared = prepareRows(body.rows ?? body.contacts ?? []);
  const written = await writeCandidates(
    tx,
    {
      organizationId: orgId,
      userId: ctx.userId,
      options,
      forcedTypeId,
      activity: { kind: 'contact.created', title: 'Contact created', data: (row) => ({ source: kind, row }) },
    },
    prepared
      .filter((r) => r.outcome === null)
      .map((r) => ({
        rowNo: r.rowNo,
        value: r.data as Parameters<typeof writeCandidates>[2][number]['value'],
      })),
  );
  const byRow = new Map(written.map((r) => [r.rowNo, r]));
  const results = prepared.map((p) => {
    const w = byRow.get(p.rowNo);
    if (w) {
      return {
        row: p.rowNo,
        outcome: w.outcome,
        contactId: w.contactId ?? w.matchContactId,
        reason: w.reason,
        duplicateOfRow: null,
      };
    }
    return {
      row: p.rowNo,
      outcome: p.outcome!,
      contactId: null,
      reason: p.reason,
      duplicateOfRow: p.outcome === 'duplicate' ? p.matchRow : null,
    };
  });
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  const created = count('created');
  return {
    success: true,
    message: kind === 'addBulkLeads' ? `${created} leads added` : `${created} contacts added`,
    created,
    duplicates: count('duplicate'),
    rejected: count('rejected'),
    results,
  };
}

/**
 * add-buyer: the contact a sale is made to. A buyer whose e-mail or phone is already saved is
 * that contact (nothing is created); otherwise a new contact, a client unless a type is given.
 */
export async function addBuyer(
  tx: Tx,
  ctx: RequestContext,
  body: ContactCreateBody,
): Promise<{ created: boolean; contact: ContactAnswer }> {
  const orgId = ctx.organizationId;
  await lockOrganizationDedupe(tx, orgId);
  if (body.email || body.phone) {
    const existing = await findExisting(tx, orgId, { email: body.email, phone: body.phone });
    if (existing) return { created: false, contact: await getContact(tx, orgId, existing._id) };
  }
  const contactTypeId = body.contactTypeId ?? (await typeIdOf(tx, orgId, 'client'));
  return { created: true, contact: await createContact(tx, ctx, { ...body, contactTypeId }) };
}
