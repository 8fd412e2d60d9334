import { createHash } from 'node:crypto';
import { existsSync, statfsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const TMP = join(ROOT, 'test/.tmp');
const GiB = 2 ** 30;
const TMPFS_MAGIC = 0x01021994;
/** The RAM file system's folders of test runs: one per checkout, named by its path. */
export const RAM_PREFIX = '/dev/shm/regstat-test-';

/** The sample dist every read-only test shares: prefectures 1 (Hokkaido: a designated city and the no-data villages) and 13 (Tokyo: special wards). */
/** REGSTAT_TEST_TMP gives concurrent test runs (several people or helpers in one tree) dists of their own. */
export const TEST_TMP = process.env.REGSTAT_TEST_TMP ?? ramFolder() ?? TMP;
export const SAMPLE_DIST = join(TEST_TMP, 'sample-1-13');
export const SAMPLE_PREFS = [1, 13];
/** The sample dist's files, one path a line, as the global setup read them from disk after the build. */
export const SAMPLE_FILES = `${SAMPLE_DIST}.files`;

/** Real RESAS material lives beside the repository; tests that need it skip when it is absent. */
export const SHARED = process.env.REGSTAT_SHARED ?? resolve(ROOT, '../shared');
export const SHARED_DATA = join(SHARED, 'data');
export const HAS_SHARED = existsSync(join(SHARED_DATA, 'resas-responses'));
export const SHARED_SKIP_NOTE = `needs the real RESAS material in ${SHARED_DATA} (set REGSTAT_SHARED to its parent); not found, so skipped`;

/**
 * Where the sample lives when the machine has a large RAM file system (Linux's /dev/shm of 16 GiB or more,
 * on a machine of 16 GiB or more), about 2.1 GB: writing its 484,628 files and their folders is kernel work,
 * 68 s of system time in a 91 s global setup on this ext4 disk and 29 s in 67 s there (measured). Decided
 * from sizes, not from free space, so every process of a run decides the same. The global setup deletes
 * the folders of checkouts that no longer exist; REGSTAT_TEST_TMP=test/.tmp keeps the sample on disk.
 */
export function ramFolder(): string | undefined {
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type !== TMPFS_MAGIC || fs.blocks * fs.bsize < 16 * GiB || totalmem() < 16 * GiB) return undefined;
  } catch {
    return undefined; // no /dev/shm: not Linux
  }
  return RAM_PREFIX + createHash('sha256').update(ROOT).digest('hex').slice(0, 16);
}
