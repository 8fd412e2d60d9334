// Synthetic code lists that RESAS had but no package supplies: the narrow industry classes of each middle
// class, and the old municipalities (旧市区町村) each present one absorbed. The structure follows the
// originals (narrow code = middle code + one digit, x0 the management establishments of the class; old
// codes 01, 02, … per municipality); the names other than x0's are invented and say so or look it.

import { toCsv } from '../csv.ts';
import type { City } from '../regions.ts';
import { INDUSTRIES_MIDDLE } from './classifications.ts';
import { random } from './random.ts';
import { citiesOf } from './regions.ts';
import { type SampleTables } from './shared.ts';

/** Narrow classes: x0 as JSIC names it, then 1–8 numbered classes, the last `その他の…` as JSIC closes most classes. */
function industriesNarrow(seed: string): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const [simcCode, , simcName] of INDUSTRIES_MIDDLE) {
    const rnd = random(seed, 'narrow', simcCode);
    const n = 1 + Math.floor(rnd() * 8);
    rows.push([`${simcCode}0`, simcCode, `管理，補助的経済活動を行う事業所（${simcCode}${simcName}）`]);
    for (let i = 1; i < n; i++) rows.push([`${simcCode}${i}`, simcCode, `${simcName}（小分類${i}）`]);
    rows.push([`${simcCode}9`, simcCode, `その他の${simcName}`]);
  }
  return rows;
}

const HEADS = [
  '上',
  '下',
  '東',
  '西',
  '南',
  '北',
  '中',
  '新',
  '大',
  '小',
  '高',
  '長',
  '本',
  '古',
  '若',
  '広',
  '松',
  '杉',
  '竹',
  '梅',
];
const TAILS = [
  '田',
  '川',
  '山',
  '野',
  '原',
  '沢',
  '浜',
  '島',
  '岡',
  '谷',
  '木',
  '井',
  '津',
  '瀬',
  '崎',
  '平',
  '江',
  '里',
  '森',
  '坂',
];

/**
 * Old municipalities: designated cities, special wards and ordinary municipalities absorbed 0–8 of them
 * (cities more than towns); a ward has none of its own (its city has them).
 */
function oldCities(seed: string, cities: City[]): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const c of cities) {
    if (c.bigCityFlag === '1') continue;
    const rnd = random(seed, 'old-cities', c.cityCode);
    const isCity = c.bigCityFlag !== '0' || c.cityName.endsWith('市');
    const n = Math.floor(rnd() * (isCity ? 9 : 4));
    const used = new Set<string>();
    for (let i = 1; i <= n; i++) {
      let name: string;
      do {
        const stem = HEADS[Math.floor(rnd() * HEADS.length)]! + TAILS[Math.floor(rnd() * TAILS.length)]!;
        name = stem + (rnd() < 0.7 ? '村' : '町');
      } while (used.has(name));
      used.add(name);
      rows.push([c.cityCode, String(i).padStart(2, '0'), name]);
    }
  }
  return rows;
}

export const SAMPLE = {
  industries_narrow: (d) => toCsv(['siscCode', 'simcCode', 'siscName'], industriesNarrow(d.seed)),
  old_cities: (d) => toCsv(['cityCode', 'oldCityCode', 'oldCityName'], oldCities(d.seed, citiesOf(d))),
} satisfies SampleTables;
