import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  CONTACT_FILE_MAX_BYTES,
  type ContactFileAnswer,
  fileExtension,
  fileKindFromName,
} from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { FileStore } from '../../../lib/files/index.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { assertContactsExist } from '../access.ts';
import { contactFiles } from '../contacts.tables.ts';
import { recordActivities, recordActivity } from './activities.service.ts';

// Contact files: the bytes go to the file store under contacts/<organisation>/<file id>.<ext>
// (contact_files.storage_key holds the part after `contacts/`), the row to contact_files. The kind
// and the served content type come from the file's extension, never from what the client claims.

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

const fileError = (code: 'VALIDATION' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(code, `file: ${message}`, [{ field: 'file', message }]);
const MAX_MB = CONTACT_FILE_MAX_BYTES / 1024 / 1024;

/** Where uploads wait on this machine's disk until they are checked and stored. */
export const uploadsDir = (dataDir: string) => path.resolve(dataDir, 'tmp', 'uploads');

/** The file store's key of a contact file. */
export const storeKey = (storageKey: string) => `contacts/${storageKey}`;

/** A display name without folders or control characters. */
function cleanName(raw: string | undefined, ext: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join('');
  const clean = printable.trim().slice(-200);
  return clean || `file.${ext}`;
}

export interface ReceivedFile {
  tempPath: string;
  fileName: string;
  ext: string;
  kind: ContactFileAnswer['kind'];
  size: number;
}

/** Streams the request's one file to a temporary file, refusing unknown kinds and oversize files. */
export async function receiveUpload(req: FastifyRequest, root: string): Promise<ReceivedFile> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: CONTACT_FILE_MAX_BYTES, files: 1 } });
  } catch {
    throw fileError('VALIDATION', 'Send the file as multipart/form-data');
  }
  if (!part) throw fileError('VALIDATION', 'A file is required');
  const ext = fileExtension(part.filename);
  const kind = fileKindFromName(part.filename);
  if (kind === 'other') {
    part.file.resume();
    throw fileError(
      'VALIDATION',
      'This file type is not allowed (images, videos, PDF or Word documents, text)',
    );
  }
  await mkdir(root, { recursive: true });
  const tempPath = path.join(root, `${newId()}.part`);
  try {
    await pipeline(part.file, createWriteStream(tempPath));
    if (part.file.truncated) throw fileError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_MB} MB`);
  } catch (err) {
    await unlink(tempPath).catch(() => undefined);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_MB} MB`);
    }
    throw err;
  }
  const { size } = await stat(tempPath);
  if (size === 0) {
    await unlink(tempPath).catch(() => undefined);
    throw fileError('VALIDATION', 'The file is empty');
  }
  return { tempPath, fileName: cleanName(part.filename, ext), ext, kind: kind as ReceivedFile['kind'], size };
}

interface FileRow {
  id: string;
  contact_id: string;
  file_name: string;
  kind: ContactFileAnswer['kind'];
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_by: string | null;
  created_at: string;
}
const COLUMNS = sql`id, contact_id, file_name, kind, mime_type, size_bytes, storage_key, created_by,
  ${isoText(sql`created_at`)} as created_at`;
const answer = (r: FileRow): ContactFileAnswer => ({
  _id: r.id,
  contactId: r.contact_id,
  fileId: r.id,
  fileName: r.file_name,
  kind: r.kind,
  mimeType: r.mime_type,
  size: r.size_bytes,
  url: `/api/contact-file/${r.contact_id}/${r.id}`,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/** Records the received file on the contact and stores its bytes (inside the transaction). */
export async function attachFile(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  file: ReceivedFile,
  files: FileStore,
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const id = newId();
  const storageKey = `${orgId}/${id}.${file.ext}`;
  const mimeType = MIME_BY_EXTENSION[file.ext] ?? 'application/octet-stream';
  await tx.insert(contactFiles).values({
    organizationId: orgId,
    id,
    contactId,
    fileName: file.fileName,
    kind: file.kind,
    mimeType,
    sizeBytes: file.size,
    storageKey,
    createdBy: ctx.userId,
  });
  await files.put(storeKey(storageKey), createReadStream(file.tempPath), mimeType);
  await unlink(file.tempPath).catch(() => undefined);
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'file.added',
    title: 'File added',
    data: { fileId: id, fileName: file.fileName },
    actorUserId: ctx.userId,
  });
  const [row] = await rows<FileRow>(
    tx,
    sql`select ${COLUMNS} from contact_files where organization_id = ${orgId} and id = ${id}`,
  );
  return answer(row!);
}

export async function listFiles(tx: Tx, orgId: string, contactId: string, page: number, pageSize: number) {
  await assertContactsExist(tx, orgId, [contactId]);
  const found = await rows<FileRow>(
    tx,
    sql`select ${COLUMNS} from contact_files where organization_id = ${orgId} and contact_id = ${contactId}
        order by created_at desc nulls last, id desc nulls last limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  return {
    list: found.slice(0, pageSize).map(answer),
    pagination: { page, pageSize, hasMore: found.length > pageSize },
  };
}

/** The stored file to send, or 404. */
export async function fileToSend(tx: Tx, orgId: string, contactId: string, fileId: string) {
  const [row] = await rows<FileRow>(
    tx,
    sql`select f.id, f.contact_id, f.file_name, f.kind, f.mime_type, f.size_bytes, f.storage_key, f.created_by,
          ${isoText(sql`f.created_at`)} as created_at
        from contact_files f join contacts c on c.organization_id = f.organization_id and c.id = f.contact_id
        where f.organization_id = ${orgId} and f.contact_id = ${contactId} and f.id = ${fileId} and c.deleted_at is null`,
  );
  if (!row) throw notFound('File');
  return row;
}

/** Deletes the rows (all or none); answers the stored keys, removed from disk after commit. */
export async function deleteFiles(tx: Tx, ctx: RequestContext, contactId: string, fileIds: string[]) {
  const orgId = ctx.organizationId;
  const ids = [...new Set(fileIds)];
  await assertContactsExist(tx, orgId, [contactId]);
  const found = await rows<{ id: string; storage_key: string; file_name: string }>(
    tx,
    sql`delete from contact_files where organization_id = ${orgId} and contact_id = ${contactId}
          and id = any(${sql.param(ids)}::uuid[])
          and (select count(*) from contact_files x where x.organization_id = ${orgId} and x.contact_id = ${contactId}
               and x.id = any(${sql.param(ids)}::uuid[])) = ${ids.length}
        returning id, storage_key, file_name`,
  );
  if (found.length !== ids.length) throw notFound(ids.length === 1 ? 'File' : 'One or more files');
  await recordActivities(
    tx,
    found.map((r) => ({
      organizationId: orgId,
      contactId,
      kind: 'file.removed',
      title: 'File removed',
      data: { fileId: r.id, fileName: r.file_name },
      actorUserId: ctx.userId,
    })),
  );
  return found.map((r) => r.storage_key);
}
