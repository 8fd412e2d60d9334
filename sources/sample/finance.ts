// Synthetic settled expenditure by purpose (目的別歳出決算額, thousand yen) of every prefecture government
// and municipality, fiscal years 2011–2014. Spending follows the sample's own residents (taxes.ts
// interpolates them between census years): about 330 thousand yen a head in a large city, three times
// that in a village of 2,000, as the settlement statistics show. Municipalities spend most on welfare
// (民生費), prefectures on education (teachers' pay) and have the police (警察費); rural places spend more
// on farming and forestry. A designated city keeps the accounts of its wards.
// FY2015–2022 a municipality's total and its 民生費, 土木費, 教育費 and 災害復旧費 are the official ones
// (sources/official/municipal-finance.csv); its other ten purposes are fitted to fill the rest, and its
// earlier years are scaled per purpose to meet the first official year. A municipality the official
// tables never list (the six villages of the Northern Territories) keeps no accounts.

import { leavesOf, type LeafPopulation } from './population.ts';
import { attraction } from './profile.ts';
import { random } from './random.ts';
import { residentsIn } from './taxes.ts';
import { apportion } from './fit.ts';
import { financeYears, municipalFinance, type OfficialFinance } from '../official-statistics.ts';
import type { Row } from '../tables.ts';
import { csvOf, type SampleTables } from './shared.ts';

const SETTLEMENT_YEARS = Array.from({ length: 12 }, (_, i) => 2011 + i);

/** Code, name, and the share of spending at a municipality and at a prefecture (0: the level has no such item). */
const ITEMS: [string, string, number, number][] = [
  ['01', '議会費', 0.01, 0.003],
  ['02', '総務費', 0.12, 0.06],
  ['03', '民生費', 0.34, 0.16],
  ['04', '衛生費', 0.09, 0.04],
  ['05', '労働費', 0.004, 0.004],
  ['06', '農林水産業費', 0.04, 0.06],
  ['07', '商工費', 0.035, 0.07],
  ['08', '土木費', 0.11, 0.13],
  ['09', '消防費', 0.035, 0.004],
  ['10', '警察費', 0, 0.07],
  ['11', '教育費', 0.11, 0.21],
  ['12', '災害復旧費', 0.006, 0.006],
  ['13', '公債費', 0.12, 0.14],
  ['14', '諸支出金', 0.002, 0.04],
];

const EXPENDITURE_ITEMS = ITEMS.map(([itemCode, itemName, city]) => ({
  itemCode,
  itemName,
  level: city === 0 ? 'prefecture' : 'all',
}));

interface Entity {
  code: string;
  prefecture: boolean;
  /** 0 rural … 1 urban. */
  urban: number;
  leaves: LeafPopulation[];
}

function settlementAmounts(seed: string, leaves: LeafPopulation[]) {
  const rows: Row<'settlement_amounts'>[] = [];
  for (const e of entities(leaves)) {
    const rnd = random(seed, 'settlement', e.code);
    const weights = ITEMS.map(([code, , city, pref]) => {
      const base = e.prefecture ? pref : city;
      // Each government weighs the purposes a little differently; farming and forestry (06) weigh more where it is rural.
      const tilt = base === 0 ? 0 : Math.exp(0.25 * rnd.normal());
      return base * tilt * (code === '06' ? 1.8 - 1.4 * e.urban : 1);
    });
    const sum = weights.reduce((a, w) => a + w, 0);
    const level = Math.exp(0.12 * rnd.normal());
    for (const year of SETTLEMENT_YEARS) {
      const residents = e.leaves.reduce((a, l) => a + residentsIn(l, year), 0);
      if (residents === 0) continue;
      const perHead =
        (e.prefecture ? 300 * (1 + 1.2e6 / (residents + 4e5)) : 330 * (1 + 2.5 * Math.exp(-residents / 15_000))) *
        level;
      const total = residents * perHead * Math.exp(0.03 * rnd.normal());
      ITEMS.forEach(([itemCode], i) => {
        if (weights[i] === 0) return;
        // Disaster recovery comes in bursts; the rest moves little from year to year.
        const swing = itemCode === '12' ? Math.exp(1.2 * rnd.normal()) : Math.exp(0.04 * rnd.normal());
        rows.push({ regionCode: e.code, year, itemCode, amount: Math.round(((total * weights[i]!) / sum) * swing) });
      });
    }
  }
  return fitOfficial(rows);
}

/** The purposes official in municipal-finance.csv, by item code. */
const OFFICIAL_ITEMS: Record<string, keyof OfficialFinance> = {
  '03': 'welfare',
  '08': 'publicWorks',
  '11': 'education',
  '12': 'disasterRecovery',
};

/** A municipality's amounts of one year, official where the table gives them and the rest fitted to its total. */
function fitYear(group: Row<'settlement_amounts'>[], official: OfficialFinance): number[] {
  const fixed = group.map((r) => {
    const column = OFFICIAL_ITEMS[r.itemCode];
    return column === undefined ? undefined : official[column];
  });
  const rest = official.expenditure - fixed.reduce<number>((a, n) => a + (n ?? 0), 0);
  const others = group.filter((_, i) => fixed[i] === undefined);
  const spread = apportion(
    rest,
    others.map((r) => r.amount),
  );
  let k = 0;
  return fixed.map((n) => n ?? spread[k++] ?? 0);
}

/**
 * The official figures in place of the synthetic ones (municipalities only: prefecture governments are not
 * in the table). A municipality's years before the first official one are scaled, purpose by purpose, by
 * its factor at that year, so that its composition does not jump there.
 */
function fitOfficial(rows: Row<'settlement_amounts'>[]): Row<'settlement_amounts'>[] {
  const years = financeYears();
  const [first = Infinity, last = -Infinity] = [years[0], years.at(-1)];
  const listed = new Set<string>();
  const groups = new Map<string, Row<'settlement_amounts'>[]>();
  for (const r of rows) {
    if (r.regionCode.length !== 5) continue;
    if (municipalFinance(r.regionCode, first)) listed.add(r.regionCode);
    const key = `${r.regionCode}|${r.year}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const factors = new Map<string, number>();
  for (const [key, group] of groups) {
    const [code = '', year] = key.split('|');
    const official = municipalFinance(code, Number(year));
    if (!official) continue;
    const fitted = fitYear(group, official);
    group.forEach((r, i) => {
      if (Number(year) === first) factors.set(`${code}|${r.itemCode}`, r.amount > 0 ? (fitted[i] ?? 0) / r.amount : 1);
      r.amount = fitted[i] ?? 0;
    });
  }
  for (const r of rows)
    if (r.regionCode.length === 5 && r.year < first)
      r.amount = Math.round(r.amount * (factors.get(`${r.regionCode}|${r.itemCode}`) ?? 1));
  // A municipality never listed, or a year of the official span a listed one lacks, has no accounts.
  return rows.filter(
    (r) =>
      r.regionCode.length !== 5 ||
      (listed.has(r.regionCode) && (r.year < first || r.year > last || !!municipalFinance(r.regionCode, r.year))),
  );
}

/** The local governments: each prefecture, each municipality with facts, designated cities with their wards. */
function entities(leaves: LeafPopulation[]): Entity[] {
  const out = new Map<string, Entity>();
  const add = (code: string, prefecture: boolean, urban: number, leaf: LeafPopulation) => {
    const e = out.get(code) ?? out.set(code, { code, prefecture, urban, leaves: [] }).get(code)!;
    e.leaves.push(leaf);
  };
  for (const leaf of leaves) {
    const { city } = leaf;
    add(city.bigCityFlag === '1' ? city.designatedCityCode : city.cityCode, false, leaf.urban, leaf);
    add(String(city.prefCode).padStart(2, '0'), true, attraction(city.prefCode), leaf);
  }
  return [...out.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

export const SAMPLE = {
  expenditure_items: () => csvOf('expenditure_items', EXPENDITURE_ITEMS),
  settlement_amounts: (d) => csvOf('settlement_amounts', settlementAmounts(d.seed, leavesOf(d))),
} satisfies SampleTables;
