// Medical supply and demand: composition ratios recomputed from the raw counts (each chart sums to 100),
// the prefecture and national averages, the spec's data-year matrix cell by cell, the parameters that
// are ignored (and so share a file), and the secondary-area list against the sample and the real master.

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { operationsOf } from '../../build/ops/index.ts';
import { COMPOSED, MATTER2, UNIT_NAMES, type MedicalUnit } from '../../sources/medical-codes.ts';
import { listValues } from '../../build/runtime/params.ts';
import { loadSources } from '../../sources/load.ts';
import { parseCsv } from '../../sources/csv.ts';
import { importResas } from '../../sources/resas/import.ts';
import { errorOf, fileFor, resolveUrl, result, sampleFiles } from '../helpers/dist.ts';
import { HAS_SHARED, SAMPLE_DIST, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import type { Row } from '../../sources/tables.ts';
import { buildWithLines, rowsOf, sampleLines, sampleSources } from '../helpers/sample.ts';
import { Checklist } from '../helpers/checklist.ts';

function readCsv(path: string): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  let header: string[] | null = null;
  parseCsv(readFileSync(join(SHARED_DATA, path), 'utf8'), path, (cells) => {
    if (!header) header = cells;
    else rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]!])));
  });
  return rows;
}

const RATE = '/api/v1/medicalWelfare/medicalAnalysis/rate';
const LIST = '/api/v1/medicalWelfare/medicalAnalysis/list';

type CountRow = Row<'medical_counts'>;
type ClassRow = Row<'medical_classes'>;
type AreaRow = { areaCode: string; areaName: string; cityCode: string };

const counts = rowsOf<CountRow>('medical_counts');
const classes = rowsOf<ClassRow>('medical_classes');
const areaRows = rowsOf<AreaRow>('medical_areas');
const regions = sampleSources().regions;

/** Counts by class of a matter2 and year over the rows a predicate picks (rows at any given level). */
function countsOf(matter2: string, year: number, pick: (r: CountRow) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of counts)
    if (String(r.matter2) === matter2 && r.year === year && pick(r))
      out.set(r.classCode, (out.get(r.classCode) ?? 0) + r.count);
  return out;
}
const inPref = (pref: string) => (r: CountRow) => (r.areaCode || r.regionCode).slice(0, 2) === pref;
const membersOf = (area: string) => new Set(areaRows.filter((a) => a.areaCode === area).map((a) => a.cityCode));

/** The ratios a chart should show, recomputed here from the counts with plain floating point. */
function expected(scheme: string, byClass: Map<string, number>) {
  const cats = [...new Set(classes.filter((c) => c.scheme === scheme).map((c) => c.broadCode))];
  const itemsOf = (b: string) =>
    classes.filter((c) => c.scheme === scheme && c.broadCode === b).map((c) => c.middleCode || c.broadCode);
  const sum = (codes: string[]) => codes.reduce((a, c) => a + (byClass.get(c) ?? 0), 0);
  const total = sum(cats.flatMap(itemsOf));
  return {
    changes: new Map(cats.map((b) => [b, (100 * sum(itemsOf(b))) / total])),
    theme: new Map(
      cats.map((b) => [
        b,
        new Map(itemsOf(b).map((i) => [i === b ? '-' : i, (100 * (byClass.get(i) ?? 0)) / sum(itemsOf(b))])),
      ]),
    ),
  };
}

function expectChart(r: any, scheme: string, byClass: Map<string, number>, label: string, what: string) {
  const want = expected(scheme, byClass);
  expect(r.changes.pref.label, what).toBe(label);
  for (const d of r.changes.pref.data)
    expect(Math.abs(d.value - want.changes.get(d.code)!), `${what} ${d.code}`).toBeLessThanOrEqual(0.005 + 1e-9);
  for (const t of r.theme) {
    expect(t.pref.label).toBe(label);
    for (const d of t.pref.data) {
      const w = want.theme.get(t.broad_category_cd)!.get(d.code)!;
      expect(
        Math.abs(d.value - (Number.isNaN(w) ? 0 : w)),
        `${what} ${t.broad_category_cd}/${d.code}`,
      ).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  }
}

const unitQuery: Record<MedicalUnit, string> = {
  prefecture: '',
  municipality: '&cityCode=13101',
  area: '&secondaryMedicalCode=1302',
};

describe('medicalAnalysis/rate', () => {
  it('has the shape of the spec: year, changes {legend, pref}, theme beside changes', () => {
    const r = result(`${RATE}?year=2017&prefCode=13&matter2=102`);
    expect(Object.keys(r)).toEqual(['year', 'changes', 'theme']);
    expect(r.year).toBe(2017);
    expect(Object.keys(r.changes)).toEqual(['legend', 'pref']);
    expect(Object.keys(r.changes.pref)).toEqual(['label', 'data']);
    expect(Object.keys(r.changes.pref.data[0])).toEqual(['name', 'code', 'value']);
    expect(Object.keys(r.theme[0])).toEqual(['broad_category_name', 'broad_category_cd', 'legend', 'pref']);
    expect(r.changes.legend.map((l: any) => l.code)).toEqual(r.theme.map((t: any) => t.broad_category_cd));
    // A category without middle classes is one item whose code is -.
    const beds = result(`${RATE}?year=2020&prefCode=13&matter2=204`);
    expect(
      beds.theme.every((t: any) => t.legend.length === 1 && t.legend[0].code === '-' && t.pref.data[0].value === 100),
    ).toBe(true);
  });

  it('computes the ratios from the counts for each unit: prefecture, municipality (wards summed for a designated city), secondary area', () => {
    const c01 = regions.citiesOf(1).find((c) => c.bigCityFlag === '2')!;
    const cases: [string, string, number, (r: CountRow) => boolean, string][] = [
      [`prefCode=13&matter2=103&year=2002`, '103', 2002, inPref('13'), '東京都'],
      [`prefCode=13&matter2=102&year=2020`, '102', 2020, inPref('13'), '東京都'],
      [`prefCode=13&matter2=204&cityCode=13101&year=2020`, '204', 2020, (r) => r.regionCode === '13101', '千代田区'],
      [
        `prefCode=1&matter2=205&cityCode=${c01.cityCode}&year=2018`,
        '205',
        2018,
        (r) => regions.city(r.regionCode)?.designatedCityCode === c01.cityCode,
        c01.cityName,
      ],
      // Areas: 102 is given per area; 205 per municipality, so the area is the sum of its municipalities.
      [
        `prefCode=13&matter2=102&secondaryMedicalCode=1302&year=2014`,
        '102',
        2014,
        (r) => r.areaCode === '1302',
        areaRows.find((a) => a.areaCode === '1302')!.areaName,
      ],
      [
        `prefCode=13&matter2=205&secondaryMedicalCode=1302&year=2016`,
        '205',
        2016,
        (r) => membersOf('1302').has(r.regionCode),
        areaRows.find((a) => a.areaCode === '1302')!.areaName,
      ],
    ];
    for (const [q, m, year, pick, label] of cases) {
      const byClass = countsOf(m, year, pick);
      expect(byClass.size, q).toBeGreaterThan(0);
      expectChart(result(`${RATE}?${q}`), MATTER2.find((x) => x.code === m)!.scheme, byClass, label, q);
    }
  });

  it('answers dataKbn 2 with the prefecture average and 3 with the national average, from the pooled counts', () => {
    for (const [m, year] of [
      ['204', 2005],
      ['205', 2020],
    ] as const) {
      const scheme = MATTER2.find((x) => x.code === m)!.scheme;
      expectChart(
        result(`${RATE}?prefCode=13&matter2=${m}&cityCode=13104&dataKbn=2&year=${year}`),
        scheme,
        countsOf(m, year, inPref('13')),
        '東京都平均',
        `${m} kbn 2`,
      );
      // The nation covers all 47 prefectures of the sources, not only the two this dist was built for.
      expectChart(
        result(`${RATE}?prefCode=1&matter2=${m}&dataKbn=3&year=${year}`),
        scheme,
        countsOf(m, year, () => true),
        '全国平均',
        `${m} kbn 3`,
      );
    }
    expectChart(
      result(`${RATE}?prefCode=13&matter2=102&secondaryMedicalCode=1301&dataKbn=2&year=2017`),
      'disease',
      countsOf('102', 2017, inPref('13')),
      '東京都平均',
      '102 area kbn 2',
    );
    // The average of a region does not depend on which region of the prefecture asks.
    expect(fileFor(`${RATE}?prefCode=13&matter2=204&cityCode=13104&dataKbn=3&year=2020`)).not.toBe(
      fileFor(`${RATE}?prefCode=13&matter2=204&dataKbn=3&year=2020`),
    );
    expect(result(`${RATE}?prefCode=13&matter2=204&cityCode=13104&dataKbn=3&year=2020`)).toEqual(
      result(`${RATE}?prefCode=1&matter2=204&dataKbn=3&year=2020`),
    );
  });

  it('sums every chart of the dist to 100 within rounding (or shows 0 throughout when it has no counts)', async () => {
    const files = sampleFiles().filter((f) => f.startsWith('/api/v1/medicalWelfare/medicalAnalysis/rate/'));
    expect(files.length).toBeGreaterThan(10_000);
    let charts = 0;
    const list = new Checklist();
    for (const f of files) {
      const r = JSON.parse(readFileSync(join(SAMPLE_DIST, f), 'utf8')).result;
      if (r === null) continue;
      for (const data of [r.changes.pref.data, ...r.theme.map((t: any) => t.pref.data)] as { value: number }[][]) {
        const sum = data.reduce((a, d) => a + d.value, 0);
        list.check(sum === 0 || Math.abs(sum - 100) <= 0.005 * data.length + 1e-9, () => `${f}: sums to ${sum}`);
        charts++;
      }
    }
    expect(list.failures).toEqual([]);
    expect(charts).toBeGreaterThan(100_000);
  });

  it('answers every cell of the data-year matrix and gives a 400 saying what exists for every other year', () => {
    let files = 0;
    let errors = 0;
    for (const m of COMPOSED) {
      for (const unit of ['prefecture', 'municipality', 'area'] as MedicalUnit[]) {
        const years = m.years[unit];
        for (let year = 1995; year <= 2025; year++) {
          const url = `${RATE}?prefCode=13&matter2=${m.code}&year=${year}${unitQuery[unit]}`;
          if (!years) {
            // The unit is unavailable for this matter2: its parameter is not taken, so the prefecture answers.
            expect(resolveUrl(url), url).toEqual(resolveUrl(`${RATE}?prefCode=13&matter2=${m.code}&year=${year}`));
            continue;
          }
          if (years.includes(year)) {
            expect(result(url), url).not.toBeNull();
            files++;
          } else {
            const e = errorOf(url);
            expect(e.status, url).toBe(400);
            if (year >= 2000 && year <= 2020) {
              expect(e.message, url).toContain(`year ${year} is not available for matter2 ${m.code}`);
              const body = (resolveUrl(url) as any).error.body;
              expect(body.description, url).toBe(
                `Give year as ${listValues(years)} for matter2 ${m.code} and ${UNIT_NAMES[unit]}.`,
              );
            }
            errors++;
          }
        }
      }
    }
    expect(files).toBe(COMPOSED.reduce((a, m) => a + Object.values(m.years).reduce((b, y) => b + y.length, 0), 0));
    const cells = COMPOSED.reduce((a, m) => a + Object.keys(m.years).length, 0);
    expect(errors).toBe(cells * 31 - files);
  });

  it('refuses dataKbn 2 for a whole prefecture and unknown codes, and needs year and matter2', () => {
    expect(errorOf(`${RATE}?prefCode=13&matter2=204&dataKbn=2&year=2020`)).toMatchObject({
      status: 400,
      message: expect.stringContaining('dataKbn 2 is not available for a whole prefecture'),
    });
    expect(errorOf(`${RATE}?prefCode=13&matter2=204&dataKbn=4&year=2020`).status).toBe(400);
    expect(errorOf(`${RATE}?prefCode=13&matter2=206&year=2020`).status).toBe(400);
    expect(errorOf(`${RATE}?prefCode=13&matter2=204&secondaryMedicalCode=0101&year=2020`)).toMatchObject({
      status: 400,
      message: expect.stringContaining('does not belong to prefCode 13'),
    });
    expect(errorOf(`${RATE}?prefCode=13&matter2=204&cityCode=01101&year=2020`).status).toBe(400);
    expect(errorOf(`${RATE}?prefCode=13&matter2=204`)).toMatchObject({ status: 400, message: 'year is required' });
    expect(errorOf(`${RATE}?prefCode=13&year=2020`)).toMatchObject({ status: 400, message: 'matter2 is required' });
  });

  it('ignores cityCode except for 204/205, secondaryMedicalCode except for 102/201/202/204/205, and matter1: they share the file without them', () => {
    const same = (a: string, b: string) => expect(fileFor(`${RATE}?${a}`), a).toBe(fileFor(`${RATE}?${b}`));
    for (const m of ['102', '103', '201', '202', '207'])
      same(`prefCode=13&matter2=${m}&cityCode=13101&year=2014`, `prefCode=13&matter2=${m}&year=2014`);
    for (const m of ['103', '207'])
      same(`prefCode=13&matter2=${m}&secondaryMedicalCode=1301&year=2014`, `prefCode=13&matter2=${m}&year=2014`);
    // Not taken means not checked either: a value that would be wrong elsewhere changes nothing.
    same(
      'prefCode=13&matter2=103&cityCode=99999&secondaryMedicalCode=zz&year=2014',
      'prefCode=13&matter2=103&year=2014',
    );
    for (const m1 of ['1', '2', '9', 'x'])
      same(`prefCode=13&matter2=204&year=2020&matter1=${m1}`, 'prefCode=13&matter2=204&year=2020');
    // A municipality is finer than an area: given both, the municipality decides.
    same(
      'prefCode=13&matter2=204&cityCode=13101&secondaryMedicalCode=1303&year=2020',
      'prefCode=13&matter2=204&cityCode=13101&year=2020',
    );
    // And for 102 the municipality is not taken, so the area decides.
    same(
      'prefCode=13&matter2=102&cityCode=13101&secondaryMedicalCode=1303&year=2020',
      'prefCode=13&matter2=102&secondaryMedicalCode=1303&year=2020',
    );
    same(
      'prefCode=13&matter2=204&cityCode=-&secondaryMedicalCode=-&dataKbn=1&year=2020',
      'prefCode=13&matter2=204&year=2020',
    );
  });

  it('fails the build on a class code outside the scheme of its matter2, with file, line and column', () => {
    const text = sampleLines('medical_counts');
    text[3] = text[3]!.replace(/,0[0-9]{2},/, ',999,');
    expect(() => buildWithLines('medical_counts', text, ['medical'])).toThrow(
      /^medical_counts\.csv:4:5: classCode 999 is not a disease class/,
    );
  });
});

describe('medicalAnalysis/list', () => {
  it('lists every area of the prefecture with its representative and all its municipalities, each municipality once', () => {
    for (const pref of ['1', '13']) {
      const r = result(`${LIST}?prefCode=${pref}`);
      const mine = areaRows.filter((a) => a.areaCode.startsWith(pref.padStart(2, '0')));
      expect(r.data.map((d: any) => d.secondary_medical_area_code)).toEqual(
        [...new Set(mine.map((a) => a.areaCode))].sort(),
      );
      for (const d of r.data) {
        expect(Object.keys(d)).toEqual([
          'prefCode',
          'prefName',
          'municipalityCode',
          'municipalityName',
          'secondary_medical_area_code',
          'secondary_medical_area_name',
        ]);
        const members = mine.filter((a) => a.areaCode === d.secondary_medical_area_code);
        expect(d.prefCode).toBe(pref);
        expect(d.municipalityCode).toBe(members[0]!.cityCode);
        expect(d.municipalityName.split(',')).toEqual(members.map((a) => regions.city(a.cityCode)!.cityName));
      }
      // Every municipality that carries facts belongs to exactly one area.
      const listed = mine.map((a) => a.cityCode);
      expect(new Set(listed).size).toBe(listed.length);
      expect(
        regions
          .citiesOf(Number(pref))
          .filter((c) => c.bigCityFlag !== '2' && !listed.includes(c.cityCode))
          .map((c) => c.cityCode),
      ).toEqual(pref === '1' ? ['01695', '01696', '01697', '01698', '01699', '01700'] : []);
    }
  });

  it.skipIf(!HAS_SHARED)(
    `reproduces the real secondary-area master (${HAS_SHARED ? 'koxon_mst_secondary_medical_code_list.csv' : SHARED_SKIP_NOTE})`,
    () => {
      const { set } = importResas(join(SHARED_DATA, 'resas-responses'), { masters: join(SHARED_DATA, 'masters') });
      const effects = new MemoryEffects();
      build({ sources: loadSources(set), operations: operationsOf(['medical']) }, effects);
      const master = readCsv('masters/koxon_mst_secondary_medical_code_list.csv');
      const cityNames = new Map(readCsv('masters/koxon_mst_cities.csv').map((c) => [c.cityCode!, c.cityName!]));
      let areas = 0;
      for (let pref = 1; pref <= 47; pref++) {
        const body = JSON.parse(effects.files.get(`${LIST}/prefCode/${pref}/index.json`)!);
        const mine = master.filter((m) => m.secondary_medical_code!.startsWith(String(pref).padStart(2, '0')));
        expect(body.result.data.map((d: any) => d.secondary_medical_area_code)).toEqual(
          [...new Set(mine.map((m) => m.secondary_medical_code))].sort(),
        );
        for (const d of body.result.data) {
          const rows = mine.filter((m) => m.secondary_medical_code === d.secondary_medical_area_code);
          expect(d.prefName).toBe(rows[0]!.pref_name);
          expect(d.secondary_medical_area_name).toBe(rows[0]!.secondary_medical_name);
          expect(d.municipalityCode).toBe(rows[0]!.city_code);
          // Names are those of /api/v1/cities (札幌市中央区 where the e-Gov list writes 中央区), matched by code.
          expect(d.municipalityName).toBe(rows.map((m) => cityNames.get(m.city_code!)).join(','));
          areas++;
        }
      }
      expect(areas).toBe(335);
      // With no counts among the real material, the rate chart is announced as unavailable rather than invented.
      const routes = JSON.parse(effects.files.get('/routes.json')!);
      expect(routes.operations.find((o: any) => o.path === RATE).unavailable).toMatch(/medical_counts\.csv/);
    },
  );
});
