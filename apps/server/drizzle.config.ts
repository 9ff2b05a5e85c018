import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: process.env.DRIZZLE_OUT ?? './apps/server/src/db/migrations',
});
