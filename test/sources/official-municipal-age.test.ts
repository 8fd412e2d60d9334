// The default build's municipal population in the census years of sources/official/municipal-age.csv
// (1980 and 2020) against the census tables as e-Stat published them (../shared/data/official/census-estat),
// read here on their own: random municipalities of a fixed draw, both sexes, every 5-year class, in the
// rendered answers of population/composition/pyramid, and their totals (年齢不詳 included) in perYear.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import perYearOp from '../../build/ops/population/population-composition-per-year.ts';
import pyramidOp from '../../build/ops/population/population-composition-pyramid.ts';
import { NO_DATA_CITIES, localGovCities } from '../../sources/local-gov.ts';
import { fixedDraw, OFFICIAL, publishedGrid } from '../helpers/official.ts';
import { sampleSources } from '../helpers/sample.ts';

const CENSUS = join(OFFICIAL, 'census-estat');
const FILES = {
  1980: join(CENSUS, 'population_census_1980_table00101.csv'),
  2020: join(CENSUS, 'population_census_2020_table2-7-1.csv'),
  converter: join(CENSUS, 'municipality_converter_jp.csv'),
};
const HAS_CENSUS = Object.values(FILES).every((f) => existsSync(f));

/** Men and women in the 19 classes (90 and over folded, as RESAS showed them) and the total with 年齢不詳. */
interface Published {
  male: number[];
  female: number[];
  total: number;
}

const count = (cell: string) => (cell === '-' || cell === '***' ? 0 : Number(cell.replace(/,/g, '')));

/**
 * A census table's rows of the whole population by area code: 0–4 … 95–99 and 100歳以上 folded at 90, and
 * 年齢不詳 (the column after 100歳以上), found by their headers (0～4歳 in 2020, ０－４歳【人】 in 1980).
 */
function published(file: string): Map<string, Published> {
  const grid = publishedGrid(file, 'utf-8');
  const header = grid.find((r) => r.some((c) => /^(0～4歳|０－４歳【人】)$/.test(c)))!;
  const first = header.findIndex((c) => /^(0～4歳|０－４歳【人】)$/.test(c));
  const out = new Map<string, Published>();
  for (const r of grid.slice(grid.indexOf(header) + 1)) {
    if (r.length <= first + 21 || r.includes('日本人')) continue;
    const sex = r.slice(0, first).find((c) => c === '男' || c === '女');
    if (!sex) continue;
    const code = r[first - 4]!;
    const e = out.get(code) ?? { male: [], female: [], total: 0 };
    const classes = r.slice(first, first + 21).map(count);
    e[sex === '男' ? 'male' : 'female'] = [...classes.slice(0, 18), classes.slice(18).reduce((a, v) => a + v, 0)];
    e.total += classes.reduce((a, v) => a + v, 0) + count(r[first + 21]!);
    out.set(code, e);
  }
  return out;
}

/** The converter's 1980 municipality → its municipality of 2020 (codes zero-padded to five digits). */
function converter1980(): Map<string, string> {
  const grid = publishedGrid(FILES.converter, 'utf-8');
  const [from, to] = ['id_muni1980', 'id_muni2020'].map((h) => grid[0]!.indexOf(h)) as [number, number];
  return new Map(
    grid.slice(1).flatMap((r) => (r[from] && r[to] ? [[r[from]!.padStart(5, '0'), r[to]!.padStart(5, '0')]] : [])),
  );
}

/** 1980's municipalities added up onto a municipality of today through the converter (a code it does not know names itself: 仙台市 04100). */
function in1980(table: Map<string, Published>, mapped: Map<string, string>, today: string): Published {
  const sum: Published = { male: new Array(19).fill(0), female: new Array(19).fill(0), total: 0 };
  for (const [code, e] of table) {
    if ((mapped.get(code) ?? (code === today ? today : undefined)) !== today) continue;
    e.male.forEach((v, i) => (sum.male[i]! += v));
    e.female.forEach((v, i) => (sum.female[i]! += v));
    sum.total += e.total;
  }
  return sum;
}

/** 皆野町's prefecture, 長野県 and 岐阜県 (山口村 moved between them), and two more of a fixed draw. */
const draw = fixedDraw(1980_2020);
const PREFS = [...new Set([11, 20, 21, 1 + draw(47), 1 + draw(47)])].sort((a, b) => a - b);

describe.skipIf(!HAS_CENSUS)(
  `the default build's municipalities in 1980 and 2020 (needs the census tables in ${CENSUS}; skipped when they are absent)`,
  () => {
    let effects: MemoryEffects | undefined;
    /** The `result` of a file the build wrote (the shared dist's routes know its prefectures only: the path is spelled out). */
    const answer = (path: string) => {
      if (!effects) {
        effects = new MemoryEffects();
        const masters = OPERATIONS.filter((o) => o.family === 'masters');
        build({ sources: sampleSources(), operations: [...masters, pyramidOp, perYearOp], prefs: PREFS }, effects);
      }
      const file = effects.files.get(`/api/v1/population/composition/${path}/index.json`);
      if (!file) throw new Error(`the build wrote no ${path}`);
      return JSON.parse(file).result;
    };
    const pyramid = (pref: number, city: string) =>
      answer(`pyramid/prefCode/${pref}/cityCode/${city}/yearLeft/1980/yearRight/2020`);
    const total = (pref: number, city: string, year: number) =>
      answer(`perYear/prefCode/${pref}/cityCode/${city}`)
        .data.find((s: { label: string }) => s.label === '総人口')
        .data.find((p: { year: number }) => p.year === year).value;

    it('answers every class of both sexes, and the total with 年齢不詳, as the census tables give them', () => {
      const tables = { 1980: published(FILES[1980]), 2020: published(FILES[2020]) };
      const mapped = converter1980();
      const leaves = localGovCities().filter(
        (c) => PREFS.includes(c.prefCode) && c.bigCityFlag !== '2' && !NO_DATA_CITIES.has(c.cityCode),
      );
      const picked = new Set([
        '11362',
        '21206',
        ...Array.from({ length: 12 }, () => leaves[draw(leaves.length)]!.cityCode),
      ]);
      for (const city of leaves.filter((c) => picked.has(c.cityCode))) {
        // 1980 knows designated cities whole: their census is the city's, not a ward's.
        const whole = city.bigCityFlag === '1' ? city.designatedCityCode : city.cityCode;
        const want = { 1980: in1980(tables[1980], mapped, whole), 2020: tables[2020].get(city.cityCode)! };
        const got = {
          1980: pyramid(city.prefCode, whole).yearLeft,
          2020: pyramid(city.prefCode, city.cityCode).yearRight,
        };
        for (const year of [1980, 2020] as const) {
          const at = `${city.cityCode} ${city.cityName} ${year}`;
          expect(
            got[year].data.map((d: { man: number }) => d.man),
            at,
          ).toEqual(want[year].male);
          expect(
            got[year].data.map((d: { woman: number }) => d.woman),
            at,
          ).toEqual(want[year].female);
          expect(total(city.prefCode, year === 1980 ? whole : city.cityCode, year), at).toBe(want[year].total);
        }
      }
      // 皆野町, as RESAS's perYear would show it: 12,817 in 1980 and 9,302 in 2020.
      expect([total(11, '11362', 1980), total(11, '11362', 2020)]).toEqual([12817, 9302]);
    });

    it("keeps 1980's prefectures whole where today's municipalities do not add up to them (山口村)", () => {
      const table = published(FILES[1980]);
      for (const pref of [20, 21]) {
        const own = table.get(`${pref}000`)!;
        const got = pyramid(pref, '-').yearLeft;
        expect(
          got.data.map((d: { man: number }) => d.man),
          String(pref),
        ).toEqual(own.male);
        expect(
          got.data.map((d: { woman: number }) => d.woman),
          String(pref),
        ).toEqual(own.female);
        expect(total(pref, '-', 1980)).toBe(own.total);
      }
      // 長野県 1980 counted 山口村's 2,148 people, which 岐阜県中津川市 (21206) counts today.
      const nagano = localGovCities().filter((c) => c.prefCode === 20 && c.bigCityFlag !== '1');
      const sum = nagano.reduce((a, c) => a + total(20, c.cityCode, 1980), 0);
      expect(total(20, '-', 1980) - sum).toBe(2148);
    });
  },
);
