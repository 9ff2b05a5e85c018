import {
  GIFT_CARD_TEXT,
  type GiftCardTemplateAnswer,
  type GiftCardTemplateBody,
  giftCardTemplateBody,
} from '@opsuite/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { FileLinks, FileStore } from '../../lib/files/index.ts';
import { newId } from '../../lib/ids.ts';
import { isForeignKeyViolation, uniqueOr409 } from '../../lib/sql.ts';
import { giftCards, giftCardTemplates } from './gift-cards.tables.ts';

// Gift card templates: name, design image (in the file store under giftcards/), fixed amounts
// and/or a custom range, default message, active flag. A template cards were issued from cannot
// be deleted (its cards keep pointing at it); it is switched off instead.

type Row = typeof giftCardTemplates.$inferSelect;

/** A design's key in the app's file store. */
export const designStoreKey = (key: string) => `giftcards/${key}`;

/** A signed link to a design image the browser loads itself (an hour). */
export const designLink = (links: FileLinks, key: string | null) =>
  key
    ? links.link(designStoreKey(key), { fileName: 'design.jpg', contentType: 'image/jpeg', seconds: 3600 })
    : Promise.resolve(null);

export async function templateAnswer(
  row: Row,
  cardCount: number,
  links: FileLinks,
): Promise<GiftCardTemplateAnswer> {
  return {
    _id: row.id,
    name: row.name,
    designUrl: await designLink(links, row.designKey),
    fixedAmountsCents: row.fixedAmountsCents,
    allowCustom: row.allowCustom,
    customMinCents: row.customMinCents,
    customMaxCents: row.customMaxCents,
    defaultMessage: row.defaultMessage,
    active: row.active,
    cardCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byId = (orgId: string, id: string) =>
  and(eq(giftCardTemplates.organizationId, orgId), eq(giftCardTemplates.id, id));

const nameIsFree = <T>(work: () => Promise<T>) =>
  uniqueOr409('gift_card_templates_org_name_uq', 'name', GIFT_CARD_TEXT.templateNameTaken, work);

const values = (body: GiftCardTemplateBody) => {
  const b = giftCardTemplateBody.parse(body);
  return {
    name: b.name,
    fixedAmountsCents: [...new Set(b.fixedAmountsCents)].sort((x, y) => x - y),
    allowCustom: b.allowCustom,
    customMinCents: b.allowCustom ? b.customMinCents : null,
    customMaxCents: b.allowCustom ? b.customMaxCents : null,
    defaultMessage: b.defaultMessage,
    active: b.active,
  };
};

async function cardCounts(tx: Tx, orgId: string): Promise<Map<string, number>> {
  const list = await tx
    .select({ templateId: giftCards.templateId, n: count() })
    .from(giftCards)
    .where(eq(giftCards.organizationId, orgId))
    .groupBy(giftCards.templateId);
  return new Map(list.filter((r) => r.templateId).map((r) => [r.templateId!, r.n]));
}

export async function listTemplates(tx: Tx, orgId: string) {
  const list = await tx
    .select()
    .from(giftCardTemplates)
    .where(eq(giftCardTemplates.organizationId, orgId))
    .orderBy(asc(giftCardTemplates.name), asc(giftCardTemplates.id));
  const counts = await cardCounts(tx, orgId);
  return list.map((row) => ({ row, cardCount: counts.get(row.id) ?? 0 }));
}

export async function loadTemplate(tx: Tx, orgId: string, id: string): Promise<Row> {
  const [row] = await tx.select().from(giftCardTemplates).where(byId(orgId, id));
  if (!row) throw notFound('Gift card template');
  return row;
}

export async function createTemplate(tx: Tx, orgId: string, body: GiftCardTemplateBody) {
  const [row] = await nameIsFree(() =>
    tx
      .insert(giftCardTemplates)
      .values({ organizationId: orgId, id: newId(), ...values(body) })
      .returning(),
  );
  return { row: row!, cardCount: 0 };
}

export async function updateTemplate(tx: Tx, orgId: string, id: string, body: GiftCardTemplateBody) {
  const [row] = await nameIsFree(() =>
    tx
      .update(giftCardTemplates)
      .set({ ...values(body), updatedAt: sql`now()` })
      .where(byId(orgId, id))
      .returning(),
  );
  if (!row) throw notFound('Gift card template');
  return { row, cardCount: (await cardCounts(tx, orgId)).get(id) ?? 0 };
}

/** Sets (or clears) the design's key; answers the key it replaced, for the caller to remove. */
export async function setTemplateDesign(tx: Tx, orgId: string, id: string, key: string | null) {
  const before = await tx
    .select({ designKey: giftCardTemplates.designKey })
    .from(giftCardTemplates)
    .where(byId(orgId, id))
    .for('update');
  if (before.length === 0) throw notFound('Gift card template');
  const [row] = await tx
    .update(giftCardTemplates)
    .set({ designKey: key, updatedAt: sql`now()` })
    .where(byId(orgId, id))
    .returning();
  return { row: row!, replaced: before[0]!.designKey, cardCount: (await cardCounts(tx, orgId)).get(id) ?? 0 };
}

export async function deleteTemplate(tx: Tx, orgId: string, id: string): Promise<string | null> {
  try {
    const gone = await tx
      .delete(giftCardTemplates)
      .where(byId(orgId, id))
      .returning({ designKey: giftCardTemplates.designKey });
    if (gone.length === 0) throw notFound('Gift card template');
    return gone[0]!.designKey;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(GIFT_CARD_TEXT.templateInUse);
    throw err;
  }
}

/**
 * A design as sent (a data URL), decoded and written again by sharp as a JPEG of at most 1200
 * pixels wide, so the stored bytes are always sharp's; anything else is a 400 naming the field.
 */
export async function storeDesign(files: FileStore, orgId: string, dataUrl: string): Promise<string> {
  const match = /^data:image\/(jpeg|png|webp);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw invalid('image', 'must be a JPEG, PNG or WebP data URL');
  let bytes: Buffer;
  try {
    const image = sharp(Buffer.from(match[2]!, 'base64'), { failOn: 'error', limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (meta.format !== match[1]) throw new Error('format differs');
    bytes = await image.resize({ width: 1200, withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
  } catch {
    throw invalid('image', 'could not be read as an image');
  }
  const key = `${orgId}/${newId()}.jpg`;
  await files.put(designStoreKey(key), bytes, 'image/jpeg');
  return key;
}
