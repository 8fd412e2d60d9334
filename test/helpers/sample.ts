// The sample sources as tests use them: loaded from the table cache the global setup fills, so the
// 2.26 million sample rows are generated, parsed and checked once per run rather than once per test
// file (15 s each on the CI machine, 0.5 s from the cache). A cache entry is named by a digest of the
// generator, the seed and the loader's code, so a changed sample is a miss, never a stale table.
// Tests of generating, parsing and checking themselves load from text (test/sources/).

import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { operationsOf } from '../../build/ops/index.ts';
import { Pack } from '../../build/pack/reader.ts';
import { fileSource } from '../../build/pack/range-sources/file.ts';
import { DiskTableCache } from '../../sources/cache.ts';
import { loadSources, type Sources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import type { TableName } from '../../sources/tables.ts';
import { SAMPLE_DIST, TEST_TMP } from './paths.ts';
import { PACKS_READY, sampleReady } from './sample-state.ts';

/** Checked sample tables shared by every test file of a run (and by later runs while the sample is unchanged). */
export const SAMPLE_TABLES = join(TEST_TMP, 'sample-tables');

/** A fresh Sources object of the sample (its own memos), its tables read from the shared cache; `eager` fills it. */
export const cachedSample = (seed?: string, eager = false): Sources =>
  loadSources(sampleSourceSet(seed), { eager, cache: new DiskTableCache(SAMPLE_TABLES) });

let cached: Sources | undefined;
/** One Sources object per test file. */
export const sampleSources = (): Sources => (cached ??= cachedSample());

/**
 * Whether a source-table region code counts in `region`: `00` the nation, two digits a prefecture, five a
 * municipality, or a designated city and its wards.
 */
export function inRegion(region: string, code: string): boolean {
  if (region === '00') return true;
  if (region.length === 2) return code.startsWith(region);
  return code === region || sampleSources().regions.city(code)?.designatedCityCode === region;
}

/** The region a request names by prefCode and cityCode: the municipality, or the prefecture where cityCode is `-`. */
export const requestedRegion = (pref: string, city: string): string => (city === '-' ? pref.padStart(2, '0') : city);

/** Rows of a source table as plain objects. */
export const rowsOf = <T = Record<string, any>>(name: keyof Sources['tables']): T[] =>
  sampleSources().tables[name]!.table.objects() as T[];

/** The lines of a sample table's CSV text, header first, to damage for a test of the build's checks. */
export const sampleLines = (table: TableName): string[] => sampleSourceSet().files[table]!.text.split('\n');

/**
 * Builds prefecture 13's operations of `families` from the sample with `lines` as the text of `table`: the
 * other tables from the shared cache; the damaged one, new content, is read and checked.
 */
export function buildWithLines(table: TableName, lines: string[], families: string[]): void {
  const set = sampleSourceSet();
  const files = { ...set.files, [table]: { file: `${table}.csv`, text: lines.join('\n') } };
  build(
    {
      sources: loadSources({ ...set, files }, { eager: true, cache: new DiskTableCache(SAMPLE_TABLES) }),
      prefs: [13],
      operations: operationsOf(families),
    },
    new MemoryEffects(),
  );
}

/** A new cache folder for `npm start` holding the checked sample tables (not the response cache): a start that does not re-check 2.26 million rows. */
export function seededCache(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const f of readdirSync(SAMPLE_TABLES))
    if (f.endsWith('.cols.gz')) copyFileSync(join(SAMPLE_TABLES, f), join(dir, f));
  return dir;
}

/** Where the global setup keeps the sample's build of one prefecture, packed, for the sample dist of this digest. */
export const prefPack = (pref: number, digest: string) => join(TEST_TMP, `build-${pref}-${digest.slice(0, 16)}.pack`);

const builds = new Map<number, Promise<ReadonlyMap<string, string>>>();
/**
 * The sample's build of one prefecture (every file of it, site files included), shared by the test files
 * that read it: the golden tree, the result schemas and the OpenAPI document each built prefecture 31
 * again (10–25 s a build). The global setup builds it after the sample dist, from the same Sources, into
 * a pack (quality 1: only read back); a worker reads the pack once, or builds it when there is none.
 */
export function memoryBuild(pref: number): Promise<ReadonlyMap<string, string>> {
  let files = builds.get(pref);
  if (!files) builds.set(pref, (files = readOrBuild(pref)));
  return files;
}

async function readOrBuild(pref: number): Promise<ReadonlyMap<string, string>> {
  await sampleReady(PACKS_READY);
  const stamp = `${SAMPLE_DIST}.digest`;
  const packed = existsSync(stamp) ? prefPack(pref, readFileSync(stamp, 'utf8')) : undefined;
  if (!packed || !existsSync(packed)) {
    const effects = new MemoryEffects();
    build({ sources: sampleSources(), prefs: [pref] }, effects);
    return effects.files;
  }
  const pack = await Pack.open(fileSource(packed));
  try {
    const files = new Map<string, string>();
    for await (const path of pack.paths()) files.set(path, Buffer.from((await pack.get(path))!).toString('utf8'));
    return files;
  } finally {
    await pack.close();
  }
}
