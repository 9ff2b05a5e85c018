import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScreenshotAnswer, UpdateWorkBody } from '@opsuite/shared/contracts/staff-time';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { requireManager } from '../access.ts';
import { requireOwnOrManager } from './work.service.ts';
import { lockedSession, requireOpen, screenshotPath, selectWork, workAnswer } from './work-rows.ts';

// Periodic screenshots (updatework): the browser sends a compressed frame and, when it can, a
// thumbnail; the server keeps both under DATA_DIR/files/staff and makes the thumbnail with sharp
// when none came. A refused, failed or stopped screen share is recorded as such, never as an error.
// Screenshots hang off their session, so they show under its employee only, and deleting one
// changes no time.

export const staffFilesRoot = (dataDir: string) => path.resolve(dataDir, 'files', 'staff');

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
  root: string,
  orgId: string,
  body: UpdateWorkBody,
): Promise<StoredShot | null> {
  if (!body.screenshot) return null;
  const full = await reencode(body.screenshot, 'screenshot');
  const thumb = body.screenshot_sm
    ? await reencode(body.screenshot_sm, 'screenshot_sm', THUMB_WIDTH)
    : await reencode(body.screenshot, 'screenshot', THUMB_WIDTH);
  const id = newId();
  const fileKey = path.join(orgId, `${id}.${full.ext}`);
  const smallKey = path.join(orgId, `${id}-sm.${thumb.ext}`);
  await mkdir(path.join(root, orgId), { recursive: true });
  await writeFile(path.join(root, fileKey), full.bytes);
  await writeFile(path.join(root, smallKey), thumb.bytes);
  return { id, fileKey, smallKey };
}

export async function removeFiles(root: string, keys: (string | null)[]): Promise<void> {
  await Promise.all(
    keys.filter((k): k is string => !!k).map((k) => unlink(path.join(root, k)).catch(() => undefined)),
  );
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
  const status = shot ? 'sharing' : (body.captureStatus ?? row.capture_status);
  if (shot) {
    await tx.execute(
      sql`insert into work_screenshots (organization_id, id, history_id, contact_id, status, file_key, small_key)
          values (${orgId}, ${shot.id}, ${row.id}, ${row.contact_id}, 'captured', ${shot.fileKey}, ${shot.smallKey})`,
    );
  } else if (
    (status === 'refused' || status === 'failed' || status === 'stopped') &&
    status !== row.capture_status
  ) {
    await tx.execute(
      sql`insert into work_screenshots (organization_id, id, history_id, contact_id, status)
          values (${orgId}, ${newId()}, ${row.id}, ${row.contact_id}, ${status})`,
    );
  }
  await tx.execute(
    sql`update work_histories set capture_status = ${status}, updated_at = now()
          ${shot ? sql`, screenshot_id = ${shot.id}` : sql``}
        where organization_id = ${orgId} and id = ${row.id}`,
  );
  const [saved] = await selectWork(tx, sql`w.organization_id = ${orgId} and w.id = ${row.id}`);
  return workAnswer(saved!);
}

interface ShotRow {
  id: string;
  history_id: string;
  contact_id: string;
  taken_at: string;
  status: ScreenshotAnswer['status'];
  file_key: string | null;
  small_key: string | null;
}

const shotAnswer = (r: ShotRow): ScreenshotAnswer => ({
  _id: r.id,
  historyId: r.history_id,
  contactId: r.contact_id,
  takenAt: r.taken_at,
  status: r.status,
  image: r.file_key ? screenshotPath(r.id) : null,
  thumbnail: r.small_key ? screenshotPath(r.id, true) : null,
});

const shotColumns = sql`id, history_id, contact_id, ${isoText(sql`taken_at`)} as taken_at, status, file_key, small_key`;

/** A session's screenshots, for its own employee or a manager. */
export async function listShots(tx: Tx, ctx: RequestContext, historyId: string) {
  const [session] = await selectWork(
    tx,
    sql`w.organization_id = ${ctx.organizationId} and w.id = ${historyId}`,
  );
  if (!session) throw notFound('Work history');
  requireOwnOrManager(ctx, session, 'see another employee’s screenshots');
  const list = await rows<ShotRow>(
    tx,
    sql`select ${shotColumns} from work_screenshots
        where organization_id = ${ctx.organizationId} and history_id = ${historyId}
          and contact_id = ${session.contact_id}
        order by taken_at, id`,
  );
  return { list: list.map(shotAnswer) };
}

async function shotFor(tx: Tx, ctx: RequestContext, id: string, lock = false): Promise<ShotRow> {
  const [row] = await rows<ShotRow>(
    tx,
    sql`select ${shotColumns} from work_screenshots where organization_id = ${ctx.organizationId} and id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound('Screenshot');
  requireOwnOrManager(ctx, row, 'see another employee’s screenshots');
  return row;
}

/** The stored file of a screenshot (full or thumbnail). */
export async function shotFile(tx: Tx, ctx: RequestContext, id: string, small: boolean) {
  const row = await shotFor(tx, ctx, id);
  const key = small ? row.small_key : row.file_key;
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
  await tx.execute(
    sql`delete from work_screenshots where organization_id = ${ctx.organizationId} and id = ${id}`,
  );
  await tx.execute(
    sql`update work_histories w set screenshot_id = (
          select s.id from work_screenshots s
          where s.organization_id = w.organization_id and s.history_id = w.id and s.status = 'captured'
          order by s.taken_at desc, s.id desc limit 1)
        where w.organization_id = ${ctx.organizationId} and w.id = ${row.history_id} and w.screenshot_id = ${id}`,
  );
  return [row.file_key, row.small_key];
}
