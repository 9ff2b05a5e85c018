import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Vitest's default (one core left to its own process) runs a single test file at a time on a
// two-core machine, though that process is nearly idle while files run: use both cores there.
const cores = availableParallelism();
const maxWorkers = cores === 2 ? 2 : Math.max(cores - 1, 1);

const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/**
 * API test files share their worker process (no module isolation): the app's modules are imported
 * once per worker instead of once per file, which halves the server tests' time. A file that
 * replaces a module with `vi.mock` needs a fresh module graph and runs in `server-isolated`.
 */
function filesMocking(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (readFileSync(file, 'utf8').includes('vi.mock(')) found.push(path.relative(import.meta.dirname, file));
  }
  return found;
}
const ISOLATED = [
  ...filesMocking(path.join(import.meta.dirname, 'apps/server/src')),
  ...filesMocking(path.join(import.meta.dirname, 'apps/server/test')),
];

const serverProject = (name: string, include: string[], exclude: string[], isolate: boolean) => ({
  test: {
    name,
    include,
    exclude,
    environment: 'node' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    isolate,
    // Migrates once per run; every test file's database starts from that copy.
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/setup-warnings.ts'],
  },
});

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      serverProject('server', SERVER_TESTS, ISOLATED, false),
      serverProject('server-isolated', ISOLATED, [], true),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // As the API tests: one module graph per worker; test-setup.ts resets the window per file.
          isolate: false,
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
