import { contactExportQuery } from '@opsuite/shared';
import { z } from 'zod';
import { streamedAnswer } from '../../../lib/streamed-answer.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { ReaderGone, writeContactsCsv } from './export.service.ts';

export function contactsExportRoutes(app: App) {
  app.get(
    '/contact/export',
    {
      config: contactsAccess('read'),
      schema: {
        tags: ['contacts'],
        querystring: contactExportQuery,
        response: { 200: z.string().describe('CSV (text/csv), streamed') },
      },
    },
    async (req, reply) => {
      // The transaction stays open while the rows stream out; it ends with the last batch, or
      // rolls back if the reader goes away. A failure before the first rows are read is answered
      // as an error; a later one cuts the download off unfinished.
      const out = streamedAnswer(
        (stream) => req.tenant((tx) => writeContactsCsv(tx, req.ctx!, req.query, stream)),
        (err) => {
          if (!(err instanceof ReaderGone)) req.log.error({ err }, 'contacts export failed');
        },
      );
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="contacts-${day}.csv"`)
          .header('cache-control', 'no-store')
          // Fastify sends a stream as it is; the schema above only documents the answer.
          .send(out as unknown as string)
      );
    },
  );
}
