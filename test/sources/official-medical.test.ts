// medicalWelfare/medicalAnalysis/chart's all-class totals of 202 一般診療所数, 203 歯科診療所数, 206 歯科医師数 and
// 208 薬剤師数 are official in the default build where SSDSE gives them. Checked at random municipalities and
// prefectures against the raw SSDSE tables in ../shared, read here independently of the anchors importer;
// and the operations' origins: the chart mixed, the rate (shares of synthetic classes) synthetic.

import '../helpers/sample-ready.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { result, routes } from '../helpers/dist.ts';
import { sampleSources } from '../helpers/sample.ts';
import { SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { fixedDraw, publishedGrid as grid, SSDSE } from '../helpers/official.ts';

const HAS_TABLES = existsSync(join(SSDSE, 'SSDSE-B-2023.csv'));
const CHART = '/api/v1/medicalWelfare/medicalAnalysis/chart';
/** matter2 → SSDSE-A item, and the years the chart serves that SSDSE-A gives. */
const ITEMS = {
  '202': { item: 'I5102', years: [2017, 2020] },
  '203': { item: 'I5103', years: [2017, 2020] },
  '206': { item: 'I6200', years: [2014, 2016, 2018, 2020] },
  '208': { item: 'I6300', years: [2014, 2016, 2018, 2020] },
} as const;
type Matter = keyof typeof ITEMS;

/** `matter2|code|year` → count, from every SSDSE-A edition (a later edition's year wins). */
function rawMunicipal(): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of readdirSync(SSDSE)
    .filter((f) => f.startsWith('SSDSE-A-'))
    .sort()) {
    const rows = grid(join(SSDSE, f), 'shift_jis');
    for (const [m, { item }] of Object.entries(ITEMS)) {
      const col = rows[0]!.indexOf(item);
      for (const r of rows.slice(3)) out.set(`${m}|${r[0]!.slice(1)}|${rows[1]![col]}`, Number(r[col]));
    }
  }
  return out;
}

/** `matter2|prefecture|year` → count, from SSDSE-B (一般診療所数, 歯科診療所数). */
function rawPrefectures(): Map<string, number> {
  const rows = grid(join(SSDSE, 'SSDSE-B-2023.csv'), 'utf-8');
  const cols = { '202': rows[0]!.indexOf('一般診療所数'), '203': rows[0]!.indexOf('歯科診療所数') };
  const out = new Map<string, number>();
  for (const r of rows.slice(1))
    for (const [m, col] of Object.entries(cols)) out.set(`${m}|${r[1]!.slice(1, 3)}|${r[0]}`, Number(r[col]));
  return out;
}

/** The chart's all-class figure for a region: every prefecture, or every municipality of a prefecture. */
function chartValue(m: string, year: number, pref: string, code: string): number | null | undefined {
  const city = code.length === 5 ? '&cityCode=any' : '';
  const url = `${CHART}?prefCode=${pref}&matter2=${m}&year=${year}&broadCategoryCode=00&dispType=1&sort=2${city}`;
  return result<{ data: { code: string; value: number | null }[] }>(url).data.find((d) => d.code === code)?.value;
}

describe('medicalAnalysis/chart, official totals', () => {
  it.skipIf(!HAS_TABLES)(
    `answers SSDSE-A's count for 100 municipality-years drawn at random (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
    () => {
      const raw = rawMunicipal();
      // Municipalities of the sample dist (prefectures 1 and 13) the chart lists: 206 and 208 serve them; designated cities whole.
      const cities = sampleSources()
        .regions.cities.filter((c) => [1, 13].includes(c.prefCode) && c.bigCityFlag !== '1')
        .filter((c) => raw.has(`206|${c.cityCode}|2020`));
      const next = fixedDraw(20201231);
      for (let i = 0; i < 100; i++) {
        const city = cities[next(cities.length)]!;
        const m = (['206', '208'] as const)[next(2)]!;
        const year = ITEMS[m].years[next(ITEMS[m].years.length)]!;
        const answer = chartValue(m, year, String(city.prefCode), city.cityCode);
        expect(answer, `${m} ${city.cityCode} ${city.cityName} ${year}`).toBe(raw.get(`${m}|${city.cityCode}|${year}`));
      }
    },
  );

  it.skipIf(!HAS_TABLES)(
    `answers Σ of SSDSE-A's municipalities, or SSDSE-B's figure, for every prefecture of the dist (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
    () => {
      const [municipal, prefs] = [rawMunicipal(), rawPrefectures()];
      const sumOf = (m: Matter, pref: string, year: number) =>
        [...municipal].reduce((a, [k, n]) => (k.startsWith(`${m}|${pref}`) && k.endsWith(`|${year}`) ? a + n : a), 0);
      for (const pref of ['01', '13'])
        for (const m of Object.keys(ITEMS) as Matter[]) {
          for (const year of ITEMS[m].years)
            expect(chartValue(m, year, pref, String(Number(pref))), `${m} ${pref} ${year}`).toBe(sumOf(m, pref, year));
          if (m === '202' || m === '203')
            for (const year of [2011, 2014])
              expect(chartValue(m, year, pref, String(Number(pref))), `${m} ${pref} ${year}`).toBe(
                prefs.get(`${m}|${pref}|${year}`),
              );
        }
    },
  );

  it('says which figures are official: the chart mixed, the rate synthetic, and the rate takes no 203, 206, 208', () => {
    const data = (path: string) => routes.table.operations.find((o) => o.path === path)!.data;
    expect(data(CHART)).toBe('mixed');
    expect(data('/api/v1/medicalWelfare/medicalAnalysis/rate')).toBe('synthetic');
  });
});
