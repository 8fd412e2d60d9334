// Against real RESAS material from ../shared (never copied into the repository): the importer and a
// build reproduce every archived response exactly, and sample responses have the real shapes.

import '../helpers/sample-ready.ts';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { dirSourceSet, writeSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { importResas } from '../../sources/resas/import.ts';
import { INDUSTRIES_MIDDLE } from '../../sources/sample/classifications.ts';
import { localGovCities } from '../../sources/local-gov.ts';
import { result } from '../helpers/dist.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE, TMP } from '../helpers/paths.ts';
import { shapeDiff } from '../helpers/shape.ts';

const ARCHIVE = join(SHARED_DATA, 'resas-responses');
const read = (...p: string[]) => JSON.parse(readFileSync(join(ARCHIVE, ...p), 'utf8'));
/** Key-order-insensitive form, for files whose key order was lost in transcription (pprint). */
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;

describe.skipIf(!HAS_SHARED)(`real RESAS archive (${HAS_SHARED ? SHARED_DATA : SHARED_SKIP_NOTE})`, () => {
  const built = () => {
    const dir = mkdtempSync(join(TMP, 'import-'));
    const { set } = importResas(ARCHIVE);
    writeSourceSet(set, dir); // through files, as npm run import:resas does
    const effects = new MemoryEffects();
    build({ sources: loadSources(dirSourceSet(dir)) }, effects);
    return { effects, dir };
  };
  const { effects, dir } = HAS_SHARED ? built() : ({} as ReturnType<typeof built>);
  const file = (path: string) => JSON.parse(effects.files.get(path)!);

  it('reproduces every archived perYear response, key order included', () => {
    const files = readdirSync(join(ARCHIVE, 'population_composition_perYear')).filter((f) =>
      /^prefCode=\d+&cityCode=-\.json$/.test(f),
    );
    expect(files.length).toBeGreaterThanOrEqual(39);
    for (const f of files) {
      const pref = /prefCode=(\d+)/.exec(f)![1];
      const ours = file(`/api/v1/population/composition/perYear/prefCode/${pref}/cityCode/-/index.json`);
      expect(JSON.stringify(ours), f).toBe(JSON.stringify(read('population_composition_perYear', f)));
    }
    // RESAS's own figures: every answer of the build says official in X-Regstat-Data.
    const routes = file('/routes.json') as { operations: { path: string; data?: unknown; unavailable?: string }[] };
    for (const o of routes.operations.filter((x) => !x.unavailable)) expect(o.data, o.path).toBe('official');
  });

  it('reproduces the prefecture list, and the Tokyo city list ignoring its lost key order', () => {
    const prefectures = effects.files.get('/api/v1/prefectures/index.json')!;
    expect(prefectures).toBe(JSON.stringify(read('prefectures', 'prefectures.json')));
    expect(sorted(JSON.parse(prefectures))).toEqual(
      sorted(read('prefectures', 'prefectures__nkmk-notebook-2018.json')),
    );
    expect(sorted(file('/api/v1/cities/prefCode/13/index.json'))).toEqual(
      sorted(read('cities', 'prefCode=13__nkmk-notebook-2018.json')),
    );
  });

  it('stores facts, not response documents', () => {
    const tables = readdirSync(dir).sort();
    expect(tables).toEqual([
      'countries.csv',
      'dataset.json',
      'foreign_visitors.csv',
      'industries_broad.csv',
      'industries_middle.csv',
      'municipalities.csv',
      'occupations_broad.csv',
      'occupations_middle.csv',
      'population_by_age_group.csv',
      'population_years.csv',
      'prefectures.csv',
    ]);
    const groups = readFileSync(join(dir, 'population_by_age_group.csv'), 'utf8');
    expect(groups.split('\n')[0]).toBe('regionCode,year,ageGroup,count');
    expect(groups).not.toContain('rate');
    const info = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8'));
    expect(info).toMatchObject({ kind: 'imported' });
    expect(info.notice).toContain('RESAS（地域経済分析システム）を加工して作成');
  });

  it('reproduces the archived forFrom response from its facts, and the key order of its changes', () => {
    const real = read('tourism_foreigners_forFrom', 'year=2019&prefCode=11&purpose=1__ueharaLab-notebook.json');
    const ours = file('/api/v1/tourism/foreigners/forFrom/year/2019/prefCode/11/purpose/1/index.json');
    expect(sorted(ours)).toEqual(sorted(real)); // its key order was lost in transcription
    expect(Object.keys(ours.result)).toEqual(['year', 'prefCode', 'prefName', 'purpose', 'changes']);
    // A later print of the same request kept the original key order of changes (its names had changed).
    const fragment = read(
      'tourism_foreigners_forFrom',
      'year=2019&prefCode=11&purpose=1__ueharaLab-notebook-FRAGMENT-changes-only-run2.json',
    );
    const order = (v: unknown) => JSON.stringify(v, (k, x) => (k === 'countryName' ? '' : x));
    expect(order(ours.result.changes)).toBe(order(fragment.changes));
    // Requests the archive does not cover are valid and empty, not errors.
    expect(file('/api/v1/tourism/foreigners/forFrom/year/2018/prefCode/11/purpose/1/index.json')).toEqual({
      message: null,
      result: null,
    });
  });

  it('imports the real industry and occupation masters and serves them as they were', () => {
    const fixture = (op: string) => JSON.stringify(read(op, 'unknown-query__aspida-api-types-fixture.json'));
    expect(effects.files.get('/api/v1/industries/broad/index.json')).toBe(fixture('industries_broad'));
    expect(effects.files.get('/api/v1/industries/middle/sicCode/E/index.json')).toBe(fixture('industries_middle'));
    expect(effects.files.get('/api/v1/jobs/broad/index.json')).toBe(fixture('jobs_broad'));
    expect(effects.files.get('/api/v1/jobs/middle/iscoCode/B/index.json')).toBe(fixture('jobs_middle'));
  });

  it('ships the same industry and occupation classifications as RESAS in the sample provider', () => {
    const koxon = readFileSync(join(SHARED_DATA, 'masters', 'koxon_mst_industries.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(','));
    expect(INDUSTRIES_MIDDLE).toEqual(koxon.map(([simc, sic, name]) => [simc, sic, name]));
    const fixture = (op: string) => read(op, 'unknown-query__aspida-api-types-fixture.json').result;
    expect(result('/api/v1/industries/broad')).toEqual(fixture('industries_broad'));
    expect(result('/api/v1/industries/middle?sicCode=E')).toEqual(fixture('industries_middle'));
    expect(result('/api/v1/jobs/broad')).toEqual(fixture('jobs_broad'));
    expect(result('/api/v1/jobs/middle?iscoCode=B')).toEqual(fixture('jobs_middle'));
  });

  it('lists the same municipalities as RESAS did, with the sample provider', () => {
    const csv = readFileSync(join(SHARED_DATA, 'masters', 'koxon_mst_cities.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    const ours = localGovCities().map((c) => [c.prefCode, c.cityCode, c.cityName, c.bigCityFlag].join(','));
    expect(ours).toEqual(csv.map((l) => l.trim()));
  });

  it('shapes sample responses like the real ones (key order and types)', () => {
    const cases: [string, string][] = [
      ['population_composition_perYear', '/api/v1/population/composition/perYear?prefCode=13&cityCode=13101'],
      [
        'population_composition_pyramid',
        '/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2030&yearRight=1980',
      ],
      ['population_sum_perYear', '/api/v1/population/sum/perYear?prefCode=13&cityCode=13101'],
      ['population_society_forArea', '/api/v1/population/society/forArea?prefCode=13'],
      ['population_society_forAgeClass', '/api/v1/population/society/forAgeClass?prefCode=13&cityCode=13101'],
      ['population_society_forAgeClassLine', '/api/v1/population/society/forAgeClassLine?prefCode=13&cityCode=13101'],
      ['prefectures', '/api/v1/prefectures'],
      [
        'industry_power_forIndustry',
        '/api/v1/industry/power/forIndustry?year=2016&prefCode=13&cityCode=13104&sicCode=-',
      ],
      ['industries_broad', '/api/v1/industries/broad'],
      ['industries_middle', '/api/v1/industries/middle?sicCode=E'],
      ['jobs_broad', '/api/v1/jobs/broad'],
      ['jobs_middle', '/api/v1/jobs/middle?iscoCode=B'],
    ];
    for (const [folder, url] of cases) {
      const real = read(folder, 'unknown-query__aspida-api-types-fixture.json');
      expect(shapeDiff({ message: null, result: result(url) }, real), folder).toEqual([]);
    }
    // forFrom's only full response lost its key order: compare keys and types, not their order.
    const forFrom = read('tourism_foreigners_forFrom', 'year=2019&prefCode=11&purpose=1__ueharaLab-notebook.json');
    expect(
      shapeDiff(
        sorted({ message: null, result: result('/api/v1/tourism/foreigners/forFrom?year=2019&prefCode=13&purpose=1') }),
        sorted(forFrom),
      ),
    ).toEqual([]);
  });
});
