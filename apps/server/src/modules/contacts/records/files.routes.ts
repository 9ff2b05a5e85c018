import { createReadStream } from 'node:fs';
import { access, unlink } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  CONTACT_FILE_MAX_BYTES,
  contactFileListAnswer,
  contactFileMutationAnswer,
  contactFileParams,
  contactFileQuery,
  contactIdParams,
  deleteContactFilesAnswer,
  deleteContactFilesBody,
} from '@opsuite/shared';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { attachFile, deleteFiles, filesRoot, fileToSend, listFiles, receiveUpload } from './files.service.ts';

/** RFC 6266 attachment header with an ASCII fallback and the exact UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Registered in its own scope so only these routes parse multipart bodies. */
export function contactFilesRoutes(app: App) {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: CONTACT_FILE_MAX_BYTES, files: 1, fields: 10 } });
    const root = filesRoot(scope.services.config.dataDir);
    const tags = ['contact files'];

    scope.get(
      '/contact-file/:contactId',
      {
        config: contactsAccess('read'),
        schema: {
          tags,
          params: contactIdParams,
          querystring: contactFileQuery,
          response: { 200: contactFileListAnswer },
        },
      },
      (req) =>
        req.tenant((tx) =>
          listFiles(tx, req.ctx!.organizationId, req.params.contactId, req.query.page, req.query.pageSize),
        ),
    );

    scope.post(
      '/contact-file/:contactId',
      {
        // The upload streams in before any query runs, so no database connection waits on it.
        config: { ...contactsAccess('write'), systemReads: true },
        schema: { tags, params: contactIdParams, response: { 200: contactFileMutationAnswer } },
      },
      async (req) => {
        const file = await receiveUpload(req, root);
        try {
          const data = await req.tenant((tx) => attachFile(tx, req.ctx!, req.params.contactId, file, root));
          return { success: true as const, message: 'Contact file added successfully', data };
        } catch (err) {
          await unlink(file.tempPath).catch(() => undefined);
          throw err;
        }
      },
    );

    scope.get(
      '/contact-file/:contactId/:fileId',
      {
        config: contactsAccess('read'),
        schema: {
          tags,
          params: contactFileParams,
          response: { 200: z.string().describe('The file, streamed') },
        },
      },
      async (req, reply) => {
        const row = await req.tenant((tx) =>
          fileToSend(tx, req.ctx!.organizationId, req.params.contactId, req.params.fileId),
        );
        const full = path.join(root, row.storage_key);
        await access(full).catch(() => {
          throw notFound('File');
        });
        return reply
          .header('content-type', row.mime_type)
          .header('content-length', String(row.size_bytes))
          .header('content-disposition', attachment(row.file_name))
          .header('cache-control', 'private, no-store')
          .send(createReadStream(full) as unknown as string);
      },
    );

    scope.delete(
      '/contact-file/:contactId',
      {
        config: contactsAccess('delete'),
        schema: {
          tags,
          params: contactIdParams,
          body: deleteContactFilesBody,
          response: { 200: deleteContactFilesAnswer },
        },
      },
      async (req) => {
        const keys = await req.tenant((tx) =>
          deleteFiles(tx, req.ctx!, req.params.contactId, req.body.fileIds),
        );
        await Promise.all(keys.map((key) => unlink(path.join(root, key)).catch(() => undefined)));
        return { success: true as const, message: 'Contact file deleted', count: keys.length };
      },
    );
  });
}
