// careAnalysis/chart: every region's figure recomputed from the raw rows (care_counts summed over each
// municipality, designated city, insurer and prefecture; a prefecture's premium as its insurers' average
// weighted by their insured) and, per 100,000 elderly, from the census's 老年人口 of perYear; any municipality
// or insurer code reaching one file; the class codes against the original's code page (../shared).

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARE_LEVELS, CARE_MATTERS, CARE_SERVICES, careLeaves } from '../../sources/care-codes.ts';
import { parseCsv } from '../../sources/csv.ts';
import type { Row } from '../../sources/tables.ts';
import { errorOf, fileFor, result, sampleFiles } from '../helpers/dist.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { buildWithLines, rowsOf, sampleLines, sampleSources } from '../helpers/sample.ts';
import { Checklist } from '../helpers/checklist.ts';
import { covered, part } from '../helpers/scope.ts';

const CHART = '/api/v1/medicalWelfare/careAnalysis/chart';
const STEP = 3;

const regions = sampleSources().regions;
const insurerRows = rowsOf<Row<'care_insurers'>>('care_insurers');
const insurerOf = new Map(insurerRows.map((r) => [r.cityCode, r.insurerCode]));
const premiums = rowsOf<Row<'care_premiums'>>('care_premiums');

/** Counts by `matter2|year|region` and class: each row added to its municipality, designated city, insurer (`i` + code) and prefecture. */
const byRegion = (() => {
  const out = new Map<string, Map<string, number>>();
  const add = (key: string, cls: string, n: number) => {
    const m = out.get(key) ?? out.set(key, new Map()).get(key)!;
    m.set(cls, (m.get(cls) ?? 0) + n);
  };
  for (const r of rowsOf<Row<'care_counts'>>('care_counts')) {
    const at = `${r.matter2}|${r.year}|`;
    for (const region of [
      r.regionCode,
      r.regionCode.slice(0, 2),
      regions.city(r.regionCode)?.designatedCityCode,
      `i${insurerOf.get(r.regionCode)}`,
    ])
      if (region) add(at + region, r.classCode, r.count);
  }
  return out;
})();

/** The leaf classes of a selection: broad 0 (or -) all, middle x00 all of kind x. */
function leaves(matter2: string, broad: string, middle: string): string[] {
  const m = CARE_MATTERS.find((x) => x.code === matter2)!;
  const all = careLeaves(m.scheme);
  if (broad === '0' || broad === '-') return all;
  if (m.scheme === 'services')
    return middle === `${broad}00` ? CARE_SERVICES.find(([k]) => k === broad)![2].map(([c]) => c) : [middle];
  return [broad];
}

const perYear = new Map<string, any>();
/** 老年人口 of perYear at the last census at or before `year`. */
function elderly(city: string, year: number): number {
  const url = `/api/v1/population/composition/perYear?prefCode=${Number(city.slice(0, 2))}&cityCode=${city.length === 2 ? '-' : city}`;
  const r = perYear.get(url) ?? perYear.set(url, result(url)).get(url);
  const points = r.data
    .find((s: any) => s.label === '老年人口')
    .data.filter((p: any) => p.year <= Math.min(year, r.boundaryYear));
  return points[points.length - 1].value;
}

/** What a file should say for one of its regions. */
function expected(r: any, unit: string, code: string): number | null {
  if (r.matter2 === '301') {
    if (r.dispType === '2') return null;
    const rows = premiums.filter(
      (p) =>
        p.year === Number(r.year) &&
        (unit === 'insurer' ? p.insurerCode === code : Number(p.insurerCode.slice(0, 2)) === Number(code)),
    );
    const insured = rows.reduce((a, p) => a + p.insured, 0);
    if (!insured) return null;
    return unit === 'insurer'
      ? rows[0]!.premium
      : Math.round(rows.reduce((a, p) => a + p.premium * p.insured, 0) / insured);
  }
  const key = `${r.matter2}|${r.year}|${unit === 'insurer' ? `i${code}` : unit === 'prefecture' ? code.padStart(2, '0') : code}`;
  const counts = byRegion.get(key);
  if (!counts) return null;
  const n = leaves(r.matter2, r.broadCategoryCode, r.middleCategoryCode).reduce((a, c) => a + (counts.get(c) ?? 0), 0);
  if (r.dispType === '1') return n;
  const cities =
    unit === 'insurer'
      ? insurerRows.filter((i) => i.insurerCode === code).map((i) => i.cityCode)
      : [unit === 'prefecture' ? code.padStart(2, '0') : code];
  return (n * 100_000) / cities.reduce((a, c) => a + elderly(c, Number(r.year)), 0);
}

describe(CHART, () => {
  it(`answers ${covered(STEP, 'chart')} with each region's figure recomputed from the raw rows`, () => {
    const list = new Checklist();
    const files = sampleFiles().filter((f) => f.startsWith(CHART + '/'));
    for (const f of part(files, STEP)) {
      const r = result(f);
      const unit = f.includes('/insuranceCode/any/')
        ? 'insurer'
        : f.includes('/cityCode/any/')
          ? 'municipality'
          : 'prefecture';
      list.same(r.insurance_cd, unit === 'insurer' ? 'any' : '-', `${f}: insurance_cd`);
      list.same(r.municipality_cd, '-', `${f}: municipality_cd`);
      for (const d of r.data) {
        // Per 100,000 elderly: checked where the dist holds the population answers (prefectures 1 and 13 and theirs).
        if (r.dispType === '2' && r.matter2 !== '301' && !['01', '13'].includes(d.code.padStart(2, '0').slice(0, 2)))
          continue;
        const want = expected(r, unit, d.code);
        list.check(
          want === null || d.value === null
            ? want === d.value
            : Math.abs(d.value - want) <= (r.dispType === '2' ? 0.05 + 1e-9 : 0),
          () => `${f} ${d.code}: ${d.value}, expected ${want}`,
        );
      }
    }
    expect(list.failures).toEqual([]);
    expect(list.checked).toBeGreaterThan(20_000);
  });

  it("lists every prefecture, prefCode's municipalities (as /cities does) or its insurers, in code order or largest first", () => {
    const base = `${CHART}?matter_2=202&broad_category_cd=0&middle_category_cd=000&year=2021`;
    const codes = (q: string) => result(fileFor(`${base}&${q}`)).data.map((d: any) => d.code);
    expect(codes('prefCode=13')).toEqual(regions.prefectures.map((p) => String(p.prefCode)));
    expect(codes('prefCode=13&cityCode=13101')).toEqual(
      result('/api/v1/cities?prefCode=13').map((c: any) => c.cityCode),
    );
    const insurers = [
      ...new Set(insurerRows.filter((i) => i.insurerCode.startsWith('01')).map((i) => i.insurerCode)),
    ].sort();
    expect(
      result(fileFor(`${CHART}?prefCode=1&matter_2=102&broad_category_cd=0&insuranceCode=01100&year=2020`)).data.map(
        (d: any) => d.code,
      ),
    ).toEqual(insurers);
    // Sapporo's wards are insured by the city.
    expect(insurers).toContain('01100');
    expect(insurers).not.toContain('01101');
    const byValue = result(fileFor(`${base}&prefCode=13&cityCode=13101&sort_type=1`)).data.map((d: any) => d.value);
    expect(byValue).toEqual([...byValue].sort((a, b) => (b ?? -1) - (a ?? -1)));
  });

  it('reads a municipality or insurer code only for being given; an insurer code wins; the echoes follow the documentation', () => {
    const base = `${CHART}?prefCode=13&matter_2=302&broad_category_cd=1&middle_category_cd=100&year=2020`;
    const insurer = fileFor(`${base}&insuranceCode=13101`);
    expect(insurer).toContain('/insuranceCode/any/');
    for (const q of ['insuranceCode=01100', 'insuranceCode=131016', 'insuranceCode=13101&cityCode=13102'])
      expect(fileFor(`${base}&${q}`), q).toBe(insurer);
    const r = result(insurer);
    // 対象の市区町村コード(使用しないため「-」); code: 対象の都道府県コード.
    expect([r.prefecture_cd, r.municipality_cd, r.insurance_cd, r.code, r.matter1]).toEqual([
      '13',
      '-',
      'any',
      '13',
      '3',
    ]);
    expect(errorOf(`${base}&insuranceCode=1310`)).toMatchObject({ status: 400 });
    // 302 has no municipality unit, 201 no insurer unit: the year rule says so.
    expect(errorOf(`${base}&cityCode=13101`).message).toMatch(
      /year 2020 is not available for matter_2 302 and the municipalities/,
    );
    expect(
      errorOf(
        `${CHART}?prefCode=13&matter_2=201&broad_category_cd=0&middle_category_cd=000&insuranceCode=13101&year=2021`,
      ),
    ).toMatchObject({ status: 400 });
    expect(
      errorOf(`${CHART}?prefCode=13&matter_2=102&broad_category_cd=0&middle_category_cd=000&year=2020`).message,
    ).toMatch(/middle_category_cd 000 is not available for matter_2 102/);
    // The premium per 100,000 elderly means nothing: the original gave no values.
    const premium = result(fileFor(`${CHART}?prefCode=13&matter_2=301&year=2021&disp_type=2`));
    expect(premium.data.length).toBe(47);
    expect(premium.data.every((d: any) => d.value === null)).toBe(true);
  });

  it.skipIf(!HAS_SHARED)(
    `names the classes as the original's code page does (${HAS_SHARED ? 'koxon_mst_ltc_*.csv' : SHARED_SKIP_NOTE}) and takes its insurer codes`,
    () => {
      const read = (name: string) => {
        const rows: string[][] = [];
        parseCsv(readFileSync(join(SHARED_DATA, 'masters', name), 'utf8'), name, (cells) => void rows.push(cells));
        return rows.slice(1);
      };
      const services = read('koxon_mst_ltc_service_category_list.csv').filter((r) => !r[2]!.endsWith('00'));
      expect(services.map((r) => [r[0], r[2], r[3]])).toEqual(
        CARE_SERVICES.flatMap(([k, , s]) => s.map(([code, name]) => [k, code, name])),
      );
      const kinds = read('koxon_mst_ltc_service_category_list.csv').filter((r) => r[0] !== '0' && r[2] === `${r[0]}00`);
      expect(kinds.map((r) => [r[0], r[1]])).toEqual(CARE_SERVICES.map(([k, name]) => [k, name]));
      expect(
        read('koxon_mst_ltc_required_class_list.csv')
          .slice(1)
          .map((r) => r[1]),
      ).toEqual(CARE_LEVELS);
      const base = `${CHART}?prefCode=1&matter_2=102&broad_category_cd=0&year=2020&insuranceCode=`;
      for (const [, , , , code] of read('koxon_mst_insurer_code_list.csv'))
        expect(fileFor(base + code), code).toBe(fileFor(`${base}any`));
    },
  );

  it('fails the build on an insurer in another prefecture than its municipality, with file, line and column', () => {
    const text = sampleLines('care_insurers');
    text[2] = text[2]!.replace(/^01/, '13');
    expect(() => buildWithLines('care_insurers', text, ['medical'])).toThrow(
      /^care_insurers\.csv:3:1: insurerCode: insurer 13\d{3} lies in prefecture 13 but municipality 01\d{3} does not/,
    );
  });
});
