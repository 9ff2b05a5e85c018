import type { ScreenshotAnswer, UpdateWorkBody } from '@opsuite/shared/contracts/staff-time';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound } from '../../../lib/errors.ts';
import type { FileStore } from '../../../lib/files/index.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { requireManager } from '../access.ts';
import { workHistories, workScreenshots } from './time.tables.ts';
import { requireOwnOrManager } from './work.service.ts';
import {
  lockedSession,
  requireOpen,
  screenshotPath,
  sessionRow,
  sessionWhere,
  workAnswer,
} from './work-rows.ts';

// Periodic screenshots (updatework): the browser sends a compressed frame and, when it can, a
// thumbnail; the server keeps both under DATA_DIR/files/staff and makes the thumbnail with sharp
// when none came. A refused, failed or stopped screen share is recorded as such, never as an error.
// Screenshots hang off their session, so they show under its employee only, and deleting one
// changes no time.

/**
 * A screenshot's key in the app's file store (disk or S3). The database keeps `<org>/<id>.<ext>`;
 * the store holds it under `staff/`, which on disk is DATA_DIR/files/staff as before.
 */
export const shotStoreKey = (key: string) => `staff/${key}`;

const THUMB_WIDTH = 320;

interface Image {
  bytes: Buffer;
  ext: string;
}

function decodeDataUrl(dataUrl: string, field: string): { bytes: Buffer; kind: string } {
  const match = /^data:image\/(jpeg|png|webp);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw invalid(field, 'must be a JPEG, PNG or WebP data URL');
  return { bytes: Buffer.from(match[2]!, 'base64'), kind: match[1]! };
}

/**
 * What the browser sent, decoded and encoded again by sharp (stored bytes are always an image
 * sharp wrote, never what came in): anything that does not decode is a 400 naming the field.
 */
async function reencode(dataUrl: string, field: string, width?: number): Promise<Image> {
  const { bytes, kind } = decodeDataUrl(dataUrl, field);
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (meta.format !== kind) throw new Error(`${meta.format} sent as ${kind}`);
    // A thumbnail is always a small JPEG.
    if (width) {
      const small = image.resize({ width, withoutEnlargement: true }).jpeg({ quality: 70 });
      return { bytes: await small.toBuffer(), ext: 'jpg' };
    }
    if (kind === 'png') return { bytes: await image.png().toBuffer(), ext: 'png' };
    if (kind === 'webp') return { bytes: await image.webp({ quality: 80 }).toBuffer(), ext: 'webp' };
    return { bytes: await image.jpeg({ quality: 80 }).toBuffer(), ext: 'jpg' };
  } catch {
    throw invalid(field, 'could not be read as an image');
  }
}

export interface StoredShot {
  id: string;
  fileKey: string;
  smallKey: string;
}

/** Writes a screenshot and its thumbnail before any transaction is open. */
export async function storeShot(
  files: FileStore,
  orgId: string,
  body: UpdateWorkBody,
): Promise<StoredShot | null> {
  if (!body.screenshot) return null;
  const full = await reencode(body.screenshot, 'screenshot');
  const thumb = body.screenshot_sm
    ? await reencode(body.screenshot_sm, 'screenshot_sm', THUMB_WIDTH)
    : await reencode(body.screenshot, 'screenshot', THUMB_WIDTH);
  const id = newId();
  const fileKey = `${orgId}/${id}.${full.ext}`;
  const smallKey = `${orgId}/${id}-sm.${thumb.ext}`;
  await files.put(shotStoreKey(fileKey), full.bytes, `image/${full.ext === 'jpg' ? 'jpeg' : full.ext}`);
  await files.put(shotStoreKey(smallKey), thumb.bytes, `image/${thumb.ext === 'jpg' ? 'jpeg' : thumb.ext}`);
  return { id, fileKey, smallKey };
}

/** Removes screenshots' files from the store; a missing one is not an error. */
export async function removeFiles(files: FileStore, keys: (string | null)[]): Promise<void> {
  await files.delete(keys.filter((k): k is string => !!k).map(shotStoreKey));
}

/** updatework: records the capture (or its refusal) on an open session of the caller's. */
export async function recordCapture(
  tx: Tx,
  ctx: RequestContext,
  body: UpdateWorkBody,
  shot: StoredShot | null,
) {
  const orgId = ctx.organizationId;
  const row = await lockedSession(tx, orgId, body.historyId);
  requireOwnOrManager(ctx, row, 'send another employee’s screenshots');
  requireOpen(row);
  const status = shot ? 'sharing' : (body.captureStatus ?? row.captureStatus);
  if (shot) {
    await tx.insert(workScreenshots).values({
      organizationId: orgId,
      id: shot.id,
      historyId: row.id,
      contactId: row.contactId,
      status: 'captured',
      fileKey: shot.fileKey,
      smallKey: shot.smallKey,
    });
  } else if (
    (status === 'refused' || status === 'failed' || status === 'stopped') &&
    status !== row.captureStatus
  ) {
    await tx
      .insert(workScreenshots)
      .values({ organizationId: orgId, id: newId(), historyId: row.id, contactId: row.contactId, status });
  }
  await tx
    .update(workHistories)
    .set({ captureStatus: status, updatedAt: sql`now()`, ...(shot ? { screenshotId: shot.id } : {}) })
    .where(sessionWhere(orgId, row.id));
  return workAnswer(await sessionRow(tx, orgId, row.id));
}

const s = workScreenshots;

const shotFields = {
  id: s.id,
  historyId: s.historyId,
  contactId: s.contactId,
  takenAt: sql<string>`${isoText(sql`${s.takenAt}`)}`,
  status: s.status,
  fileKey: s.fileKey,
  smallKey: s.smallKey,
};

const selectShots = (tx: Tx, where: SQL | undefined) => tx.select(shotFields).from(s).where(where).$dynamic();

type ShotRow = Awaited<ReturnType<typeof selectShots>>[number];

const shotAnswer = (r: ShotRow): ScreenshotAnswer => ({
  _id: r.id,
  historyId: r.historyId,
  contactId: r.contactId,
  takenAt: r.takenAt,
  status: r.status,
  image: r.fileKey ? screenshotPath(r.id) : null,
  thumbnail: r.smallKey ? screenshotPath(r.id, true) : null,
});

/** A session's screenshots, for its own employee or a manager. */
export async function listShots(tx: Tx, ctx: RequestContext, historyId: string) {
  const session = await sessionRow(tx, ctx.organizationId, historyId);
  requireOwnOrManager(ctx, session, 'see another employee’s screenshots');
  const list = await selectShots(
    tx,
    and(
      eq(s.organizationId, ctx.organizationId),
      eq(s.historyId, historyId),
      eq(s.contactId, session.contactId),
    ),
  ).orderBy(asc(s.takenAt), asc(s.id));
  return { list: list.map(shotAnswer) };
}

async function shotFor(tx: Tx, ctx: RequestContext, id: string, lock = false): Promise<ShotRow> {
  const query = selectShots(tx, and(eq(s.organizationId, ctx.organizationId), eq(s.id, id)));
  if (lock) query.for('update');
  const [row] = await query;
  if (!row) throw notFound('Screenshot');
  requireOwnOrManager(ctx, row, 'see another employee’s screenshots');
  return row;
}

/** The stored file of a screenshot (full or thumbnail). */
export async function shotFile(tx: Tx, ctx: RequestContext, id: string, small: boolean) {
  const row = await shotFor(tx, ctx, id);
  const key = small ? row.smallKey : row.fileKey;
  if (!key) throw notFound('Screenshot');
  return {
    key,
    type: key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
  };
}

/**
 * Deletes one screenshot; the session's times are not touched. Answers the files to remove.
 * Managers only: a screenshot is the proof of its employee's time, so they cannot erase their own.
 */
export async function deleteShot(tx: Tx, ctx: RequestContext, id: string) {
  requireManager(ctx, 'delete screenshots');
  const row = await shotFor(tx, ctx, id, true);
  if (row.status !== 'captured') throw conflict('Only a captured screenshot can be deleted');
  await tx.delete(s).where(and(eq(s.organizationId, ctx.organizationId), eq(s.id, id)));
  // The session shows its latest captured screenshot left, if it showed this one.
  const latest = tx
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        eq(s.organizationId, workHistories.organizationId),
        eq(s.historyId, workHistories.id),
        eq(s.status, 'captured'),
      ),
    )
    .orderBy(desc(s.takenAt), desc(s.id))
    .limit(1);
  await tx
    .update(workHistories)
    .set({ screenshotId: sql`(${latest})` })
    .where(and(sessionWhere(ctx.organizationId, row.historyId), eq(workHistories.screenshotId, id)));
  return [row.fileKey, row.smallKey];
}
