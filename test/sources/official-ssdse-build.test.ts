// The official build of SSDSE: import:estat on ../shared's SSDSE and 住民基本台帳 tables, then 500 points
// drawn at random from the tables (municipality/taxes/perYear: 地方税 over the 住基 residents of the next
// 1 January, rounded; medicalAnalysis/chart: 歯科診療所数, 歯科医師数, 薬剤師数 of municipalities and
// prefectures) found in what the build answers, rendered on demand for those operations only. The tables
// are read here as their publishers wrote them, independently of the importer.

import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnDemand } from '../../build/core/on-demand.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { importEstat } from '../../sources/estat/import.ts';
import { loadSources } from '../../sources/load.ts';
import { fixedDraw, OFFICIAL, publishedGrid, SSDSE } from '../helpers/official.ts';
import { SHARED_SKIP_NOTE, TMP } from '../helpers/paths.ts';

const JUKI = join(OFFICIAL, 'juki-vital');
/** Codes of SSDSE's earlier editions that became cities under a new code: 那珂川町 (2018), 富谷町 (2016). */
const RENAMED: Record<string, string> = { '40305': '40231', '04423': '04216' };
const HAS_TABLES = existsSync(SSDSE) && existsSync(JUKI);
const PATHS = {
  taxes: '/api/v1/municipality/taxes/perYear',
  chart: '/api/v1/medicalWelfare/medicalAnalysis/chart',
  plant: '/api/v1/municipality/plant/perYear',
  finance: '/api/v1/municipality/finance/forSettlementAmount',
};
/** The matter2 written, their SSDSE-A item, and the years the chart serves that SSDSE-A gives. */
const MEDICAL = [
  { matter2: '203', item: 'I5103', years: [2017, 2020] },
  { matter2: '206', item: 'I6200', years: [2014, 2016, 2018, 2020] },
  { matter2: '208', item: 'I6300', years: [2014, 2016, 2018, 2020] },
];

/** Per `code|year`, each of `items` of every SSDSE-A edition (a later edition's year wins), by item code. */
function rawItems(items: string[]): Map<string, Map<string, number>> {
  const out = new Map(items.map((i) => [i, new Map<string, number>()]));
  for (const f of readdirSync(SSDSE)
    .filter((f) => /^SSDSE-A-\d{4}\.csv$/.test(f))
    .sort()) {
    const rows = publishedGrid(join(SSDSE, f), 'shift_jis');
    for (const item of items) {
      const col = rows[0]!.indexOf(item);
      for (const r of rows.slice(3)) out.get(item)!.set(`${r[0]!.slice(1)}|${rows[1]![col]}`, Number(r[col]));
    }
  }
  return out;
}

/** 住基 residents (総計) on 1 January of year + 1, by 5-digit code and year. */
function rawResidents(): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of readdirSync(JUKI).filter((f) => f.endsWith('.csv'))) {
    const year = Number(/(\d{4})\.csv$/.exec(f)![1]) - 1;
    for (const r of publishedGrid(join(JUKI, f), 'utf-8').slice(4))
      if (/^\d{6}$/.test(r[0] ?? '')) out.set(`${r[0]!.slice(0, 5)}|${year}`, Number(r[5]!.replaceAll(',', '')));
  }
  return out;
}

/** SSDSE-B's 歯科診療所数 per `prefCode|year` (2-digit code). */
function rawDentalB(): Map<string, number> {
  const rows = publishedGrid(join(SSDSE, 'SSDSE-B-2023.csv'), 'utf-8');
  const col = rows[0]!.indexOf('歯科診療所数');
  return new Map(rows.slice(1).map((r) => [`${r[1]!.slice(1, 3)}|${r[0]}`, Number(r[col])]));
}

describe.skipIf(!HAS_TABLES)(`the official build of SSDSE (${HAS_TABLES ? OFFICIAL : SHARED_SKIP_NOTE})`, () => {
  let work: string;
  let renderer: OnDemand;
  beforeAll(() => {
    mkdirSync(TMP, { recursive: true });
    work = mkdtempSync(join(TMP, 'official-ssdse-'));
    // Only SSDSE and the 住基 tables: the census tables the folder also holds take most of an import's time.
    // Links to the files, not the folders: import:estat does not follow a link to a folder (a loop walked for ever).
    for (const d of ['ssdse', 'juki-vital']) {
      mkdirSync(join(work, d));
      for (const f of readdirSync(join(OFFICIAL, d))) symlinkSync(join(OFFICIAL, d, f), join(work, d, f));
    }
    const sources = loadSources(importEstat(work).set);
    const operations = OPERATIONS.filter((op) => Object.values(PATHS).includes(op.route.path));
    renderer = new OnDemand({ sources, operations });
  });
  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  const data = (path: string): { year?: number; code?: string; value: number }[] =>
    JSON.parse(renderer.read(`${path}/index.json`) ?? 'null')?.result?.data ?? [];
  const tax = (pref: number, city: string, year: number) =>
    data(`${PATHS.taxes}/prefCode/${pref}/cityCode/${city}`).find((d) => d.year === year)?.value;
  const chart = (pref: number, matter2: string, city: '-' | 'any', year: number, code: string) =>
    data(
      `${PATHS.chart}/prefCode/${pref}/matter2/${matter2}/broadCategoryCode/00/middleCategoryCode/-/secondaryMedicalCode/-/cityCode/${city}/year/${year}/dispType/1/sort/2`,
    ).find((d) => d.code === code)?.value;

  it('answers 500 points drawn from the tables: taxes per resident and the three medical counts', () => {
    const raw = rawItems(['D320101', ...MEDICAL.map((m) => m.item)]);
    const [residents, dentalB] = [rawResidents(), rawDentalB()];
    const cities = [...new Set([...raw.get('D320101')!.keys()].map((k) => k.slice(0, 5)))].sort();
    const next = fixedDraw(20260101);
    let checked = 0;
    for (let i = 0; i < 500; i++) {
      const city = cities[next(cities.length)]!;
      const pref = Number(city.slice(0, 2));
      const kind = next(4);
      if (kind === 0) {
        const year = 2015 + next(5);
        const [t, p] = [raw.get('D320101')!.get(`${city}|${year}`), residents.get(`${city}|${year}`)];
        if (t === undefined || p === undefined) continue; // a code renamed between the tables (那珂川, 富谷)
        expect(tax(pref, city, year), `taxes ${city} FY${year}`).toBe(Math.round(t / p));
      } else if (kind === 1) {
        const year = 2015 + next(5);
        const codes = cities.filter((c) => c.startsWith(city.slice(0, 2)));
        const sum = (m: Map<string, number>) => codes.reduce((a, c) => a + (m.get(`${c}|${year}`) ?? NaN), 0);
        const [t, p] = [sum(raw.get('D320101')!), sum(residents)];
        if (Number.isNaN(t) || Number.isNaN(p)) continue;
        expect(tax(pref, '-', year), `taxes prefecture ${pref} FY${year}`).toBe(Math.round(t / p));
      } else if (kind === 2) {
        const m = MEDICAL[1 + next(2)]!; // the chart serves 203 for prefectures only: below
        const year = m.years[next(m.years.length)]!;
        const expected = raw.get(m.item)!.get(`${city}|${year}`);
        const today = RENAMED[city] ?? city; // the importer puts an edition's old code onto today's
        expect(chart(pref, m.matter2, 'any', year, today), `${m.matter2} ${city} ${year}`).toBe(expected);
      } else {
        // SSDSE-B's figure: given as it stands in 2011 and 2014, the sum of SSDSE-A's municipalities after.
        const year = [2011, 2014, 2017, 2020][next(4)]!;
        const expected = dentalB.get(`${city.slice(0, 2)}|${year}`);
        expect(chart(pref, '203', '-', year, String(pref)), `203 prefecture ${pref} ${year}`).toBe(expected);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(450);
  });

  it('answers RESAS’s own taxes per resident for 港区, 2015–2019', () => {
    expect([2015, 2016, 2017, 2018, 2019].map((y) => tax(13, '13103', y))).toEqual([292, 308, 303, 304, 331]);
  });

  it('says the establishment and finance operations are unavailable: no table of the import holds them', () => {
    const reason = (path: string) => renderer.plan.table.operations.find((o) => o.path === path)?.unavailable;
    expect(reason(PATHS.plant)).toMatch(/no establishments\.csv/);
    expect(reason(PATHS.finance)).toMatch(/no settlement_amounts\.csv/);
  });
});
