import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Timeouts catch a hang, never a slow machine: at least five times the slowest test and hook measured on
    // a quiet CI machine (npm run test:full's every-file checks included), so that load cannot fail a run.
    testTimeout: 600_000,
    hookTimeout: 900_000,
    // Builds are CPU-bound; two workers match the two cores of the CI machines.
    maxWorkers: 2,
  },
});
