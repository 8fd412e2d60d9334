// municipality/taxes/perYear is official for FY2015–2019 in the default build: 地方税 (SSDSE-A) over the
// 住民基本台帳 residents of the next 1 January, as RESAS computed it. Checked against RESAS's own answer for
// 港区, and at random municipalities against the raw tables in ../shared, read here independently of the
// anchors importer.

import '../helpers/sample-ready.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { result, routes } from '../helpers/dist.ts';
import { sampleSources } from '../helpers/sample.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { fixedDraw, OFFICIAL, publishedGrid as grid } from '../helpers/official.ts';

const HAS_TABLES = existsSync(join(OFFICIAL, 'ssdse')) && existsSync(join(OFFICIAL, 'juki-vital'));
const YEARS = [2015, 2016, 2017, 2018, 2019];
const taxes = (pref: string, city: string) =>
  result(`/api/v1/municipality/taxes/perYear?prefCode=${pref}&cityCode=${city}`);
const valueIn = (r: { data: { year: number; value: number }[] }, year: number) =>
  r.data.find((d) => d.year === year)?.value;

/** 地方税 (D320101) per fiscal year and municipality, from every SSDSE-A edition. */
function rawTaxes(): Map<string, number> {
  const out = new Map<string, number>();
  const dir = join(OFFICIAL, 'ssdse');
  for (const f of readdirSync(dir).filter((f) => f.startsWith('SSDSE-A-'))) {
    const rows = grid(join(dir, f), 'shift_jis');
    const col = rows[0]!.indexOf('D320101');
    for (const r of rows.slice(3)) out.set(`${r[0]!.slice(1)}|${rows[1]![col]}`, Number(r[col]));
  }
  return out;
}

/** 住基 residents (総計) on 1 January of year + 1, by 5-digit code and year. */
function rawResidents(): Map<string, number> {
  const out = new Map<string, number>();
  const dir = join(OFFICIAL, 'juki-vital');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
    const year = Number(/(\d{4})\.csv$/.exec(f)![1]) - 1;
    for (const r of grid(join(dir, f), 'utf-8').slice(4))
      if (/^\d{6}$/.test(r[0] ?? '')) out.set(`${r[0]!.slice(0, 5)}|${year}`, Number(r[5]!.replaceAll(',', '')));
  }
  return out;
}

describe('municipality/taxes/perYear, official FY2015–2019', () => {
  it.skipIf(!HAS_SHARED)(`answers RESAS's own figures for 港区, 2015–2019 (${SHARED_SKIP_NOTE})`, () => {
    const dir = join(SHARED_DATA, 'resas-responses/municipality_taxes_perYear');
    const real = JSON.parse(
      readFileSync(join(dir, 'prefCode=13&cityCode=13103__ueharaLab-notebook-2024.json'), 'utf8'),
    );
    const ours = taxes('13', '13103');
    for (const year of YEARS) expect(valueIn(ours, year), String(year)).toBe(valueIn(real.result, year));
  });

  it.skipIf(!HAS_TABLES)(
    `answers round(地方税 / 住基 residents) for 100 municipalities drawn at random (${HAS_TABLES ? OFFICIAL : SHARED_SKIP_NOTE})`,
    () => {
      const [t, p] = [rawTaxes(), rawResidents()];
      // The municipalities of the sample dist (prefectures 1 and 13), designated cities whole as SSDSE-A gives them.
      const cities = sampleSources()
        .regions.cities.filter((c) => [1, 13].includes(c.prefCode))
        .filter((c) => c.bigCityFlag !== '1' && t.has(`${c.cityCode}|2015`));
      const next = fixedDraw(20151231);
      for (let i = 0; i < 100; i++) {
        const city = cities[next(cities.length)]!;
        const year = YEARS[next(YEARS.length)]!;
        const expected = Math.round(t.get(`${city.cityCode}|${year}`)! / p.get(`${city.cityCode}|${year}`)!);
        const answer = valueIn(taxes(String(city.prefCode), city.cityCode), year);
        expect(answer, `${city.cityCode} ${city.cityName} FY${year}`).toBe(expected);
      }
    },
  );

  it('says which years are official: both levels partly official, the other tax operations synthetic', () => {
    const data = (path: string) => routes.table.operations.find((o) => o.path === path)!.data;
    expect(data('/api/v1/municipality/taxes/perYear')).toBe('mixed');
    expect(data('/api/v1/municipality/propertyTax/perYear')).toBe('synthetic');
    expect(data('/api/v1/municipality/residentTaxCorporate/perYear')).toBe('synthetic');
  });
});
