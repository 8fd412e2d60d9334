import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const TMP = join(ROOT, 'test/.tmp');
/** The sample dist every read-only test shares: prefectures 1 (Hokkaido: a designated city and the no-data villages) and 13 (Tokyo: special wards). */
/** REGSTAT_TEST_TMP gives concurrent test runs (several people or helpers in one tree) dists of their own. */
export const TEST_TMP = process.env.REGSTAT_TEST_TMP ?? TMP;
export const SAMPLE_DIST = join(TEST_TMP, 'sample-1-13');
export const SAMPLE_PREFS = [1, 13];
/** The sample dist's files, one path a line, as the global setup read them from disk after the build. */
export const SAMPLE_FILES = `${SAMPLE_DIST}.files`;

/** Real RESAS material lives beside the repository; tests that need it skip when it is absent. */
export const SHARED = process.env.REGSTAT_SHARED ?? resolve(ROOT, '../shared');
export const SHARED_DATA = join(SHARED, 'data');
export const HAS_SHARED = existsSync(join(SHARED_DATA, 'resas-responses'));
export const SHARED_SKIP_NOTE = `needs the real RESAS material in ${SHARED_DATA} (set REGSTAT_SHARED to its parent); not found, so skipped`;
