import { defineConfig } from 'vitest/config';
import { lazySchemasPlugin } from './apps/web/vite/lazySchemas.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'crypto', include: ['apps/web/src/crypto/**/*.test.ts'], environment: 'node' } },
      {
        // The web app's schemas are built on first use, as in its build (apps/web/vite/lazySchemas.ts).
        plugins: [lazySchemasPlugin()],
        test: {
          name: 'web',
          // Component tests (*.test.tsx) pick jsdom with a `// @vitest-environment jsdom` docblock.
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/vite/**/*.test.ts'],
          exclude: ['apps/web/src/crypto/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 30000,
          hookTimeout: 30000,
          fileParallelism: false,
        },
      },
      {
        // npm run soak: fault tests that take long or depend on timing (crash, database outage).
        test: {
          name: 'soak',
          include: ['apps/server/test/**/*.soak.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 300000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/support/globalSetup.ts'],
          testTimeout: 90000,
          // A file's set-up starts its own server (up to 90 s on a busy machine) and browser.
          hookTimeout: 120000,
          // A browser test on a busy machine can miss a moment it waits for; it runs once more, and npm test
          // names every test that needed it (scripts/flakyTestsReporter.mjs), so no flake goes unseen.
          retry: 1,
          // expect.poll gives up after 1 s by default; a page on a busy machine can take longer to show what a
          // test waits for (the same 15 s as journeys.ts's `eventually`).
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time: each has its own server, database, mail receiver and browser, and a
          // browser test spends much of its time waiting, so two share the machine's cores well.
          maxWorkers: 2,
        },
      },
    ],
  },
});
