import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { README, withTables } from '../../sources/readme.ts';
import { table, TABLE_NAMES, TABLES, type TableName } from '../../sources/tables.ts';
import { loadSources, type SourceSet } from '../../sources/load.ts';
import { SAMPLE_MODULES, sampleSourceSet } from '../../sources/sample/index.ts';
import { cachedSample } from '../helpers/sample.ts';
import { covered, part } from '../helpers/scope.ts';

const PREFS = 'prefCode,prefName\n1,北海道\n13,東京都\n';
const MUNIS =
  'cityCode,cityName,bigCityFlag,designatedCityCode\n01100,札幌市,2,\n01101,札幌市中央区,1,01100\n13101,千代田区,3,\n';

function set(files: Record<string, string>): SourceSet {
  const all: Record<string, string> = { prefectures: PREFS, municipalities: MUNIS, ...files };
  return {
    dataset: { kind: 'imported', notice: 'test' },
    files: Object.fromEntries(Object.entries(all).map(([k, text]) => [k, { file: `sources/${k}.csv`, text }])),
  };
}

const failure = (files: Record<string, string>) => {
  try {
    loadSources(set(files));
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the sources to be rejected');
};

describe('source tables', () => {
  it('are documented in sources/README.md as npm run docs writes it from their declarations', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme, "sources/README.md's tables differ from sources/tables.ts: run npm run docs").toBe(
      withTables(readme),
    );
  });

  it('document every column of their schema, in its order, and no other', () => {
    for (const name of TABLE_NAMES)
      expect(Object.keys(TABLES[name].columns), name).toEqual(Object.keys(TABLES[name].schema.shape));
    // And a declaration that misses a column, or documents one its schema lacks, does not compile (tsc -p .):
    const schema = z.object({ a: z.string(), b: z.string() });
    const letter = { type: 'text', meaning: 'a letter' };
    // @ts-expect-error b is a column of the schema without documentation
    table({ name: 'letters', doc: 'Letters.', schema, columns: { a: letter }, key: ['a'] });
    // @ts-expect-error c is documented but not a column of the schema
    table({ name: 'letters', doc: 'Letters.', schema, columns: { a: letter, b: letter, c: letter }, key: ['a'] });
  });

  it('load with their schemas and typed columns', () => {
    const s = loadSources(set({ population_by_age_group: 'regionCode,year,ageGroup,count\n13,1960,young,10\n' }));
    expect(s.tables.population_by_age_group!.table.objects()).toEqual([
      { regionCode: '13', year: 1960, ageGroup: 'young', count: 10 },
    ]);
    expect(s.regions.citiesOf(1).map((c) => c.cityCode)).toEqual(['01100', '01101']);
  });

  it('keep code columns as text', () => {
    const s = loadSources(set({}));
    expect(s.tables.municipalities!.table.array('cityCode')).toEqual(['01100', '01101', '13101']);
  });

  it('reject a bad cell with file, line, column and the fix', () => {
    expect(
      failure({ population_by_age_group: 'regionCode,year,ageGroup,count\n13,1960,young,10\n13,19x0,old,5\n' }),
    ).toBe('sources/population_by_age_group.csv:3:2: year: expected an integer from 1920 to 2100, found "19x0"');
    expect(failure({ population_by_age_sex: 'regionCode,year,sex,ageFrom,count\n13101,1980,man,0,5\n' })).toMatch(
      /^sources\/population_by_age_sex\.csv:2:3: sex: expected one of male, female, found "man"$/,
    );
    expect(failure({ population_by_age_sex: 'regionCode,year,sex,ageFrom,count\n13101,1980,male,3,5\n' })).toMatch(
      /:2:4: ageFrom: expected a multiple of 5/,
    );
  });

  it('find the column by header name when columns are reordered', () => {
    expect(failure({ population_by_age_group: 'count,ageGroup,year,regionCode\n-1,young,1960,13\n' })).toMatch(
      /:2:1: count: expected an integer from 0/,
    );
  });

  it('reject unknown regions, repeated keys and broken headers', () => {
    expect(failure({ population_by_age_group: 'regionCode,year,ageGroup,count\n99,1960,young,1\n' })).toMatch(
      /population_by_age_group\.csv:2:1: regionCode: 99 is neither a prefecture/,
    );
    expect(
      failure({ population_by_age_group: 'regionCode,year,ageGroup,count\n13,1960,young,1\n13,1960,young,2\n' }),
    ).toMatch(/:3:1: repeats the row of line 2 \(regionCode 13, year 1960, ageGroup young\)/);
    expect(failure({ population_by_age_group: 'regionCode,year,group,count\n' })).toMatch(
      /:1:3: unknown column "group"/,
    );
    expect(failure({ population_by_age_group: 'regionCode,year,ageGroup,count\n13,1960,young\n' })).toMatch(
      /:2:4: expected 4 cells/,
    );
  });

  it('check how wards belong to designated cities', () => {
    expect(failure({ municipalities: 'cityCode,cityName,bigCityFlag,designatedCityCode\n01101,中央区,1,\n' })).toMatch(
      /municipalities\.csv:2:4: designatedCityCode: ward 01101 must name its designated city/,
    );
    expect(failure({ municipalities: 'cityCode,cityName,bigCityFlag,designatedCityCode\n55101,x,0,\n' })).toMatch(
      /:2:1: cityCode: 55101 begins with 55/,
    );
  });

  it('refuse broad-group counts where 5-year detail already gives them', () => {
    expect(
      failure({
        population_by_age_sex: 'regionCode,year,sex,ageFrom,count\n13101,1980,male,0,5\n',
        population_by_age_group: 'regionCode,year,ageGroup,count\n13101,1980,unknown,1\n13101,1980,old,3\n',
      }),
    ).toMatch(/population_by_age_group\.csv:3:3: 13101 1980 has 5-year detail/);
  });
});

describe('sample provider', () => {
  const digest = (s: SourceSet, names: TableName[]) =>
    names.map((name) => createHash('sha256').update(s.files[name]!.text).digest('hex'));

  it(`is deterministic for a seed and changes with it (${covered(12, 'table')})`, () => {
    // Generated here, against the same seed generated, hashed and cached by another process (the global setup).
    // Every 12th table by default (every 6th took 12 s of a cold npm test's CPU, every 3rd 31 s, all of them
    // 43 s), every table in test:full and CI.
    const a = sampleSourceSet();
    const names = part(Object.keys(a.files) as TableName[], 12);
    const cached = cachedSample();
    expect(digest(a, names)).toEqual(names.map((name) => cached.tables[name]!.sha256));
    const b = sampleSourceSet('seed-b');
    expect(b.files.prefectures!.text).toBe(a.files.prefectures!.text); // real codes and names do not depend on the seed
    expect(b.files.population_by_age_sex!.text).not.toBe(a.files.population_by_age_sex!.text);
  });

  it('generates every table of TABLES, each in exactly one of its modules', () => {
    const generated = SAMPLE_MODULES.flatMap((m) => Object.keys(m));
    expect(generated.toSorted()).toEqual(TABLE_NAMES.toSorted());
    expect(Object.keys(sampleSourceSet().files)).toEqual(TABLE_NAMES);
  });

  it('says it is synthetic', () => {
    const s = sampleSourceSet();
    expect(s.dataset).toMatchObject({ kind: 'sample', synthetic: true });
    expect(s.dataset.notice).toMatch(/^SYNTHETIC SAMPLE DATA under official figures\./);
  });

  it('covers all 47 prefectures and every municipality with real codes', () => {
    const s = cachedSample();
    expect(s.regions.prefectures).toHaveLength(47);
    expect(s.regions.cities).toHaveLength(1922);
    const flags = s.regions.cities.reduce<Record<string, number>>(
      (a, c) => ({ ...a, [c.bigCityFlag]: (a[c.bigCityFlag] ?? 0) + 1 }),
      {},
    );
    expect(flags).toEqual({ '0': 1704, '1': 175, '2': 20, '3': 23 });
    expect(s.regions.cities.find((c) => c.cityCode === '01101')).toMatchObject({
      cityName: '札幌市中央区',
      designatedCityCode: '01100',
    });
  });
});
