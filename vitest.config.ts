import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { LONGEST_FIRST, SAME_ON_EVERY_DATABASE, testFile } from './tests/integration/suite-plan.ts';

/** The longest integration files first, then Vitest's own order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(testFile(name)));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

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
          exclude: process.env.TEST_DATABASE_URL ? SAME_ON_EVERY_DATABASE.map(testFile) : [],
          sequence: { sequencer: LongestFirst },
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
