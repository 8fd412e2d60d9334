// medicalAnalysis/chart against what a client of the original sent it (K-Oxon/get_resas): every code of its
// class lists (../shared's koxon_mst_medical_*.csv) accepted for its matter2 and named as the list names it,
// and the client's own requests (every municipality of a prefecture, every secondary area; the years and
// class codes of src/get_resas/config/medical_analysis.py) answered with data.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../sources/csv.ts';
import type { Row } from '../../sources/tables.ts';
import { Checklist } from '../helpers/checklist.ts';
import { result, routes } from '../helpers/dist.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { rowsOf } from '../helpers/sample.ts';

const CHART = '/api/v1/medicalWelfare/medicalAnalysis/chart';
const RATE = '/api/v1/medicalWelfare/medicalAnalysis/rate';

/** The client's code lists and the matter2 it sent each with. */
const MASTERS: [file: string, matter2: string[]][] = [
  ['koxon_mst_medical_injury_classification.csv', ['102', '103']],
  ['koxon_mst_medical_hospital_classification.csv', ['201', '202']],
  ['koxon_mst_medical_type_of_hospital_beds.csv', ['204']],
  ['koxon_mst_medical_doctor_classification.csv', ['205']],
];

type MasterRow = {
  broadCategoryCode: string;
  broadCategoryName: string;
  middleCategoryCode?: string;
  middleCategoryName?: string;
};

function master(file: string): MasterRow[] {
  const rows: MasterRow[] = [];
  let header: string[] | null = null;
  parseCsv(readFileSync(join(SHARED_DATA, 'masters', file), 'utf8'), file, (cells) => {
    if (!header) header = cells;
    else rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]!])) as MasterRow);
  });
  return rows;
}

/** The doc of a class rule's case in the route table: where the code for all classes is named. */
function ruleDoc(param: string, key: string): string {
  const op = routes.table.operations.find((o) => o.path === CHART)!;
  return op.constraints!.find((c) => c.param === param)!.cases[key]!.doc;
}

/** What the API calls each code of a matter2: the rate's legends name the classes, the class rules the "all" codes. */
function apiNames(matter2: string): Map<string, string> {
  const r = result(`${RATE}?prefCode=13&matter2=${matter2}&year=2020`);
  const names = new Map<string, string>(r.changes.legend.map((l: any) => [l.code, l.label]));
  for (const t of r.theme)
    for (const l of t.legend) if (l.code !== '-') names.set(`${t.broad_category_cd}|${l.code}`, l.label);
  return names;
}

const every = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe(`${CHART}: the original's codes`, () => {
  it.skipIf(!HAS_SHARED)(
    `takes every code of the client's lists for its matter2 and names it as the list does (${HAS_SHARED ? 'koxon_mst_medical_*.csv' : SHARED_SKIP_NOTE})`,
    () => {
      const list = new Checklist();
      for (const [file, matters] of MASTERS) {
        const rows = master(file);
        for (const m of matters) {
          const names = apiNames(m);
          for (const r of rows) {
            const [broad, middle = '-'] = [r.broadCategoryCode, r.middleCategoryCode];
            const url = `${CHART}?prefCode=13&matter2=${m}&broadCategoryCode=${broad}&middleCategoryCode=${middle}&year=2020`;
            const echo = result(url);
            list.same(
              `${echo.broadCategoryCode} ${echo.middleCategoryCode} ${echo.data.length}`,
              `${broad} ${middle} 47`,
              url,
            );
            // 00 (all classes) and, for diseases, the broad code followed by 0 (all of it) are named by the rules.
            if (broad === '00') list.check(ruleDoc('broadCategoryCode', m).includes(`00 ${r.broadCategoryName}`), url);
            else list.same(names.get(broad), r.broadCategoryName, `${url}: broad name`);
            if (middle === `${broad}0`)
              list.check(
                ruleDoc('middleCategoryCode', `${m}|${broad}`).includes(`${middle} ${r.middleCategoryName}`),
                url,
              );
            else if (middle !== '-')
              list.same(names.get(`${broad}|${middle}`), r.middleCategoryName, `${url}: middle name`);
          }
          // And no other class: the API's are exactly the list's.
          const want = new Set<string>();
          for (const { broadCategoryCode: b, middleCategoryCode: mid } of rows) {
            if (b === '00') continue;
            want.add(b);
            if (mid && mid !== `${b}0`) want.add(`${b}|${mid}`);
          }
          list.same([...names.keys()].sort().join(' '), [...want].sort().join(' '), `${m}: the classes`);
        }
      }
      expect(list.failures).toEqual([]);
      expect(list.checked).toBeGreaterThan(400);
    },
  );

  it('takes 207 as 00 all, 01 病院, 02 診療所; 203, 206 and 208, which have no classes, as - (the client) or 00', () => {
    const rate = result(`${RATE}?prefCode=13&matter2=207&year=2020`);
    expect(rate.changes.legend).toEqual([
      { label: '病院', code: '01' },
      { label: '診療所', code: '02' },
    ]);
    const base = `${CHART}?prefCode=13&matter2=207&middleCategoryCode=-&year=2020&sort=2`;
    const value = (q: string) => result(`${base}&${q}`).data.map((d: any) => d.value);
    const [all, hospitals, clinics] = ['00', '01', '02'].map((b) => value(`broadCategoryCode=${b}`));
    expect(all).toEqual(hospitals!.map((h: number, i: number) => h + clinics![i]));
    for (const m of ['203', '206', '208']) {
      const q = `${CHART}?prefCode=1&matter2=${m}&middleCategoryCode=-&year=2020&cityCode=01100`;
      const [dash, zero] = [result(`${q}&broadCategoryCode=-`), result(`${q}&broadCategoryCode=00`)];
      expect([dash.broadCategoryCode, zero.broadCategoryCode]).toEqual(['-', '00']);
      expect(dash.data).toEqual(zero.data);
      expect(result(q)).toEqual(zero);
    }
  });

  it("answers the client's requests: every municipality of prefCode and every area, its years, dispType 1 and 2", () => {
    // src/get_resas/config/medical_analysis.py: matter2, years and broad code by municipality and by area.
    const municipal: [string[], number[], string][] = [
      [['201', '202', '204'], every(2002, 2020, 3), '00'],
      [['203'], every(2002, 2020, 3), '-'],
      [['205'], every(2008, 2020, 2), '00'],
      [['206', '208'], every(2000, 2020, 2), '-'],
    ];
    const areas: [string[], number[], string, string][] = [
      [['102'], every(2014, 2020, 3), '00', '000'],
      [['201', '202', '204'], every(2014, 2020, 3), '00', '-'],
      [['203'], every(2014, 2020, 3), '-', '-'],
      [['205'], every(2014, 2020, 2), '00', '-'],
      [['206', '208'], every(2014, 2020, 2), '-', '-'],
    ];
    const areaCount = new Set(rowsOf<Row<'medical_areas'>>('medical_areas').map((a) => a.areaCode)).size;
    const list = new Checklist();
    const ask = (query: string, regions: number, missing: number) => {
      const r = result(`${CHART}?${query}`);
      const values = r.data.filter((d: any) => d.value !== null).length;
      list.same(`${r.data.length} regions, ${values >= regions - missing}`, `${regions} regions, true`, query);
    };
    for (const dispType of [1, 2]) {
      // The sample dist's prefectures; Hokkaido's six Northern-Territories villages have no figures.
      for (const [pref, cities, missing] of [
        ['1', result('/api/v1/cities?prefCode=1').length, 6],
        ['13', result('/api/v1/cities?prefCode=13').length, 0],
      ] as const)
        for (const [matters, years, broad] of municipal)
          for (const m of matters)
            for (const year of years)
              ask(
                `year=${year}&dispType=${dispType}&sort=2&matter2=${m}&broadCategoryCode=${broad}&middleCategoryCode=-&prefCode=${pref}&cityCode=01100&secondaryMedicalCode=-`,
                cities,
                missing,
              );
      for (const [matters, years, broad, middle] of areas)
        for (const m of matters)
          for (const year of years)
            ask(
              `year=${year}&dispType=${dispType}&sort=2&matter2=${m}&broadCategoryCode=${broad}&middleCategoryCode=${middle}&prefCode=1&cityCode=01202&secondaryMedicalCode=0101`,
              areaCount,
              0,
            );
    }
    expect(list.failures).toEqual([]);
    expect(list.checked).toBe(2 * (2 * (3 * 7 + 7 + 7 + 2 * 11) + (3 + 3 * 3 + 3 + 4 + 2 * 4)));
  });
});
