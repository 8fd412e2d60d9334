// Synthetic medical supply and demand: secondary medical areas made of neighbouring municipalities,
// and counts of patients, institutions, beds, physicians and nurses by class for the data years of
// each matter2. Every (matter2, year) is generated at the finest unit the API serves it for, or at the
// municipalities where an official table gives them; the build sums municipalities and areas up to
// prefectures and the nation.
// Where sources/official/medical-counts.csv gives a total (202, 203, 206, 208: municipalities, designated
// cities whole, or a prefecture), the classes (and a designated city's wards) are apportioned to it exactly;
// the other years of those matter2 are scaled by their prefecture's factor at the nearest official year.

import type { City } from '../regions.ts';
import { prefRegion } from '../regions.ts';
import { MATTER2, type Matter2, type MedicalScheme } from '../medical-codes.ts';
import { medicalCount } from '../official-statistics.ts';
import type { Row } from '../tables.ts';
import { apportion } from './fit.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { citiesOf } from './regions.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

/** A broad category: its code, name and either middle classes or, alone, a weight per matter2 use. */
type Category = [code: string, name: string, items: [code: string, name: string, weight: number[]][] | number[]];

// Weights: disease [inpatients, outpatients]; department [hospitals, clinics]; others one weight.
const CLASSES: Record<MedicalScheme, Category[]> = {
  disease: [
    [
      '01',
      '感染症及び寄生虫症',
      [
        ['011', '腸管感染症', [0.2, 0.6]],
        ['012', '結核', [0.3, 0.05]],
        ['013', 'その他の感染症及び寄生虫症', [0.8, 1.4]],
      ],
    ],
    [
      '02',
      '新生物',
      [
        ['021', '悪性新生物', [9.5, 3.0]],
        ['022', '良性新生物及びその他の新生物', [1.0, 0.9]],
      ],
    ],
    ['03', '血液及び造血器の疾患並びに免疫機構の障害', [0.4, 0.3]],
    [
      '04',
      '内分泌，栄養及び代謝疾患',
      [
        ['041', '糖尿病', [1.5, 3.5]],
        ['042', 'その他の内分泌，栄養及び代謝疾患', [1.0, 3.5]],
      ],
    ],
    [
      '05',
      '精神及び行動の障害',
      [
        ['051', '統合失調症等', [11.5, 0.9]],
        ['052', '気分［感情］障害', [2.1, 1.2]],
        ['053', 'その他の精神及び行動の障害', [4.5, 0.8]],
      ],
    ],
    [
      '06',
      '神経系の疾患',
      [
        ['061', 'アルツハイマー病', [3.8, 0.6]],
        ['062', 'その他の神経系の疾患', [5.0, 1.8]],
      ],
    ],
    ['07', '眼及び付属器の疾患', [0.8, 4.5]],
    ['08', '耳及び乳様突起の疾患', [0.2, 1.4]],
    [
      '09',
      '循環器系の疾患',
      [
        ['091', '高血圧性疾患', [0.5, 8.5]],
        ['092', '心疾患', [5.8, 2.0]],
        ['093', '脳血管疾患', [12.0, 1.2]],
      ],
    ],
    [
      '10',
      '呼吸器系の疾患',
      [
        ['101', '肺炎', [3.0, 0.1]],
        ['102', 'その他の呼吸器系の疾患', [4.5, 7.5]],
      ],
    ],
    [
      '11',
      '消化器系の疾患',
      [
        ['111', '歯及び歯の支持組織の疾患', [0.1, 18.0]],
        ['112', 'その他の消化器系の疾患', [4.7, 3.5]],
      ],
    ],
    ['12', '皮膚及び皮下組織の疾患', [0.9, 4.0]],
    [
      '13',
      '筋骨格系及び結合組織の疾患',
      [
        ['131', '脊柱障害', [2.0, 5.5]],
        ['132', 'その他の筋骨格系及び結合組織の疾患', [3.0, 6.0]],
      ],
    ],
    [
      '14',
      '腎尿路生殖器系の疾患',
      [
        ['141', '腎不全', [2.1, 2.4]],
        ['142', 'その他の腎尿路生殖器系の疾患', [2.6, 2.6]],
      ],
    ],
    ['15', '妊娠，分娩及び産じょく', [1.2, 0.2]],
    [
      '19',
      '損傷，中毒及びその他の外因の影響',
      [
        ['191', '骨折', [7.0, 1.8]],
        ['192', 'その他の損傷，中毒及びその他の外因の影響', [3.0, 3.2]],
      ],
    ],
  ],
  department: [
    [
      '01',
      '内科系',
      [
        ['011', '内科', [8.0, 60.0]],
        ['012', '呼吸器内科', [2.5, 6.0]],
        ['013', '循環器内科', [4.0, 12.0]],
        ['014', '消化器内科', [4.0, 14.0]],
        ['015', '糖尿病内科', [1.5, 4.0]],
      ],
    ],
    [
      '02',
      '外科系',
      [
        ['021', '外科', [5.0, 12.0]],
        ['022', '整形外科', [5.0, 12.0]],
        ['023', '脳神経外科', [2.5, 2.5]],
        ['024', '形成外科', [1.2, 2.0]],
      ],
    ],
    ['03', '小児科', [2.6, 19.0]],
    ['04', '産婦人科', [1.2, 3.5]],
    [
      '05',
      '精神科系',
      [
        ['051', '精神科', [2.8, 6.0]],
        ['052', '心療内科', [0.8, 5.0]],
      ],
    ],
    [
      '06',
      '感覚器系',
      [
        ['061', '眼科', [2.5, 8.0]],
        ['062', '耳鼻いんこう科', [2.0, 5.5]],
        ['063', '皮膚科', [2.2, 12.0]],
      ],
    ],
    ['07', '泌尿器科', [2.6, 4.0]],
    ['08', 'リハビリテーション科', [5.5, 12.0]],
    ['09', '放射線科', [2.7, 3.0]],
  ],
  doctor: [
    [
      '01',
      '内科系',
      [
        ['011', '内科', [20.0]],
        ['012', '呼吸器内科', [2.1]],
        ['013', '循環器内科', [4.4]],
        ['014', '消化器内科', [5.0]],
        ['015', '糖尿病内科', [1.8]],
      ],
    ],
    [
      '02',
      '外科系',
      [
        ['021', '外科', [4.5]],
        ['022', '整形外科', [7.0]],
        ['023', '脳神経外科', [2.6]],
        ['024', '形成外科', [1.0]],
      ],
    ],
    ['03', '小児科', [5.6]],
    ['04', '産婦人科', [3.5]],
    [
      '05',
      '精神科系',
      [
        ['051', '精神科', [5.0]],
        ['052', '心療内科', [0.3]],
      ],
    ],
    [
      '06',
      '感覚器系',
      [
        ['061', '眼科', [4.3]],
        ['062', '耳鼻いんこう科', [3.1]],
        ['063', '皮膚科', [3.0]],
      ],
    ],
    ['07', '泌尿器科', [2.3]],
    ['08', 'リハビリテーション科', [1.0]],
    ['09', '放射線科', [2.2]],
    [
      '10',
      'その他',
      [
        ['101', '臨床研修医', [5.8]],
        ['102', 'その他・不詳', [6.0]],
      ],
    ],
  ],
  bed: [
    ['01', '一般病床', [59.0]],
    ['02', '精神病床', [21.0]],
    ['03', '感染症病床', [0.2]],
    ['04', '結核病床', [0.3]],
    ['05', '療養病床', [19.5]],
  ],
  // One category coded 00 like the chart's "all classes": these matter2 are counted whole.
  total: [['00', '総数', [1]]],
  nurse: [
    [
      '1',
      '病院',
      [
        ['11', '看護師', [62.0]],
        ['12', '准看護師', [9.0]],
      ],
    ],
    [
      '2',
      '診療所',
      [
        ['21', '看護師', [17.0]],
        ['22', '准看護師', [12.0]],
      ],
    ],
  ],
};

/** Counts per resident for each matter2, and their yearly trend. */
const PER_CAPITA: Record<string, { rate: number; trend: number; use: number }> = {
  '102': { rate: 0.0095, trend: -0.008, use: 0 },
  '103': { rate: 0.057, trend: -0.004, use: 1 },
  '201': { rate: 0.00045, trend: -0.01, use: 0 },
  '202': { rate: 0.0055, trend: 0.004, use: 1 },
  '203': { rate: 0.00054, trend: -0.002, use: 0 },
  '204': { rate: 0.0124, trend: -0.006, use: 0 },
  '205': { rate: 0.0025, trend: 0.012, use: 0 },
  '206': { rate: 0.00083, trend: 0.003, use: 0 },
  '207': { rate: 0.0105, trend: 0.018, use: 0 },
  '208': { rate: 0.0025, trend: 0.017, use: 0 },
};

interface MedicalClassRow {
  scheme: MedicalScheme;
  broadCode: string;
  broadName: string;
  middleCode: string;
  middleName: string;
}

function medicalClasses(): MedicalClassRow[] {
  return (Object.entries(CLASSES) as [MedicalScheme, Category[]][]).flatMap(([scheme, cats]) =>
    cats.flatMap(([broadCode, broadName, items]) =>
      typeof items[0] === 'number'
        ? [{ scheme, broadCode, broadName, middleCode: '', middleName: '' }]
        : (items as [string, string, number[]][]).map(([middleCode, middleName]) => ({
            scheme,
            broadCode,
            broadName,
            middleCode,
            middleName,
          })),
    ),
  );
}

/** The chartable items of a scheme: class code and weight per use. */
function items(scheme: MedicalScheme): { code: string; weight: number[] }[] {
  return CLASSES[scheme].flatMap(([code, , inner]) =>
    typeof inner[0] === 'number'
      ? [{ code, weight: inner as number[] }]
      : (inner as [string, string, number[]][]).map(([c, , weight]) => ({ code: c, weight })),
  );
}

interface MedicalArea {
  areaCode: string;
  areaName: string;
  /** The representative first, then the others by code. */
  cities: City[];
}

/**
 * Groups each prefecture's municipalities, in code order (which follows districts), into about one area
 * per nine municipalities; a designated city's wards stay together. The most populous member represents
 * the area and names it.
 */
function medicalAreas(leaves: LeafPopulation[], cities: City[]): MedicalArea[] {
  const names = new Map(cities.map((c) => [c.cityCode, c.cityName]));
  const pop = new Map(leaves.map((l) => [l.city.cityCode, total(l, 2020)]));
  const out: MedicalArea[] = [];
  for (const pref of [...new Set(leaves.map((l) => l.city.prefCode))]) {
    const mine = leaves
      .filter((l) => l.city.prefCode === pref)
      .map((l) => l.city)
      .sort((a, b) => a.cityCode.localeCompare(b.cityCode));
    const units: City[][] = [];
    for (const c of mine) {
      const last = units[units.length - 1];
      if (c.designatedCityCode && last?.[0]?.designatedCityCode === c.designatedCityCode) last.push(c);
      else units.push([c]);
    }
    const n = Math.min(units.length, Math.max(2, Math.min(20, Math.round(mine.length / 9))));
    const groups: City[][] = [];
    let done = 0;
    for (const unit of units) {
      const k = Math.min(n - 1, Math.floor((done * n) / mine.length));
      (groups[k] ??= []).push(...unit);
      done += unit.length;
    }
    groups
      .filter((g) => g.length > 0)
      .forEach((g, i) => {
        const rep = g.reduce((a, b) => ((pop.get(b.cityCode) ?? 0) > (pop.get(a.cityCode) ?? 0) ? b : a));
        const stem = (rep.designatedCityCode ? names.get(rep.designatedCityCode)! : rep.cityName).replace(
          /[市町村区]$/,
          '',
        );
        out.push({
          areaCode: `${prefRegion(pref)}${String(i + 1).padStart(2, '0')}`,
          areaName: `${stem}圏`,
          cities: [rep, ...g.filter((c) => c !== rep)],
        });
      });
  }
  return out;
}

type MedicalCountRow = Row<'medical_counts'>;

function medicalCounts(seed: string, leaves: LeafPopulation[], areas: MedicalArea[]): MedicalCountRow[] {
  const byCity = new Map(leaves.map((l) => [l.city.cityCode, l]));
  const prefs = [...new Set(leaves.map((l) => l.city.prefCode))];
  const units = {
    municipality: leaves.map((l) => ({ regionCode: l.city.cityCode, areaCode: '', members: [l] })),
    area: areas.map((a) => ({
      regionCode: '',
      areaCode: a.areaCode,
      members: a.cities.map((c) => byCity.get(c.cityCode)!),
    })),
    prefecture: prefs.map((p) => ({
      regionCode: prefRegion(p),
      areaCode: '',
      members: leaves.filter((l) => l.city.prefCode === p),
    })),
  };
  const rows: MedicalCountRow[] = [];
  for (const m of MATTER2) {
    const { rate, trend, use } = PER_CAPITA[m.code]!;
    const list = items(m.scheme);
    const sum = list.reduce((a, i) => a + (i.weight[use] ?? i.weight[0]!), 0);
    for (const year of m.years.prefecture ?? []) {
      for (const u of units[unitOf(m, year, leaves)]) {
        const region = u.regionCode || u.areaCode;
        const people = u.members.reduce((a, l) => a + total(l, year), 0);
        const yearNoise = random(seed, 'medical-year', m.code, region, year);
        const scale = people * rate * Math.exp(trend * (year - 2014) + 0.03 * yearNoise.normal());
        for (const item of list) {
          // A region's mix is its own but steady over the years: the class noise ignores the year.
          const mix = random(seed, 'medical-mix', m.code, region, item.code).normal();
          const expected = (scale * (item.weight[use] ?? item.weight[0]!) * Math.exp(0.25 * mix)) / sum;
          rows.push({
            matter2: Number(m.code),
            year,
            regionCode: u.regionCode,
            areaCode: u.areaCode,
            classCode: item.code,
            count: Math.round(expected),
          });
        }
      }
    }
  }
  fitOfficial(rows, new Map(leaves.map((l) => [l.city.cityCode, l.city])));
  return rows;
}

/** Where a matter2's year is generated: the finest unit served, or the municipalities an official table gives. */
function unitOf(m: Matter2, year: number, leaves: LeafPopulation[]): 'municipality' | 'area' | 'prefecture' {
  const official = leaves.some((l) => medicalCount(m.code, anchorCity(l.city), year) !== undefined);
  if (official || m.years.municipality?.includes(year)) return 'municipality';
  return m.years.area?.includes(year) ? 'area' : 'prefecture';
}

/** The code the official tables give a municipality's counts under: a ward's designated city (listed whole). */
const anchorCity = (c: City) => c.designatedCityCode || c.cityCode;

/**
 * The official totals in place of the synthetic ones: each official region's rows (its classes, and a
 * designated city's wards) apportioned to its count in proportion to their synthetic counts. The other
 * years of the matter2 are scaled by their prefecture's factor (official / synthetic) at the nearest
 * official year, so that a series does not jump where the official years begin.
 */
function fitOfficial(rows: MedicalCountRow[], cities: Map<string, City>): void {
  const groups = new Map<string, MedicalCountRow[]>();
  for (const r of rows) {
    const c = cities.get(r.regionCode);
    const region = c ? anchorCity(c) : r.regionCode || r.areaCode.slice(0, 2);
    const key = `${r.matter2}|${r.year}|${region}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  // Per matter2|prefecture|year: the official and the synthetic totals of the regions fitted.
  const fitted = new Map<string, { official: number; synthetic: number }>();
  for (const [key, group] of groups) {
    const [matter2, year, region] = key.split('|');
    const official = medicalCount(matter2 ?? '', region ?? '', Number(year));
    if (official === undefined) continue;
    const shares = apportion(
      official,
      group.map((r) => r.count),
    );
    const at = `${matter2}|${region?.slice(0, 2)}|${year}`;
    const sums = fitted.get(at) ?? { official: 0, synthetic: 0 };
    sums.synthetic += group.reduce((a, r) => a + r.count, 0);
    sums.official += official;
    fitted.set(at, sums);
    group.forEach((r, i) => (r.count = shares[i] ?? r.count));
  }
  scaleOtherYears(rows, fitted);
}

/** Rows of the years not fitted, scaled by their prefecture's factor at the matter2's nearest fitted year. */
function scaleOtherYears(rows: MedicalCountRow[], fitted: Map<string, { official: number; synthetic: number }>): void {
  const yearsOf = new Map<string, number[]>();
  for (const key of fitted.keys()) {
    const at = key.slice(0, key.lastIndexOf('|'));
    yearsOf.set(at, [...(yearsOf.get(at) ?? []), Number(key.slice(-4))]);
  }
  for (const r of rows) {
    const at = `${r.matter2}|${(r.regionCode || r.areaCode).slice(0, 2)}`;
    const years = yearsOf.get(at);
    if (!years || years.includes(r.year)) continue;
    const nearest = years.reduce((a, y) => (Math.abs(y - r.year) < Math.abs(a - r.year) ? y : a));
    const sums = fitted.get(`${at}|${nearest}`);
    if (sums && sums.synthetic > 0) r.count = Math.round((r.count * sums.official) / sums.synthetic);
  }
}

/** Residents at the census at or before a year (the sample's population runs in 5-year steps). */
function total(leaf: LeafPopulation, year: number): number {
  const y = leaf.byYear.get(year - (year % 5)) ?? leaf.byYear.get(2020)!;
  let n = 0;
  for (let i = 0; i < y.man.length; i++) n += y.man[i]! + y.woman[i]!;
  return n;
}

const areasOf = shared((d) => medicalAreas(leavesOf(d), citiesOf(d)));

export const SAMPLE = {
  medical_areas: (d) =>
    csvOf(
      'medical_areas',
      areasOf(d).flatMap((a) =>
        a.cities.map((c) => ({ areaCode: a.areaCode, areaName: a.areaName, cityCode: c.cityCode })),
      ),
    ),
  medical_classes: () => csvOf('medical_classes', medicalClasses()),
  medical_counts: (d) => csvOf('medical_counts', medicalCounts(d.seed, leavesOf(d), areasOf(d))),
} satisfies SampleTables;
