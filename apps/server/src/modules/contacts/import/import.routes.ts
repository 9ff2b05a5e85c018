import { importContactsBody, importJobAnswer, importJobParams, importStatusQuery } from '@opsuite/shared';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { acceptImport, importStatus, nextTurn } from './import.service.ts';
import { prepareRowsInTurns } from './rows.ts';
import type { ImportWorker } from './worker.ts';

// contact/import-contact-array takes up to 100,000 rows at once and answers the
// job straight away (status processing); contact/import-status/{jobId} follows it. The web client
// reads the job at contact/import-contact-array/{jobId}, an alias of the same answer.

const tags = ['contacts'];
/** 100,000 rows of a dozen fields fit well within this. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

export function contactsImportRoutes(app: App, worker: ImportWorker) {
  app.post(
    '/contact/import-contact-array',
    {
      // A large upload must not hold a database connection while it arrives.
      config: { ...contactsAccess('write'), systemReads: true },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: importContactsBody, response: { 200: importJobAnswer } },
    },
    async (req) => {
      const { rows, contacts, source, fileName, options } = req.body;
      const prepared = await prepareRowsInTurns(rows ?? contacts ?? [], nextTurn);
      const answer = await acceptImport((fn) => req.tenant(fn), req.ctx!, {
        rows: prepared,
        source: source ?? (fileName?.toLowerCase().endsWith('.csv') ? 'csv' : 'json'),
        fileName: fileName ?? null,
        options: options ?? {},
      });
      worker.nudge();
      return answer;
    },
  );

  app.get(
    '/contact/import-status',
    {
      config: contactsAccess('read'),
      schema: { tags, querystring: importStatusQuery, response: { 200: importJobAnswer } },
    },
    (req) => req.tenant((tx) => importStatus(tx, req.ctx!.organizationId, null, req.query)),
  );

  for (const path of ['/contact/import-status/:jobId', '/contact/import-contact-array/:jobId']) {
    app.get(
      path,
      {
        config: contactsAccess('read'),
        schema: {
          tags,
          params: importJobParams,
          querystring: importStatusQuery,
          response: { 200: importJobAnswer },
        },
      },
      (req) => req.tenant((tx) => importStatus(tx, req.ctx!.organizationId, req.params.jobId, req.query)),
    );
  }
}
