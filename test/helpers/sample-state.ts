// Where the sample dist's background build stands. The global setup checks the sample's tables, then
// builds the dist (and its bundle and prefecture 31's pack) in a process of its own while the test files
// that do not read the dist run: cold, the build held one core for about a minute and a half while the
// other idled. A file that reads the dist waits for it by importing sample-ready.ts first.

import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { SAMPLE_DIST } from './paths.ts';

/** Written by the build once the dist, its list, bundle and digest stamp are whole (or by the global setup when the dist was reused). */
export const SAMPLE_READY = `${SAMPLE_DIST}.ready`;
/**
 * Written after SAMPLE_READY, once the prefecture packs memoryBuild reads are whole (or by the global setup
 * when the dist was reused): the files that read the dist need not wait the 13 s of prefecture 31's build.
 */
export const PACKS_READY = `${SAMPLE_DIST}.packs-ready`;
/** Written by the global setup when the build failed: its exit and what it wrote to stderr. */
export const SAMPLE_FAILED = `${SAMPLE_DIST}.failed`;

/**
 * Whether a test file's source reads the sample dist or what is built with it (its file list, bundle,
 * prefecture packs), directly or through the helpers that do: such a file imports sample-ready.ts, and
 * the sequencer starts it after the files that do not.
 */
export const readsSample = (source: string): boolean =>
  /\b(SAMPLE_DIST|SAMPLE_FILES|keptBundle|unpackedBundle|prefPack|memoryBuild|startBundle)\b|helpers\/(dist|servers|errors)\.ts/.test(
    source,
  );

/** Resolves once the sample dist (or, with `mark` PACKS_READY, the packs) is whole; rejects with the build's error when it failed. */
export async function sampleReady(mark = SAMPLE_READY): Promise<void> {
  for (;;) {
    if (existsSync(mark)) return;
    if (existsSync(SAMPLE_FAILED))
      throw new Error(`the sample dist's build failed:\n${readFileSync(SAMPLE_FAILED, 'utf8')}`);
    await sleep(200);
  }
}
