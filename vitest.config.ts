import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './test/helpers/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/.tmp holds the sample dist's 480,000 files: looking for test files in it took 19 s a run.
    exclude: [...configDefaults.exclude, 'test/.tmp/**'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Timeouts catch a hang, never a slow machine: at least five times the slowest test and hook measured on
    // a quiet CI machine (npm run test:full's every-file checks included), so that load cannot fail a run.
    testTimeout: 600_000,
    hookTimeout: 900_000,
    // Builds are CPU-bound; two workers match the two cores of the CI machines.
    maxWorkers: 2,
    // A worker runs its test files in one module graph: the sample's tables and the facts prepared from them
    // (memoized per Sources object, test/helpers/sample.ts) serve every file the worker runs, where each file
    // re-imported and re-prepared them (the tests' time 900 s → 702 s, imports 49 s → 17 s, measured).
    // Files must therefore leave no state behind: stubbed environment variables are unstubbed after their file.
    isolate: false,
    // Longest files first, from the previous run's durations or a measured table (test/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
