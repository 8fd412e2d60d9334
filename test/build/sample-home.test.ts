// Where the shared sample lives: in this checkout's RAM folder on a machine with a large RAM file system
// that has room for it (writing its 485,000 files and folders to a disk is most of the global setup's
// system time), else in test/.tmp; REGSTAT_TEST_TMP overrides both. The first process decides and every
// other inherits its choice. RAM folders of checkouts that are gone are deleted.

import '../helpers/sample-ready.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clearGoneRamFolders,
  RAM_FOLDER,
  RAM_PREFIX,
  ROOT,
  SAMPLE_DIST,
  sampleHome,
  TEST_TMP,
  TMP,
  type HomeState,
} from '../helpers/paths.ts';

const GiB = 2 ** 30;
const large: NonNullable<HomeState['shm']> = {
  type: 0x01021994,
  bsize: 4096,
  blocks: (24 * GiB) / 4096,
  bavail: (20 * GiB) / 4096,
  ffree: 3_000_000,
};

describe('the sample’s home', () => {
  it('is the folder the first process chose, in this worker too, and holds the sample', () => {
    expect(process.env.REGSTAT_TEST_TMP).toBe(TEST_TMP);
    expect(existsSync(join(SAMPLE_DIST, 'routes.json'))).toBe(true);
    if (TEST_TMP === RAM_FOLDER) expect(readFileSync(join(TEST_TMP, 'checkout'), 'utf8')).toBe(ROOT);
  });

  it('is the RAM folder only on a large RAM file system with room for it, or holding it already', () => {
    const memory = 24 * GiB;
    expect(sampleHome({ shm: large, memory, ramFolderExists: false })).toBe(RAM_FOLDER);
    // Three checkouts' samples filled this machine's 3 million inodes: the fourth run failed with ENOSPC.
    expect(sampleHome({ shm: { ...large, ffree: 300_000 }, memory, ramFolderExists: false })).toBe(TMP);
    expect(sampleHome({ shm: { ...large, bavail: GiB / 4096 }, memory, ramFolderExists: false })).toBe(TMP);
    expect(sampleHome({ shm: { ...large, ffree: 300_000 }, memory, ramFolderExists: true })).toBe(RAM_FOLDER);
    expect(sampleHome({ shm: { ...large, blocks: (64 << 20) / 4096 }, memory, ramFolderExists: false })).toBe(TMP);
    expect(sampleHome({ shm: { ...large, type: 0xef53 }, memory, ramFolderExists: false })).toBe(TMP);
    expect(sampleHome({ shm: large, memory: 8 * GiB, ramFolderExists: false })).toBe(TMP);
    expect(sampleHome({ memory, ramFolderExists: false })).toBe(TMP);
  });

  it.runIf(existsSync('/dev/shm'))('deletes the RAM folders of checkouts that are gone, and keeps the others', () => {
    const gone = `${RAM_PREFIX}test-gone-${process.pid}`;
    const kept = `${RAM_PREFIX}test-kept-${process.pid}`;
    const unnamed = `${RAM_PREFIX}test-unnamed-${process.pid}`;
    try {
      for (const [folder, checkout] of [
        [gone, '/nonexistent/checkout'],
        [kept, ROOT],
        [unnamed, undefined],
      ] as const) {
        mkdirSync(join(folder, 'sample-1-13'), { recursive: true });
        if (checkout) writeFileSync(join(folder, 'checkout'), checkout);
      }
      clearGoneRamFolders();
      expect([existsSync(gone), existsSync(kept), existsSync(unnamed), existsSync(SAMPLE_DIST)]).toEqual([
        false,
        true,
        false,
        true,
      ]);
    } finally {
      for (const f of [gone, kept, unnamed]) rmSync(f, { recursive: true, force: true });
    }
  });
});
