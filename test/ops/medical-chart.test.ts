// medicalAnalysis/chart: every region's figure recomputed from the raw counts (summed here over the rows of
// each municipality, designated city, secondary area and prefecture) and, per 100,000, from the census
// population perYear answers; any municipality or area code reaching one file, as the original answered them
// alike; the orders; and the 400s of classes and years a matter2 does not have.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { MATTER2, type MedicalUnit } from '../../sources/medical-codes.ts';
import { errorOf, fileFor, result, sampleFiles } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf, sampleSources } from '../helpers/sample.ts';
import { Checklist } from '../helpers/checklist.ts';
import { covered, part } from '../helpers/scope.ts';

const CHART = '/api/v1/medicalWelfare/medicalAnalysis/chart';
const STEP = 5;

type CountRow = Row<'medical_counts'>;
type ClassRow = Row<'medical_classes'>;

const regions = sampleSources().regions;
const areaOfCity = new Map(rowsOf<Row<'medical_areas'>>('medical_areas').map((r) => [r.cityCode, r.areaCode]));
const classes = rowsOf<ClassRow>('medical_classes');

/** Counts by `matter2|year|region` and class, each row added to every region it lies in. */
const byRegion = (() => {
  const out = new Map<string, Map<string, number>>();
  const add = (key: string, cls: string, n: number) => {
    const m = out.get(key) ?? out.set(key, new Map()).get(key)!;
    m.set(cls, (m.get(cls) ?? 0) + n);
  };
  for (const r of rowsOf<CountRow>('medical_counts')) {
    const at = `${r.matter2}|${r.year}|`;
    const code = r.areaCode || r.regionCode;
    add(at + code.slice(0, 2), r.classCode, r.count);
    if (r.areaCode) {
      add(at + r.areaCode, r.classCode, r.count);
      continue;
    }
    if (r.regionCode.length !== 5) continue;
    add(at + r.regionCode, r.classCode, r.count);
    const designated = regions.city(r.regionCode)?.designatedCityCode;
    if (designated) add(at + designated, r.classCode, r.count);
    const area = areaOfCity.get(r.regionCode) ?? (designated ? areaOfCity.get(designated) : undefined);
    if (area) add(at + area, r.classCode, r.count);
  }
  return out;
})();

/** The leaf classes a broad and middle code select, from the classes table (broad - too is all, where allowed). */
function leaves(scheme: string, broad: string, middle: string): string[] {
  const rows = classes.filter((c) => c.scheme === scheme && (broad === '00' || broad === '-' || c.broadCode === broad));
  const all = middle === '-' || middle === `${broad}0`;
  return rows.filter((c) => all || c.middleCode === middle).map((c) => c.middleCode || c.broadCode);
}

const perYear = new Map<string, any>();
/** Census population (総人口 of perYear) at the last census at or before `year`. */
function population(pref: string, city: string, year: number): number {
  const url = `/api/v1/population/composition/perYear?prefCode=${pref}&cityCode=${city}`;
  const r = perYear.get(url) ?? perYear.set(url, result(url)).get(url);
  const points = r.data[0].data.filter((p: any) => p.year <= Math.min(year, r.boundaryYear));
  return points[points.length - 1].value;
}

/** The people of a chart's region: a prefecture's, a municipality's, or the sum of an area's municipalities. */
function peopleOf(unit: string, code: string, year: number): number {
  if (unit === 'prefecture') return population(code, '-', year);
  if (unit === 'municipality') return population(String(Number(code.slice(0, 2))), code, year);
  return [...areaOfCity]
    .filter(([, a]) => a === code)
    .reduce((sum, [city]) => sum + population(String(Number(city.slice(0, 2))), city, year), 0);
}

const chartFiles = () => sampleFiles().filter((f) => f.startsWith(CHART + '/'));

describe(CHART, () => {
  it(`answers ${covered(STEP, 'chart')} with each region's count, or per 100,000 residents, recomputed from the raw rows`, () => {
    const list = new Checklist();
    for (const f of part(chartFiles(), STEP)) {
      const r = result(f);
      const m = MATTER2.find((x) => x.code === r.matter2)!;
      const unit =
        r.secondary_medical_cd === 'any' ? 'area' : r.municipality_cd === 'any' ? 'municipality' : 'prefecture';
      const classCodes = leaves(m.scheme, r.broadCategoryCode, r.middleCategoryCode);
      list.check(classCodes.length > 0, `${f}: selects no class`);
      for (const d of r.data) {
        const key = `${r.matter2}|${r.year}|${unit === 'prefecture' ? d.code.padStart(2, '0') : d.code}`;
        const counts = byRegion.get(key);
        const n = counts ? classCodes.reduce((a, c) => a + (counts.get(c) ?? 0), 0) : null;
        if (r.dispType === '1') {
          list.same(d.value, n, `${f} ${d.code}`);
          continue;
        }
        // Per 100,000: checked where the dist holds the population answers (prefectures 1 and 13 and theirs).
        if (!['01', '13'].includes(d.code.padStart(2, '0').slice(0, 2))) continue;
        const want = n === null ? null : (n * 100_000) / peopleOf(unit, d.code, Number(r.year));
        list.check(
          want === null ? d.value === null : Math.abs(d.value - want) <= 0.05 + 1e-9,
          () => `${f} ${d.code}: ${d.value}, expected ${want}`,
        );
      }
    }
    expect(list.failures).toEqual([]);
    expect(list.checked).toBeGreaterThan(5_000);
  });

  it('lists every prefecture, every municipality of prefCode (as /cities does) or every area, in code order or largest first', () => {
    const base = `${CHART}?matter2=204&broadCategoryCode=00&middleCategoryCode=-&year=2020&dispType=2`;
    const codes = (q: string) => result(fileFor(`${base}&${q}`)).data.map((d: any) => d.code);
    // The country's prefectures and areas, whatever the build's scope (the dist holds 1 and 13), as in the original.
    expect(codes('prefCode=13&sort=2')).toEqual(regions.prefectures.map((p) => String(p.prefCode)));
    const cities = result('/api/v1/cities?prefCode=13').map((c: any) => c.cityCode);
    expect(codes('prefCode=13&cityCode=13101&sort=2')).toEqual(cities);
    const areas = [...new Set(areaOfCity.values())].sort();
    expect(codes('prefCode=13&secondaryMedicalCode=1301&sort=2')).toEqual(areas);
    const byValue = result(fileFor(`${base}&prefCode=13&cityCode=13101&sort=1`)).data;
    const values = byValue.map((d: any) => d.value).filter((v: any) => v !== null);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(byValue.map((d: any) => d.code).sort()).toEqual([...cities].sort());
  });

  it("reads a municipality or area code only for being given: any code (another prefecture's too) reaches one file", () => {
    const base = `${CHART}?prefCode=13&matter2=205&year=2020`;
    const file = fileFor(`${base}&cityCode=any`);
    expect(file).toContain('/cityCode/any/');
    for (const code of ['13101', '13229', '01100', '99999']) expect(fileFor(`${base}&cityCode=${code}`)).toBe(file);
    const area = fileFor(`${base}&secondaryMedicalCode=1301`);
    expect(area).toContain('/secondaryMedicalCode/any/');
    // An area code given wins over a municipality code, as in the original.
    expect(fileFor(`${base}&secondaryMedicalCode=0101&cityCode=01202`)).toBe(area);
    expect(fileFor(`${base}&cityCode=-`)).toBe(fileFor(base));
    const r = result(file);
    expect([r.prefecture_cd, r.municipality_cd, r.secondary_medical_cd, r.code]).toEqual(['13', 'any', '-', 'any']);
    expect(errorOf(`${base}&cityCode=131`)).toMatchObject({ status: 400 });
    expect(errorOf(`${base}&secondaryMedicalCode=abcd`).message).toMatch(/secondaryMedicalCode must be - or a 4-digit/);
  });

  it("serves the prefectures in every year of a matter2's municipalities or areas; rate's years are among the chart's", () => {
    for (const m of MATTER2) {
      const prefecture = m.years.prefecture ?? [];
      for (const year of [...(m.years.municipality ?? []), ...(m.years.area ?? [])])
        expect(prefecture, `${m.code} ${year}`).toContain(year);
      for (const [unit, years] of Object.entries(m.rate ?? {}))
        for (const year of years) expect(m.years[unit as MedicalUnit], `${m.code} ${unit} ${year}`).toContain(year);
    }
    // 201's municipalities, as a client asked the original for them, and its prefectures, 2002 on.
    expect(result(fileFor(`${CHART}?prefCode=1&matter2=201&year=2002&cityCode=01100`)).data.length).toBeGreaterThan(
      100,
    );
    expect(result(fileFor(`${CHART}?prefCode=1&matter2=201&year=2002`)).data.length).toBe(47);
  });

  it('answers 400 for classes and years a matter2 and region unit do not have, saying which exist', () => {
    const base = `${CHART}?prefCode=1&year=2020`;
    // The disease scheme's "all of it" is the broad code followed by 0, as in the original.
    expect(fileFor(`${base}&matter2=102&middleCategoryCode=000`)).toContain('/middleCategoryCode/000/');
    expect(errorOf(`${base}&matter2=102`).message).toMatch(/middleCategoryCode - is not available for matter2 102/);
    expect(errorOf(`${base}&matter2=204&broadCategoryCode=19`)).toMatchObject({ status: 400 });
    expect(errorOf(`${base}&matter2=103&cityCode=01100&middleCategoryCode=000`).message).toMatch(
      /year 2020 is not available for matter2 103 and a municipality/,
    );
    expect(errorOf(`${CHART}?prefCode=1&matter2=205&year=2019`)).toMatchObject({ status: 400 });
  });
});
