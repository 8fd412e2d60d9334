import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statfsSync, type StatsFs } from 'node:fs';
import { totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const TMP = join(ROOT, 'test/.tmp');
const GiB = 2 ** 30;
const TMPFS_MAGIC = 0x01021994;
/** The RAM file system's folders of test runs: one per checkout, named by its path. */
export const RAM_PREFIX = '/dev/shm/regstat-test-';
/** This checkout's RAM folder. */
export const RAM_FOLDER = RAM_PREFIX + createHash('sha256').update(ROOT).digest('hex').slice(0, 16);
/** What the sample takes in RAM, with room to spare (measured: 1.3 million inodes, 2.1 GB). */
const SAMPLE_INODES = 2_000_000;
const SAMPLE_BYTES = 4 * GiB;

/** The sample dist every read-only test shares: prefectures 1 (Hokkaido: a designated city and the no-data villages) and 13 (Tokyo: special wards). */
/**
 * REGSTAT_TEST_TMP gives concurrent test runs (several people or helpers in one tree) dists of their own.
 * Unset, the first process of a run decides (sampleHome) and sets it, so that vitest's workers and every
 * process the tests start, which inherit it, use the same folder whatever the RAM holds by then.
 */
export const TEST_TMP = (process.env.REGSTAT_TEST_TMP ??= measuredHome());
export const SAMPLE_DIST = join(TEST_TMP, 'sample-1-13');
export const SAMPLE_PREFS = [1, 13];
/** The sample dist's files, one path a line, as the global setup read them from disk after the build. */
export const SAMPLE_FILES = `${SAMPLE_DIST}.files`;

/** Real RESAS material lives beside the repository; tests that need it skip when it is absent. */
export const SHARED = process.env.REGSTAT_SHARED ?? resolve(ROOT, '../shared');
export const SHARED_DATA = join(SHARED, 'data');
export const HAS_SHARED = existsSync(join(SHARED_DATA, 'resas-responses'));
export const SHARED_SKIP_NOTE = `needs the real RESAS material in ${SHARED_DATA} (set REGSTAT_SHARED to its parent); not found, so skipped`;

/** What decides where the sample lives. */
export interface HomeState {
  /** statfs of /dev/shm; undefined where there is none. */
  shm?: Pick<StatsFs, 'type' | 'blocks' | 'bsize' | 'bavail' | 'ffree'>;
  /** The machine's memory in bytes. */
  memory: number;
  /** Whether this checkout's RAM folder exists (its old sample is replaced in place). */
  ramFolderExists: boolean;
}

/**
 * Where the sample lives: this checkout's RAM folder on a machine with a large RAM file system (Linux's
 * /dev/shm of 16 GiB or more, on a machine of 16 GiB or more) that has room for it, or already holds it;
 * otherwise test/.tmp. Writing its 485,000 files and their folders is kernel work: 68 s of system time in a
 * 91 s global setup on this ext4 disk, 29 s in 67 s in RAM (measured). Room is checked because other
 * checkouts' folders can fill it (three filled this machine's 3 million inodes).
 */
export function sampleHome({ shm, memory, ramFolderExists }: HomeState): string {
  if (!shm || shm.type !== TMPFS_MAGIC || shm.blocks * shm.bsize < 16 * GiB || memory < 16 * GiB) return TMP;
  const room = shm.ffree >= SAMPLE_INODES && shm.bavail * shm.bsize >= SAMPLE_BYTES;
  return ramFolderExists || room ? RAM_FOLDER : TMP;
}

/** Deletes the RAM folders of checkouts that are gone: each held 2 GB until a reboot. */
export function clearGoneRamFolders(): void {
  for (const name of readdirSync(dirname(RAM_PREFIX))) {
    const folder = join(dirname(RAM_PREFIX), name);
    if (!folder.startsWith(RAM_PREFIX) || folder === RAM_FOLDER) continue;
    const owner = join(folder, 'checkout');
    const checkout = existsSync(owner) ? readFileSync(owner, 'utf8') : '';
    if (!checkout || !existsSync(join(checkout, 'test/helpers/paths.ts')))
      rmSync(folder, { recursive: true, force: true });
  }
}

function measuredHome(): string {
  let shm: HomeState['shm'];
  try {
    clearGoneRamFolders();
    shm = statfsSync(dirname(RAM_PREFIX));
  } catch {
    shm = undefined; // no /dev/shm: not Linux
  }
  return sampleHome({ shm, memory: totalmem(), ramFolderExists: existsSync(RAM_FOLDER) });
}
