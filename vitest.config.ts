import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Builds are CPU-bound; two workers match the two cores of the CI machines.
    maxWorkers: 2,
  },
});
