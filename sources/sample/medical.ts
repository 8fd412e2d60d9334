// Synthetic medical supply and demand: secondary medical areas made of neighbouring municipalities,
// and counts of patients, institutions, beds, physicians and nurses by the original's classes
// (sources/medical-classes.ts) for the data years of each matter2. Every (matter2, year) is generated at
// the finest unit the API serves it for, or at the municipalities where an official table gives them; the
// build sums municipalities and areas up to prefectures and the nation.
// Where sources/official/medical-counts.csv gives a total (202, 203, 206, 208: municipalities, designated
// cities whole, or a prefecture), the classes (and a designated city's wards, or a prefecture's
// municipalities) are apportioned to it exactly; the other years of those matter2 are scaled by their
// prefecture's factor at the nearest official year.

import type { City } from '../regions.ts';
import { prefRegion } from '../regions.ts';
import { MATTER2, type Matter2, type MedicalScheme } from '../medical-codes.ts';
import { MEDICAL_CLASSES, type MedicalClassDecl } from '../medical-classes.ts';
import { medicalCount } from '../official-statistics.ts';
import type { Row } from '../tables.ts';
import { apportion } from './fit.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { citiesOf } from './regions.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

// The weights of the classes: disease [inpatients, outpatients], roughly 患者調査 2020's estimated patients in
// thousands; department [hospitals, clinics], roughly 医療施設調査 2020's facilities offering each; doctor,
// roughly 医師・歯科医師・薬剤師統計 2020's physicians by main department; bed and nurse, shares in percent.
// Only their proportions matter (each matter2's total is drawn per resident); the counts are synthetic.
const WEIGHTS: Record<MedicalScheme, Record<string, number[]>> = {
  disease: {
    '011': [1.5, 23],
    '012': [2.5, 2],
    '013': [1.2, 50],
    '014': [0.6, 40],
    '015': [11, 35],
    '021': [10, 25],
    '022': [15, 35],
    '023': [15, 25],
    '024': [54, 95],
    '025': [8, 45],
    '031': [2, 12],
    '032': [3, 8],
    '041': [1, 40],
    '042': [15, 230],
    '043': [0.5, 135],
    '044': [9, 30],
    '051': [143, 53],
    '052': [28, 91],
    '053': [6, 73],
    '054': [55, 40],
    '06': [126, 167],
    '071': [5, 70],
    '072': [4, 230],
    '081': [0.1, 17],
    '082': [0.3, 30],
    '083': [0.2, 8],
    '084': [1, 20],
    '085': [0.4, 15],
    '091': [5, 590],
    '092': [12, 60],
    '093': [52, 66],
    '094': [70, 50],
    '095': [39, 20],
    '096': [20, 30],
    '101': [1, 160],
    '102': [25, 8],
    '103': [1, 50],
    '104': [6, 40],
    '105': [2, 75],
    '106': [40, 137],
    '111': [0.1, 290],
    '112': [0.1, 500],
    '113': [0.1, 240],
    '114': [3, 25],
    '115': [1, 55],
    '116': [6, 30],
    '117': [53, 150],
    '12': [11, 310],
    '131': [4, 60],
    '133': [20, 390],
    '134': [2, 60],
    '135': [48, 390],
    '141': [30, 130],
    '142': [4, 70],
    '143': [16, 90],
    '151': [0.3, 0.5],
    '152': [0.7, 0.3],
    '153': [1.5, 0.1],
    '154': [9.5, 10],
    '16': [6, 3],
    '17': [5, 14],
    '18': [12, 80],
    '191': [100, 100],
    '192': [33, 130],
    '201': [1, 40],
    '202': [5, 710],
  },
  department: {
    '01': [7000, 63000],
    '02': [2900, 6000],
    '03': [3800, 12000],
    '04': [3900, 15000],
    '05': [1500, 2200],
    '06': [2300, 3700],
    '07': [1700, 5000],
    '08': [750, 700],
    '09': [2000, 12500],
    '10': [550, 5500],
    '11': [1600, 3800],
    '12': [300, 500],
    '13': [2500, 18800],
    '14': [2700, 7000],
    '15': [650, 5500],
    '16': [4400, 11500],
    '17': [900, 250],
    '18': [1050, 600],
    '19': [1200, 1100],
    '20': [80, 250],
    '21': [1700, 1900],
    '22': [2700, 4000],
    '23': [1100, 3000],
    '24': [2500, 2600],
    '25': [4900, 12500],
    '26': [1400, 2500],
    '27': [90, 1100],
    '28': [2300, 8200],
    '29': [2000, 5800],
    '30': [400, 300],
    '31': [1050, 3000],
    '32': [140, 150],
    '33': [800, 2100],
    '34': [5700, 12500],
    '35': [3400, 4000],
    '36': [3000, 2600],
    '37': [850, 100],
    '38': [200, 50],
    '39': [800, 150],
    '40': [1100, 800],
    '41': [250, 70],
    '42': [200, 80],
    '43': [1100, 300],
  },
  doctor: {
    '01': [61100],
    '02': [6800],
    '03': [13000],
    '04': [15400],
    '05': [5300],
    '06': [5800],
    '07': [5500],
    '08': [2900],
    '09': [9300],
    '10': [180],
    '11': [1700],
    '12': [590],
    '13': [18000],
    '14': [16500],
    '15': [910],
    '16': [13800],
    '17': [2100],
    '18': [3300],
    '19': [2100],
    '20': [74],
    '21': [5300],
    '22': [7700],
    '23': [430],
    '24': [7300],
    '25': [22500],
    '26': [3100],
    '27': [1050],
    '28': [13600],
    '29': [9400],
    '30': [870],
    '31': [11700],
    '32': [450],
    '33': [1900],
    '34': [2900],
    '35': [7100],
    '36': [10300],
    '37': [2100],
    '38': [620],
    '39': [3800],
    '40': [18200],
    '41': [440],
    '42': [4000],
    '43': [1300],
  },
  bed: { '01': [59.0], '02': [21.0], '03': [0.2], '04': [0.3], '05': [19.5] },
  nurse: { '01': [71.0], '02': [29.0] },
  // One class coded 00 like the chart's "all classes": these matter2 are counted whole.
  total: { '00': [1] },
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

/** The table of the original's classes (medical-classes.ts); the scheme without classes has one, 00. */
function medicalClasses(): MedicalClassRow[] {
  return (Object.entries(MEDICAL_CLASSES) as [MedicalScheme, MedicalClassDecl[]][]).flatMap(
    ([scheme, cats]): MedicalClassRow[] =>
      scheme === 'total'
        ? [{ scheme, broadCode: '00', broadName: '総数', middleCode: '', middleName: '' }]
        : cats.flatMap((c) =>
            (c.middles.length ? c.middles : [{ code: '', name: '' }]).map((m) => ({
              scheme,
              broadCode: c.code,
              broadName: c.name,
              middleCode: m.code,
              middleName: m.name,
            })),
          ),
  );
}

/** The chartable items of a scheme: class code and weight per use; every class of the table has its weight. */
function items(scheme: MedicalScheme): { code: string; weight: number[] }[] {
  return medicalClasses()
    .filter((r) => r.scheme === scheme)
    .map((r) => {
      const code = r.middleCode || r.broadCode;
      const weight = WEIGHTS[scheme][code];
      if (!weight) throw new Error(`sources/sample/medical.ts: no weight for ${scheme} class ${code}`);
      return { code, weight };
    });
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
    // A region's mix is its own but steady over the years: the class noise ignores the year, so it is drawn
    // once per region and class (a stream per row was half the sample's generation time).
    const mixes = new Map<string, number>();
    const mixOf = (region: string, item: string) => {
      const key = `${region}|${item}`;
      let mix = mixes.get(key);
      if (mix === undefined) mixes.set(key, (mix = random(seed, 'medical-mix', m.code, region, item).normal()));
      return mix;
    };
    for (const year of m.years.prefecture ?? []) {
      for (const u of units[unitOf(m, year, leaves)]) {
        const region = u.regionCode || u.areaCode;
        const people = u.members.reduce((a, l) => a + total(l, year), 0);
        const yearNoise = random(seed, 'medical-year', m.code, region, year);
        const scale = people * rate * Math.exp(trend * (year - 2014) + 0.03 * yearNoise.normal());
        for (const item of list) {
          const mix = mixOf(region, item.code);
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
  return withoutZeros(rows);
}

/**
 * The rows of nonzero counts: most classes of a small municipality count 0 (half of 1.9 million rows), and
 * a class without a row counts 0. A region and year whose counts are all 0 keep their first row, so that
 * its chart says 0, not that there are no data.
 */
function withoutZeros(rows: MedicalCountRow[]): MedicalCountRow[] {
  const out: MedicalCountRow[] = [];
  // A region's rows of a matter2 and year are generated together (medicalCounts), so each is one run.
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && sameRun(rows[start]!, rows[end]!)) end++;
    const before = out.length;
    for (let i = start; i < end; i++) if (rows[i]!.count > 0) out.push(rows[i]!);
    if (out.length === before) out.push(rows[start]!);
    start = end;
  }
  return out;
}

/** Whether two rows count the same matter2, year and region. */
const sameRun = (a: MedicalCountRow, b: MedicalCountRow) =>
  a.matter2 === b.matter2 && a.year === b.year && a.regionCode === b.regionCode && a.areaCode === b.areaCode;

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
  let group: MedicalCountRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    // The key of a run of rows (withoutZeros) is found once for the run.
    if (i === 0 || !sameRun(rows[i - 1]!, r)) {
      const c = cities.get(r.regionCode);
      // A municipality the official table gives is fitted alone; the others together under their prefecture,
      // for the years the table gives the prefectures only (SSDSE-B's).
      const own = c && medicalCount(String(r.matter2), anchorCity(c), r.year) !== undefined;
      const region = own ? anchorCity(c) : (r.regionCode || r.areaCode).slice(0, 2);
      const key = `${r.matter2}|${r.year}|${region}`;
      group = groups.get(key) ?? [];
      if (!group.length) groups.set(key, group);
    }
    group.push(r);
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
