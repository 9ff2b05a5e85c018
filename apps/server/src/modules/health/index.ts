// Liveness and readiness: which database the server runs on and how far its migrations are.
import { z } from 'zod';
import { migrationLevel } from '../../db/migrate.ts';
import type { App } from '../../plugins/types.ts';

const healthAnswer = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number(), expected: z.number(), latest: z.string().nullable() }),
});

export function register(app: App) {
  app.get(
    '/health',
    { config: { auth: 'public' }, schema: { tags: ['health'], response: { 200: healthAnswer } } },
    async () => ({
      status: 'ok' as const,
      database: app.services.database.kind,
      migrations: await migrationLevel(app.services.database),
    }),
  );
}
