// Imported first by every test file that reads the sample dist: its module evaluation (and so the
// file's) waits until the global setup's background build has made the dist whole (sample-state.ts).
import { sampleReady } from './sample-state.ts';

await sampleReady();
