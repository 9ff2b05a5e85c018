import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default (one core left to its own process) runs a single test file at a time on a
// two-core machine, though that process is nearly idle while files run: use both cores there.
const cores = availableParallelism();
const maxWorkers = cores === 2 ? 2 : Math.max(cores - 1, 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Migrates once per run; every test file's database starts from that copy.
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
