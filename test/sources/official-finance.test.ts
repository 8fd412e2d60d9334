// municipality/finance/forSettlementAmount is official in part in the default build: a municipality's
// 民生費, 土木費, 教育費 and 災害復旧費 of FY2015–2022 over its 歳出決算総額 (SSDSE-A, 地方財政状況調査).
// Checked at random municipalities against the raw tables in ../shared, read here independently of the
// anchors importer.

import '../helpers/sample-ready.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { result, routes } from '../helpers/dist.ts';
import { sampleSources } from '../helpers/sample.ts';
import { SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { fixedDraw, publishedGrid, SSDSE } from '../helpers/official.ts';

const HAS_TABLES = existsSync(SSDSE);
const YEARS = [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022];
/** The four purposes SSDSE-A gives, by the operation's item code, and the total. */
const ITEMS: Record<string, string> = { '03': 'D320303', '08': 'D320308', '11': 'D320310', '12': 'D320311' };
const TOTAL = 'D3203';

interface Settlement {
  years: { year: number; data: { code: string; label: string; value: number }[] }[];
}
const settlement = (year: number, pref: number, city: string, matter = 1) =>
  result<Settlement | null>(
    `/api/v1/municipality/finance/forSettlementAmount?year=${year}&prefCode=${pref}&cityCode=${city}&matter=${matter}`,
  );

/** Every SSDSE-A item of every edition, keyed `code|item|year` (the edition's reference year of the item). */
function rawItems(): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of readdirSync(SSDSE).filter((f) => f.startsWith('SSDSE-A-'))) {
    const rows = publishedGrid(join(SSDSE, f), 'shift_jis');
    const [codes = [], years = []] = rows;
    for (const item of [TOTAL, ...Object.values(ITEMS)]) {
      const col = codes.indexOf(item);
      for (const r of rows.slice(3)) out.set(`${r[0]?.slice(1)}|${item}|${years[col]}`, Number(r[col]));
    }
  }
  return out;
}

describe('municipality/finance/forSettlementAmount, official in part FY2015–2022', () => {
  it.skipIf(!HAS_TABLES)(
    `answers the shares of 民生費, 土木費, 教育費, 災害復旧費 in 歳出決算総額 for 100 municipality-years drawn at random (${HAS_TABLES ? SSDSE : SHARED_SKIP_NOTE})`,
    () => {
      const raw = rawItems();
      // The municipalities of the sample dist (prefectures 1 and 13), designated cities whole as SSDSE-A gives them.
      const cities = sampleSources()
        .regions.cities.filter((c) => [1, 13].includes(c.prefCode))
        .filter((c) => c.bigCityFlag !== '1' && raw.has(`${c.cityCode}|${TOTAL}|2022`));
      expect(cities.length).toBeGreaterThan(200);
      const next = fixedDraw(20220331);
      for (let i = 0; i < 100; i++) {
        const city = cities[next(cities.length)]!;
        const year = YEARS[next(YEARS.length)]!;
        const total = raw.get(`${city.cityCode}|${TOTAL}|${year}`)!;
        const answer = settlement(year, city.prefCode, city.cityCode)!.years[0]!.data;
        for (const [code, item] of Object.entries(ITEMS)) {
          const share = Math.round((raw.get(`${city.cityCode}|${item}|${year}`)! * 10_000) / total) / 100;
          expect(
            answer.find((d) => d.code === code)?.value,
            `${city.cityCode} ${city.cityName} FY${year} ${code}`,
          ).toBe(share);
        }
        // The ten synthetic purposes fill the rest of the official total: the shares add up to 100.
        expect(answer.reduce((a, d) => a + d.value, 0)).toBeCloseTo(100, 0);
      }
    },
  );

  it('serves fiscal years 2011–2022; a village no settlement table lists keeps no accounts', () => {
    expect(settlement(2022, 13, '13103')!.years[0]!.year).toBe(2022);
    expect(settlement(2011, 13, '13103')!.years[0]!.data).toHaveLength(13);
    // 色丹村, one of the six villages of the Northern Territories.
    expect(settlement(2011, 1, '01695')).toBeNull();
    expect(settlement(2019, 1, '01695')).toBeNull();
    // Prefecture governments stay synthetic, and answer every year.
    expect(settlement(2022, 13, '-')!.years[0]!.data.some((d) => d.label === '警察費')).toBe(true);
  });

  it('says the municipal level is partly official, prefecture governments synthetic', () => {
    const op = routes.table.operations.find((o) => o.path === '/api/v1/municipality/finance/forSettlementAmount');
    expect(op?.data).toEqual({ prefecture: 'synthetic', municipality: 'mixed' });
  });
});
