// municipality/plant/perYear and employee/perYear are official in 2014, 2016 and 2021 for all industries
// and each broad class in the default build: SSDSE-A's 事業所数 and 従業者数 (経済センサス). Checked at
// random municipalities, designated cities and prefectures against SSDSE-A read here independently of the
// anchors importer (a broad class found by the name in its label).

import '../helpers/sample-ready.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { result, routes } from '../helpers/dist.ts';
import { sampleSources } from '../helpers/sample.ts';
import { SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { fixedDraw, publishedGrid, SSDSE } from '../helpers/official.ts';

const HAS_TABLES = existsSync(SSDSE);
const NAMES: Record<string, string> = {
  A: '農業,林業',
  B: '漁業',
  C: '鉱業,採石業,砂利採取業',
  D: '建設業',
  E: '製造業',
  F: '電気・ガス・熱供給・水道業',
  G: '情報通信業',
  H: '運輸業,郵便業',
  I: '卸売業,小売業',
  J: '金融業,保険業',
  K: '不動産業,物品賃貸業',
  L: '学術研究,専門・技術サービス業',
  M: '宿泊業,飲食サービス業',
  N: '生活関連サービス業,娯楽業',
  O: '教育,学習支援業',
  P: '医療,福祉',
  Q: '複合サービス事業',
  R: 'サービス業(他に分類されないもの)',
  S: '公務(他に分類されるものを除く)',
};
const WHAT = { plant: '事業所', employee: '従業者' } as const;
type What = keyof typeof WHAT;

let cache: Map<string, number> | undefined;

/** Per `code|year|what|class` ('-' for all industries), the count SSDSE-A gives; the last edition of a year wins. */
function rawCounts(): Map<string, number> {
  if (cache) return cache;
  const out = (cache = new Map<string, number>());
  for (const f of readdirSync(SSDSE)
    .filter((f) => /^SSDSE-A-\d{4}\.csv$/.test(f))
    .sort()) {
    const rows = publishedGrid(join(SSDSE, f), 'shift_jis');
    const label = (i: number) => rows[2]![i]!.normalize('NFKC').replaceAll('、', ',');
    for (const what of ['plant', 'employee'] as const) {
      const col = (name: string) =>
        rows[2]!.findIndex((_, i) => new RegExp(`^${WHAT[what]}(総)?数(\\(民営\\))?${name}$`).test(label(i)));
      const columns: [string, number][] = [['-', col('')]];
      for (const [k, name] of Object.entries(NAMES)) columns.push([k, col(`\\(${name.replace(/[()]/g, '\\$&')}\\)`)]);
      const sector = (n: number) => rows[2]!.findIndex((_, i) => label(i) === `第${n}次産業${WHAT[what]}数`);
      const year = rows[1]![columns[0]![1]];
      for (const r of rows.slice(3)) {
        const code = r[0]!.slice(1);
        const n = (i: number) => Number(r[i]);
        for (const [k, i] of columns) if (i >= 0) out.set(`${code}|${year}|${what}|${k}`, n(i));
        // The 2014 editions give 漁業 and 鉱業 only within the first and second sector.
        const get = (k: string) => out.get(`${code}|${year}|${what}|${k}`) ?? 0;
        if (sector(1) >= 0) out.set(`${code}|${year}|${what}|B`, n(sector(1)) - get('A'));
        if (sector(2) >= 0) out.set(`${code}|${year}|${what}|C`, n(sector(2)) - get('D') - get('E'));
      }
    }
  }
  return out;
}

const answer = (what: What, pref: number, city: string, sic: string, year: number) =>
  result(`/api/v1/municipality/${what}/perYear?prefCode=${pref}&cityCode=${city}&sicCode=${sic}&simcCode=-`).data.find(
    (d: { year: number }) => d.year === year,
  )?.value;

describe('municipality/plant/perYear and employee/perYear, official in 2014, 2016 and 2021', () => {
  it.skipIf(!HAS_TABLES)(
    `answer SSDSE-A's counts at 100 municipalities and classes drawn at random (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
    () => {
      const raw = rawCounts();
      // The municipalities of the sample dist (prefectures 1 and 13) SSDSE-A lists: designated cities whole
      // (their wards summed), not the six villages of the Northern Territories, which it does not list.
      const cities = sampleSources()
        .regions.cities.filter((c) => [1, 13].includes(c.prefCode) && c.bigCityFlag !== '1')
        .filter((c) => raw.has(`${c.cityCode}|2014|plant|-`));
      const classes = ['-', ...Object.keys(NAMES)];
      const next = fixedDraw(20211231);
      for (let i = 0; i < 100; i++) {
        const city = cities[next(cities.length)]!;
        const year = [2014, 2016, 2021][next(3)]!;
        const what = (['plant', 'employee'] as const)[next(2)]!;
        const sic = classes[next(year === 2014 ? 20 : 19)]!;
        const expected = raw.get(`${city.cityCode}|${year}|${what}|${sic}`);
        const label = `${what} ${city.cityCode} ${city.cityName} ${year} ${sic}`;
        expect(expected, label).toBeDefined();
        expect(answer(what, city.prefCode, city.cityCode, sic, year), label).toBe(expected);
      }
    },
  );

  it.skipIf(!HAS_TABLES)(
    `add the municipalities up to the prefecture and the wards up to their city (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
    () => {
      const raw = rawCounts();
      for (const [pref, year, what, sic] of [
        [13, 2014, 'employee', '-'],
        [1, 2016, 'plant', 'E'],
        [1, 2021, 'employee', 'P'],
        [13, 2021, 'plant', '-'],
      ] as const) {
        let sum = 0;
        for (const [key, n] of raw)
          if (key.startsWith(`${String(pref).padStart(2, '0')}`) && key.endsWith(`|${year}|${what}|${sic}`)) sum += n;
        expect(answer(what, pref, '-', sic, year), `${pref} ${year} ${what} ${sic}`).toBe(sum);
      }
      // 札幌市, which SSDSE-A lists whole: its wards add up to it.
      expect(answer('employee', 1, '01100', '-', 2021)).toBe(raw.get('01100|2021|employee|-'));
      expect(answer('plant', 1, '01100', 'I', 2016)).toBe(raw.get('01100|2016|plant|I'));
    },
  );

  it('count no 公務 (S) in the 民営 years, and what no broad class counts under T', () => {
    // 千代田区: 2016's total exceeds its broad classes by what SSDSE-A puts in none of them.
    const classes = ['-', ...'ABCDEFGHIJKLMNOPQRST'];
    for (const year of [2016, 2021]) {
      expect(answer('plant', 13, '13101', 'S', year)).toBe(0);
      const [all, ...each] = classes.map((k) => answer('employee', 13, '13101', k, year));
      expect(each.reduce((a, v) => a + v, 0)).toBe(all);
    }
    expect(answer('plant', 13, '13101', 'S', 2014)).toBeGreaterThan(0);
  });

  it('say which: both counts and the coefficients by region partly official, companies and by industry synthetic', () => {
    const data = (path: string) => routes.table.operations.find((o) => o.path === path)!.data;
    expect(data('/api/v1/municipality/plant/perYear')).toBe('mixed');
    expect(data('/api/v1/municipality/employee/perYear')).toBe('mixed');
    expect(data('/api/v1/municipality/company/perYear')).toBe('synthetic');
    expect(data('/api/v1/industry/power/forArea')).toBe('mixed');
    // Its coefficients are of middle classes, which no table gives.
    expect(data('/api/v1/industry/power/forIndustry')).toBe('synthetic');
  });
});

describe("industry/power/forArea's employee coefficients of 2016, from SSDSE-A's persons engaged", () => {
  it.skipIf(!HAS_TABLES)(
    `answer (region's share of the class) / (nation's share) for every prefecture and municipality listed (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
    () => {
      const raw = rawCounts();
      // Per region (a municipality, or a prefecture as 2 digits) and class: persons engaged in 2016.
      const sums = new Map<string, number>();
      const add = (key: string, n: number) => sums.set(key, (sums.get(key) ?? 0) + n);
      for (const [key, n] of raw) {
        const [code, year, what, sic] = key.split('|') as [string, string, string, string];
        if (year !== '2016' || what !== 'employee') continue;
        add(`${code}|${sic}`, n);
        add(`${code.slice(0, 2)}|${sic}`, n);
        add(`nation|${sic}`, n);
      }
      const engaged = (region: string, sic: string) => sums.get(`${region}|${sic}`) ?? 0;
      const next = fixedDraw(20160601);
      const classes = Object.keys(NAMES).filter((k) => k !== 'S');
      let checked = 0;
      for (let i = 0; i < 4; i++) {
        const sic = classes[next(classes.length)]!;
        const pref = [1, 13][i % 2]!;
        const share = engaged('nation', sic) / engaged('nation', '-');
        const got = result(
          `/api/v1/industry/power/forArea?year=2016&prefCode=${pref}&areaType=2&dispType=2&sicCode=${sic}&simcCode=-`,
        );
        const rows = [
          ...got.prefectures.map((r: { prefCode: number; value: number }) => [String(r.prefCode).padStart(2, '0'), r]),
          ...got.cities.map((r: { cityCode: string; value: number }) => [r.cityCode, r]),
        ] as [string, { value: number }][];
        expect(got.prefectures).toHaveLength(47);
        for (const [region, r] of rows) {
          const expected = engaged(region, sic) / engaged(region, '-') / share;
          expect(Math.abs(r.value - expected), `${sic} ${region}`).toBeLessThanOrEqual(0.5e-5 + 1e-9);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(200);
    },
  );
});
