import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import { AppError } from '../errors.ts';
import { attachmentHeader } from './links.ts';

// GET /api/files/download?token=...: the disk store's side of a signed download link. The token is the
// credential (one file, its name and type, an expiry, under the server's HMAC), so the route needs
// no sign-in; a forged, altered or expired token, or a file since deleted, answers 404.

const gone = () => new AppError('NOT_FOUND', 'This download link has expired or is not valid');

export function fileLinkRoutes(app: App) {
  app.get(
    '/files/download',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['files'],
        querystring: z.object({ token: z.string().min(10).max(2000) }),
        response: { 200: z.string().describe('The file, streamed') },
      },
    },
    async (req, reply) => {
      const grant = app.services.fileLinks.verify(req.query.token);
      if (!grant) throw gone();
      const file = await app.services.files.get(grant.key);
      if (!file) throw gone();
      return reply
        .header('content-type', grant.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentHeader(grant.fileName))
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(file.body as unknown as string);
    },
  );
}
