// population/society/forArea and forAgeClass are partly official in the default build: a prefecture's
// net migration in 2021 (住民基本台帳人口移動報告, 日本人移動者) with each regional block and by age class,
// its municipalities' synthetic nets adding up to it. Checked against the report's table in ../shared,
// read here independently of the anchors importer (its own block membership, its own age sums).

import '../helpers/sample-ready.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../sources/csv.ts';
import type { Row } from '../../sources/tables.ts';
import { result, routes } from '../helpers/dist.ts';
import { rowsOf } from '../helpers/sample.ts';
import { SAMPLE_PREFS, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';

const TABLE = join(SHARED_DATA, 'official/migration-2021/migration_2021.csv');
const HAS_TABLE = existsSync(TABLE);
const YEAR = 2021;
/** RESAS's blocks by their first and last prefecture code (北海道, 東北, 北関東, 東京圏, 中部, 関西, 中国, 四国, 九州・沖縄). */
const BLOCKS: [string, number, number][] = [
  ['01', 1, 1],
  ['02', 2, 7],
  ['03', 8, 10],
  ['04', 11, 14],
  ['05', 15, 23],
  ['06', 24, 30],
  ['07', 31, 35],
  ['08', 36, 39],
  ['09', 40, 47],
];

interface Raw {
  /** By block code: the net with the block's prefectures. */
  blocks: Map<string, number>;
  /** The 総数 with 全国, and the nets with 全国 in 0–14, 15–64 and 65+. */
  total: number;
  classes: number[];
}

/** 日本人移動者 (61000) of each prefecture, from the table's rows: column 6 is 総数, 7–25 the 5-year classes. */
function rawNets(): Map<number, Raw> {
  const rows: string[][] = [];
  parseCsv(readFileSync(TABLE, 'utf8').replace(/^\uFEFF/, ''), TABLE, (c) => rows.push(c));
  const out = new Map<number, Raw>();
  for (const r of rows.slice(2)) {
    const [area, nat, cp] = [Number(r[0]), r[2], Number(r[4])];
    if (nat !== '61000' || area % 1000 !== 0 || area > 47000) continue;
    const pref = area / 1000;
    const raw = out.get(pref) ?? { blocks: new Map<string, number>(), total: 0, classes: [0, 0, 0] };
    out.set(pref, raw);
    const total = Number(r[6]);
    if (cp === 0) {
      raw.total = total;
      // 0–4 … 10–14, 15–19 … 60–64, 65–69 … 90歳以上.
      const ages = r.slice(7, 26).map(Number);
      raw.classes = [ages.slice(0, 3), ages.slice(3, 13), ages.slice(13)].map((a) => a.reduce((x, y) => x + y, 0));
    } else if (cp % 1000 === 0 && cp <= 47000) {
      const block = BLOCKS.find(([, from, to]) => cp / 1000 >= from && cp / 1000 <= to)![0];
      raw.blocks.set(block, (raw.blocks.get(block) ?? 0) + total);
    }
  }
  return out;
}

type Net = { value: number };
type AreaNet = Net & { areaCode: string };
type ClassNet = Net & { ageClass: number };

describe.skipIf(!HAS_TABLE)(`net migration of 2021 (${HAS_TABLE ? TABLE : SHARED_SKIP_NOTE})`, () => {
  const raw = HAS_TABLE ? rawNets() : new Map<number, Raw>();

  it("forArea answers the report's nets with each block, and its 総数 with 全国 as the total", () => {
    for (const pref of SAMPLE_PREFS) {
      const data = result(`/api/v1/population/society/forArea?prefCode=${pref}`).data;
      const year = data.find((d: { year: number }) => d.year === YEAR);
      const areas: AreaNet[] = [...(year.positiveAreas ?? []), ...(year.negativeAreas ?? [])];
      const official = raw.get(pref)!;
      // A zero net is left out of both lists (北海道 with its own block).
      const expected = [...official.blocks].filter(([, v]) => v !== 0).sort();
      expect(areas.map((a) => [a.areaCode, a.value]).sort(), `${pref}`).toEqual(expected);
      expect(year.total.value).toBe(official.total);
    }
    expect(raw.get(13)!.total).toBe(10_815); // PROVENANCE.md: Tokyo's Japanese movers, 2021
  });

  it("forAgeClass answers the report's three classes for a prefecture", () => {
    for (const pref of SAMPLE_PREFS) {
      const data = result(`/api/v1/population/society/forAgeClass?prefCode=${pref}&cityCode=-`).data;
      const year = data.find((d: { year: number }) => d.year === YEAR);
      const classes: ClassNet[] = [...(year.positiveAgeClasses ?? []), ...(year.negativeAgeClasses ?? [])];
      const byClass = [1, 2, 3].map((c) => classes.find((a) => a.ageClass === c)?.value ?? 0);
      expect(byClass, `${pref}`).toEqual(raw.get(pref)!.classes);
    }
  });

  it("fits every prefecture's municipalities to add up to the report's classes", () => {
    const sums = new Map<string, number>();
    for (const r of rowsOf<Row<'migration_by_age_group'>>('migration_by_age_group')) {
      if (r.year !== YEAR) continue;
      const key = `${Number(r.regionCode.slice(0, 2))}|${r.ageClass}`;
      sums.set(key, (sums.get(key) ?? 0) + r.net);
    }
    for (let pref = 1; pref <= 47; pref++)
      expect(
        [1, 2, 3].map((c) => sums.get(`${pref}|${c}`)),
        `${pref}`,
      ).toEqual(raw.get(pref)!.classes);
  });
});

describe('net migration: what stays synthetic, and how the build says so', () => {
  it('is mixed for forArea and a prefecture of forAgeClass; municipalities and the cohorts synthetic', () => {
    const data = (path: string) => routes.table.operations.find((o) => o.path === path)!.data;
    expect(data('/api/v1/population/society/forArea')).toBe('mixed');
    expect(data('/api/v1/population/society/forAgeClass')).toEqual({
      prefecture: 'mixed',
      municipality: 'synthetic',
    });
    expect(data('/api/v1/population/society/forAgeClassLine')).toBe('synthetic');
  });

  it('keeps the synthetic years around 2021', () => {
    const data = result('/api/v1/population/society/forArea?prefCode=13').data as { year: number }[];
    expect(data.map((d) => d.year)).toEqual(Array.from({ length: 13 }, (_, i) => 2010 + i));
  });
});
