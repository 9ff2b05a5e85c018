/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** /kiosk and /kiosk/* are the kiosk page (kiosk.html), as the server's web plugin serves them. */
export const KIOSK_PATH = /^\/kiosk(\/[^?#]*)?(?=[?#]|$)/;

/**
 * The dev server's history fallback would answer /kiosk with the admin app (index.html) and its
 * not-found page; rewrite the kiosk's paths to kiosk.html first (`npm run dev:web`, `vite preview`).
 */
export function kioskPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && KIOSK_PATH.test(req.url)) req.url = req.url.replace(KIOSK_PATH, '/kiosk.html');
    next();
  };
  return {
    name: 'opsuite-kiosk-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built script, stylesheet and page over
 * 1 KB, once, at build time; the server sends the one the browser accepts (its static files are
 * served pre-compressed), so a first load moves about a quarter of the bytes with no work per
 * request.
 */
export function precompress(): Plugin {
  return {
    name: 'opsuite-precompress',
    apply: 'build',
    closeBundle() {
      const dist = fileURLToPath(new URL('./dist', import.meta.url));
      for (const entry of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(js|css|html|svg|json)$/.test(entry)) continue;
        const file = path.join(dist, entry);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// No `root` here: the vitest 'web' project extends this file from the repository root, while
// `vite build` runs inside apps/web. Output paths are therefore absolute.
export default defineConfig({
  plugins: [react(), kioskPage(), precompress()],
  resolve: {
    // One copy of React and of Mantine's core keeps one theme and one hooks context. FullCalendar's
    // plugins must share one core too: the lockfile hoists a second core (and daygrid) to the root,
    // where timegrid and list would otherwise pick it up and fail to render.
    dedupe: [
      'react',
      'react-dom',
      '@mantine/core',
      '@mantine/hooks',
      '@fullcalendar/core',
      '@fullcalendar/daygrid',
      'preact',
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // The kiosk is its own lean page (kiosk.html) beside the admin app.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        kiosk: fileURLToPath(new URL('./kiosk.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  test: {
    // Mantine packages import each other; inlining them gives every test one module instance.
    // FullCalendar is inlined so the dedupe above applies to it in tests as well.
    server: { deps: { inline: [/@mantine\//, /@fullcalendar\//] } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
