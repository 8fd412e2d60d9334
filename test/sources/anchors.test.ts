// The official tables the sample is anchored to (sources/official): their shape and identities always;
// against ../shared when it is there: npm run anchors reproduces them byte for byte, and they are the
// totals real RESAS perYear responses show.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAnchors } from '../../sources/anchors/import.ts';
import { parseCsv } from '../../sources/csv.ts';
import {
  ANCHOR_CREDITS,
  nationalByAgeSex,
  nationalUnknown,
  OFFICIAL_DIR,
  OFFICIAL_FILE_NAMES,
  OFFICIAL_FILES,
  PREFECTURE_YEARS,
  prefecturePopulation,
} from '../../sources/official.ts';
import {
  medicalCount,
  migrationYears,
  municipalProjectionByAgeSex,
  municipalProjectionYears,
  prefectureMigration,
} from '../../sources/official-statistics.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE, TMP } from '../helpers/paths.ts';

const OFFICIAL = join(SHARED_DATA, 'official');
const HAS_OFFICIAL = existsSync(join(OFFICIAL, 'jlstat_total.csv'));
const PREFS = Array.from({ length: 47 }, (_, i) => i + 1);
/** The 1960 national total counts 73 people of the 長野県山口村–岐阜県中津川市 boundary dispute, in no prefecture. */
const NOT_IN_A_PREFECTURE: Record<number, number> = { 1960: 73 };

const records = (path: string) => {
  const out: string[][] = [];
  parseCsv(readFileSync(path, 'utf8'), path, (cells) => out.push(cells));
  return out.slice(1);
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('official anchor tables', () => {
  it('are plain CSV files, with the years and rows the README states', () => {
    expect(OFFICIAL_FILES.map((f) => existsSync(f))).toEqual(OFFICIAL_FILES.map(() => true));
    for (const f of OFFICIAL_FILES) {
      const text = readFileSync(f, 'utf8');
      expect(text.charCodeAt(0)).not.toBe(0xfeff);
      expect(text).not.toContain('\r');
      expect(text.endsWith('\n')).toBe(true);
    }
    const years = (from: number, to: number) => Array.from({ length: (to - from) / 5 + 1 }, (_, i) => from + 5 * i);
    expect(PREFECTURE_YEARS).toEqual({ census: years(1920, 2020), projection: years(2025, 2045) });
    const prefRows = records(OFFICIAL_FILES[0]!);
    expect(prefRows.filter((r) => r[2] === 'census')).toHaveLength(47 * 21 - 1); // 沖縄県 1945 is NA
    expect(prefRows.filter((r) => r[2] === 'projection')).toHaveLength(47 * 5);
    expect(prefecturePopulation(47, 1945)).toBeUndefined();
    expect(records(OFFICIAL_FILES[1]!)).toHaveLength(17 * 2 * 18 + 4 * 2 * 21 + 5 * 2 * 21);
    expect(records(OFFICIAL_FILES[2]!)).toHaveLength(21);
    // Prefecture × sex × age: c03's 18 classes 1960–2015, 19 in 2020 and 2025–2045.
    expect(records(OFFICIAL_FILES[3]!)).toHaveLength(47 * 2 * (12 * 18 + 19 + 5 * 19));
    expect(records(join(OFFICIAL_DIR, OFFICIAL_FILE_NAMES.prefectureStays))).toHaveLength(47 * 13); // 2009–2021
    // Medical: 1,741 municipalities in 2014, 2016, 2017, 2018 and 2020, and 47 prefectures in 2011 and 2014.
    const medical = records(join(OFFICIAL_DIR, OFFICIAL_FILE_NAMES.medical));
    expect(medical).toHaveLength(1741 * 5 + 47 * 2);
    expect(medicalCount('202', '13101', 2020)).toBe(506);
    expect(medicalCount('202', '13', 2014)).toBe(12780);
    expect(medicalCount('205', '13101', 2020)).toBeUndefined();
    // Net migration 2021: 47 prefectures × (9 blocks + 3 age classes); a block's and the classes' sums agree
    // but where the report's 総数 is not its classes' sum (see the README).
    expect(records(join(OFFICIAL_DIR, OFFICIAL_FILE_NAMES.prefectureMigration))).toHaveLength(47 * 12);
    expect(migrationYears()).toEqual([2021]);
    const tokyo = prefectureMigration(13, 2021)!;
    expect(sum(Object.values(tokyo.blocks))).toBe(10_815);
    expect(sum(tokyo.ageClasses)).toBe(10_815);
    expect(prefectureMigration(1, 2021)!.blocks['01']).toBe(0); // 北海道 has no other prefecture in its block
    expect(prefectureMigration(13, 2020)).toBeUndefined();
    // IPSS 2018's municipalities, wards and 8 designated cities whole, 2025–2045; 千代田区 2040: 77,135.
    expect(records(join(OFFICIAL_DIR, OFFICIAL_FILE_NAMES.municipalProjection))).toHaveLength(1798 * 5 * 2);
    expect(municipalProjectionYears()).toEqual([2025, 2030, 2035, 2040, 2045]);
    const chiyoda = municipalProjectionByAgeSex('13101', 2040)!;
    expect(sum(chiyoda.male) + sum(chiyoda.female)).toBe(77_135);
    expect(municipalProjectionByAgeSex('07201', 2040)).toBeUndefined(); // 福島市: IPSS did not project 福島県's
    expect(ANCHOR_CREDITS).toContain('出典: 総務省統計局「住民基本台帳人口移動報告」');
    expect(ANCHOR_CREDITS.join('\n')).toMatch(/国勢調査（総務省統計局）[\s\S]*平成30\(2018\)年推計[\s\S]*平成29年推計/);
  });

  it('has a positive whole total for every prefecture and year but 沖縄県 1945', () => {
    for (const pref of PREFS) {
      for (const year of [...PREFECTURE_YEARS.census, ...PREFECTURE_YEARS.projection]) {
        const v = prefecturePopulation(pref, year);
        if (pref === 47 && year === 1945) continue;
        expect(Number.isInteger(v) && v! > 0, `${pref} ${year}: ${v}`).toBe(true);
      }
    }
  });

  it('has national age classes to 85+ up to 2000 and to 100+ after, and no unknown age in projections', () => {
    for (const year of [...PREFECTURE_YEARS.census, ...PREFECTURE_YEARS.projection]) {
      const n = nationalByAgeSex(year)!;
      expect(n.openFrom).toBe(year <= 2000 ? 85 : 100);
      expect([n.male.length, n.female.length]).toEqual([n.openFrom / 5 + 1, n.openFrom / 5 + 1]);
      expect([...n.male, ...n.female].every((v) => Number.isInteger(v) && v > 0)).toBe(true);
      expect(nationalUnknown(year)).toBeGreaterThanOrEqual(0);
    }
    expect(nationalUnknown(2020)).toBe(2_931_838);
    expect(PREFECTURE_YEARS.projection.map(nationalUnknown)).toEqual([0, 0, 0, 0, 0]);
    expect(nationalByAgeSex(2050)).toBeUndefined();
  });

  it('adds the prefectures up to the national total (age classes + unknown age) in every year', () => {
    for (const year of [...PREFECTURE_YEARS.census, ...PREFECTURE_YEARS.projection]) {
      const n = nationalByAgeSex(year)!;
      const national = sum(n.male) + sum(n.female) + nationalUnknown(year);
      const prefectures = sum(PREFS.map((p) => prefecturePopulation(p, year) ?? 0));
      expect(national - prefectures, String(year)).toBe(NOT_IN_A_PREFECTURE[year] ?? 0);
    }
  });
});

describe.skipIf(!HAS_OFFICIAL)(
  `official anchor tables against ../shared (${HAS_OFFICIAL ? OFFICIAL : SHARED_SKIP_NOTE})`,
  () => {
    it('npm run anchors regenerates them byte for byte', () => {
      const tmp = process.env.REGSTAT_TEST_TMP ?? TMP;
      mkdirSync(tmp, { recursive: true });
      const out = mkdtempSync(join(tmp, 'anchors-'));
      const report = writeAnchors(OFFICIAL, out);
      try {
        expect(readdirSync(out).sort()).toEqual(Object.values(OFFICIAL_FILE_NAMES).sort());
        for (const name of Object.values(OFFICIAL_FILE_NAMES)) {
          expect(readFileSync(join(out, name)).equals(readFileSync(join(OFFICIAL_DIR, name))), name).toBe(true);
        }
      } finally {
        rmSync(out, { recursive: true });
      }
      expect(report.skipped).toEqual(['沖縄県 1945 (NA in jlstat_total_prefecture.csv)']);
      expect(report.census.filter((c) => c.national !== c.prefectures)).toEqual([
        { year: 1960, prefectures: 94_301_550, national: 94_301_623 },
      ]);
      expect(report.projection.map((p) => p.prefectures - p.national)).toEqual([0, 0, 1, 2, 0, 1, 1]);
      expect(report.projection.map((p) => p.prefectures - p.ages)).toEqual([0, 0, 0, 0, 0, 0, 0]);
      // 富谷市 (a town until 2016) under its new code before 住基 used it; 那珂川町's old code is carried to 40231.
      expect(report.taxes.years).toEqual([2015, 2016, 2017, 2018, 2019]);
      // Guest nights of the facilities of 10 or more employees: 2009–2020 SSDSE-B, 2021 SSDSE-E.
      expect(report.stays.years.map((y) => `${y.year} ${y.file}`)).toEqual([
        ...Array.from({ length: 12 }, (_, i) => `${2009 + i} SSDSE-B`),
        '2021 SSDSE-E',
      ]);
      expect(report.stays.years.find((y) => y.year === 2019)).toMatchObject({
        guests: 500_979_890,
        foreignGuests: 101_306_460,
      });
      // SSDSE-B's prefectures are SSDSE-A's municipalities summed, wherever both give a year.
      expect(report.medical.checkedYears).toEqual([2015, 2016, 2017, 2018, 2019, 2020]);
      expect(report.medical.disagreements).toEqual([]);
      expect(report.medical.years).toEqual([
        { matter2: '202', municipal: [2017, 2020], prefecture: [2011, 2014] },
        { matter2: '203', municipal: [2017, 2020], prefecture: [2011, 2014] },
        { matter2: '206', municipal: [2014, 2016, 2018, 2020], prefecture: [] },
        { matter2: '208', municipal: [2014, 2016, 2018, 2020], prefecture: [] },
      ]);
      // Economic census: 2014 every establishment, B and C from the sectors; 2016 and 2021 民営, a few 格付不能.
      expect(
        report.establishments.years.map((y) => [y.year, y.scope, y.municipalities, y.unclassified.length]),
      ).toEqual([
        [2014, 'all', 1741, 0],
        [2016, 'private', 1741, 60],
        [2021, 'private', 1741, 13],
      ]);
      expect(report.establishments.years.map((y) => y.most)).toEqual([
        { plants: 0, employees: 0 },
        { plants: 15, employees: 112 },
        { plants: 3, employees: 173 },
      ]);
      expect(report.taxes.unmatched).toEqual(['04216 (2015)']);
      expect(report.finance.years).toEqual([2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022]);
      expect(report.finance.counts).toEqual(Array(8).fill(1741));
      // Migration 2021: every move counted at both ends, so the prefectures' nets add up to 0 per age class.
      expect(report.migration).toMatchObject({ year: 2021, rows: 15_768, nationalAgeClasses: [0, 0, 0] });
      // IPSS 2018's municipalities 2025–2045: none of 福島県's, 8 designated cities whole, 那珂川町 renamed.
      const fukushima = Array.from({ length: 59 }, () => expect.stringMatching(/^07\d{3}$/));
      expect(report.municipalProjection).toEqual({
        years: [2025, 2030, 2035, 2040, 2045],
        municipalities: 1670,
        wards: 128,
        wholeCities: [
          '11100 さいたま市',
          '14150 相模原市',
          '15100 新潟市',
          '22100 静岡市',
          '22130 浜松市',
          '27140 堺市',
          '33100 岡山市',
          '43100 熊本市',
        ],
        wardsOfWholeCities: 47,
        renamed: ['40305 那珂川町 → 40231'],
        prefecturesWithout: [7],
        missing: ['01695', '01696', '01697', '01698', '01699', '01700', ...fukushima],
      });
      expect(report.migration.ageGaps.map((g) => [g.prefCode, g.total - g.classes])).toEqual([
        [4, -1],
        [20, -1],
        [23, 3],
        [24, -1],
        [33, -1],
        [39, 1],
      ]);
    });

    it('has the projections of the IPSS 2018 table the e-Stat import reads', () => {
      const file = join(OFFICIAL, 'ipss-2018/projection_prefecture.csv');
      if (!existsSync(file)) return;
      let checked = 0;
      parseCsv(readFileSync(file, 'utf8'), file, (cells) => {
        const year = Number(cells[4]?.replace('年', ''));
        if (cells[1] !== 'a' || year <= 2020) return;
        expect(prefecturePopulation(Number(cells[0]) / 1000, year), cells.slice(0, 5).join(',')).toBe(Number(cells[5]));
        checked++;
      });
      expect(checked).toBe(47 * 5);
    });

    it.skipIf(!HAS_SHARED)('are the 総人口 of the real RESAS perYear responses, 1960–2045', () => {
      const dir = join(SHARED_DATA, 'resas-responses/population_composition_perYear');
      for (let pref = 1; pref <= 39; pref++) {
        const body = JSON.parse(readFileSync(join(dir, `prefCode=${pref}&cityCode=-.json`), 'utf8'));
        const total = body.result.data.find((d: { label: string }) => d.label === '総人口').data as {
          year: number;
          value: number;
        }[];
        expect(total).toHaveLength(18);
        expect(
          total.map((p) => [p.year, prefecturePopulation(pref, p.year)]),
          `prefCode ${pref}`,
        ).toEqual(total.map((p) => [p.year, p.value]));
      }
    });
  },
);
