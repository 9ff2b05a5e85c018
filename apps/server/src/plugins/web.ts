import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { App } from './types.ts';

/**
 * Serves the built React app at `/` and answers unknown paths: JSON 404 under /api, the SPA's
 * index.html for page navigations (client-side routes).
 */
export const webPlugin = fp(async (app: App) => {
  const dist = app.services.config.webDist;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  const hasKiosk = existsSync(path.join(dist, 'kiosk.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      maxAge: '1h',
      // The build writes .br and .gz copies beside each asset: sent as the browser accepts.
      preCompressed: true,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        if (file.endsWith('.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${url}` } });
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm start`, which builds it before starting the server.');
    }
    // The kiosk is its own lean entry (no admin app code); every other page is the main SPA.
    const page = (url === '/kiosk' || url.startsWith('/kiosk/')) && hasKiosk ? 'kiosk.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
});
