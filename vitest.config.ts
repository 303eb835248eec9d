import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{server,app,extension,plugin,prisma,lint}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'components',
          include: ['{app,extension,plugin}/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['app/kit/testing/dom-setup.ts'],
          // One jsdom and one load of React and Mantine per worker, not per file: the setup file cleans up after
          // every test (DOM, notifications, storage), and each render gets providers of its own.
          isolate: false,
          // Typing into a form in jsdom takes its time on a busy machine; a test that waits longer still fails.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database (an in-memory PGlite, or a throwaway PostgreSQL database).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
