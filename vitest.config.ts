import { defineConfig } from 'vitest/config';

// One runner for the whole repo. Server tests share one embedded database per run (a new
// PGlite data dir costs ~5 s), so they run in one worker, files one after another.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // `npm test`'s own tooling (the timings table): plain Node, seconds.
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        // Services on fake repositories (*.fast.test.ts): no database, files in parallel, seconds.
        test: {
          name: 'server-fast',
          include: ['apps/server/src/**/*.fast.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/src/**/*.fast.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
