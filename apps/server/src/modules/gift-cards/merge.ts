import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContactHooks } from '../contacts/index.ts';
import { giftCards } from './gift-cards.tables.ts';

// Gift cards' part of a contact's life: a card may point at its recipient's contact. Merging
// moves the cards to the kept contact; deleting a contact keeps the card (it is still owed) with
// the recipient's name and e-mail as typed, unlinked; renaming the contact renames the recipient.

const c = giftCards;

export const giftCardContactHooks: ContactHooks = {
  tables: { gift_cards: ['contact_id'] },
  async merge(tx, set) {
    await tx
      .update(c)
      .set({ contactId: set.primaryId, updatedAt: sql`now()` })
      .where(and(eq(c.organizationId, set.orgId), inArray(c.contactId, set.duplicateIds)));
  },
  async deleted(tx, orgId, contactIds) {
    await tx
      .update(c)
      .set({ contactId: null, updatedAt: sql`now()` })
      .where(and(eq(c.organizationId, orgId), inArray(c.contactId, contactIds)));
  },
  async renamed(tx, orgId, contactId, fullName) {
    await tx
      .update(c)
      .set({ recipientName: fullName, updatedAt: sql`now()` })
      .where(and(eq(c.organizationId, orgId), eq(c.contactId, contactId)));
  },
};
