import { unlink } from 'node:fs/promises';
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
import { attachmentHeader } from '../../../lib/files/index.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import {
  attachFile,
  deleteFiles,
  fileToSend,
  listFiles,
  receiveUpload,
  storeKey,
  uploadsDir,
} from './files.service.ts';

/** Registered in its own scope so only these routes parse multipart bodies. */
export function contactFilesRoutes(app: App) {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: CONTACT_FILE_MAX_BYTES, files: 1, fields: 10 } });
    const root = uploadsDir(scope.services.config.dataDir);
    const { files } = scope.services;
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
          const data = await req.tenant((tx) => attachFile(tx, req.ctx!, req.params.contactId, file, files));
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
        const stored = await files.get(storeKey(row.storage_key));
        if (!stored) throw notFound('File');
        return reply
          .header('content-type', row.mime_type)
          .header('content-length', String(row.size_bytes))
          .header('content-disposition', attachmentHeader(row.file_name))
          .header('cache-control', 'private, no-store')
          .send(stored.body as unknown as string);
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
        await files.delete(keys.map(storeKey));
        return { success: true as const, message: 'Contact file deleted', count: keys.length };
      },
    );
  });
}
