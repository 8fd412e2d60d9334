// Where the shared sample lives: in this checkout's RAM folder on a machine with a large RAM file system
// (writing its 484,628 files and folders to a disk is most of the global setup's system time), else in
// test/.tmp; REGSTAT_TEST_TMP overrides both. RAM folders of checkouts that are gone are deleted.

import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tendRamFolders } from '../helpers/global-setup.ts';
import { RAM_PREFIX, ROOT, SAMPLE_DIST, TEST_TMP, TMP } from '../helpers/paths.ts';

const largeShm = (() => {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.type === 0x01021994 && fs.blocks * fs.bsize >= 16 * 2 ** 30 && totalmem() >= 16 * 2 ** 30;
  } catch {
    return false;
  }
})();
const inRam = !process.env.REGSTAT_TEST_TMP && largeShm;

describe('the sample’s home', () => {
  it(`is ${process.env.REGSTAT_TEST_TMP ? 'REGSTAT_TEST_TMP' : largeShm ? "this checkout's RAM folder" : 'test/.tmp'} on this machine`, () => {
    if (process.env.REGSTAT_TEST_TMP) expect(TEST_TMP).toBe(process.env.REGSTAT_TEST_TMP);
    else if (largeShm) {
      expect(TEST_TMP.startsWith(RAM_PREFIX)).toBe(true);
      expect(readFileSync(join(TEST_TMP, 'checkout'), 'utf8')).toBe(ROOT);
    } else expect(TEST_TMP).toBe(TMP);
    expect(existsSync(join(SAMPLE_DIST, 'routes.json'))).toBe(true);
  });

  it.runIf(inRam)('keeps the RAM folders of checkouts that exist and deletes the others', () => {
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
      tendRamFolders();
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
