// Patent records as the lists the patent operation pages through: one per year and holder location
// (prefecture, municipality, designated city) and one per year and holder. Joint applications are
// the application numbers that appear with more than one holder.

import { listKey } from '../runtime/routes.ts';
import type { Sources } from '../../sources/load.ts';
import { perSourcesAndKey } from './memo.ts';
import { rowsOf } from './table.ts';

/** A record as the API prints it, plus its row id for the final tie-break. */
export interface PatentRecord {
  applyNo: string;
  patentSection: string;
  patentSubject: string;
  fiClass: string;
  patentName: string;
  patentHolder: string;
  patentHolderId: string;
  applyDate: string;
  prefCode: string;
  cityCode: string;
  jointlyFlg: string;
  lat: number;
  lng: number;
}

export const PAGE_SIZE = 100;
export const PATENT_YEARS = [2017, 2018, 2019, 2020, 2021, 2022];

/** sort1 1–7: the record field each sorts by. */
export const SORT_KEYS: (keyof PatentRecord)[] = [
  'applyNo',
  'patentSection',
  'patentSubject',
  'fiClass',
  'patentName',
  'patentHolder',
  'applyDate',
];

export interface PatentFacts {
  /** Records by list key: `year|1|prefCode|cityCode|` or `year|2|||holderId` (the resolver's key). */
  lists: Map<string, { record: PatentRecord; id: number }[]>;
  /** Holders with a record located in the scope. */
  holders: string[];
  /** The keys of the lists a build of the scope serves (its regions', its holders'), sorted. */
  served: string[];
}

/** The parameters that name one patent list: its key in the route table's counts is their canonical values. */
export const LIST_PARAMS = ['year', 'mode', 'prefCode', 'cityCode', 'patentHolderId'];
export const regionListKey = (year: number | string, prefCode: string, cityCode: string) =>
  listKey(LIST_PARAMS, { year: String(year), mode: '1', prefCode, cityCode });
export const holderListKey = (year: number | string, holderId: string) =>
  listKey(LIST_PARAMS, { year: String(year), mode: '2', patentHolderId: holderId });

export const patentFacts = perSourcesAndKey(
  (sources: Sources, prefs: number[]): PatentFacts => compute(sources, new Set(prefs)),
);

function compute(sources: Sources, scope: Set<number>): PatentFacts {
  const { regions } = sources;
  const fields = new Map(rowsOf(sources, 'patent_fields').map((f) => [f.tecCode, f.tecName]));
  const themes = new Map(rowsOf(sources, 'patent_themes').map((t) => [`${t.tecCode}_${t.themeCode}`, t.themeName]));
  const holders = new Map(rowsOf(sources, 'patent_holders').map((h) => [h.holderId, h.holderName]));
  const rows = rowsOf(sources, 'patents');

  const holdersOf = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.applyNo === '-') continue;
    const key = `${r.year}|${r.applyNo}`;
    const set = holdersOf.get(key) ?? new Set<string>();
    holdersOf.set(key, set.add(r.holderId));
  }
  const designated = new Map(
    regions.cities.filter((c) => c.bigCityFlag === '1').map((c) => [c.cityCode, c.designatedCityCode]),
  );

  const lists = new Map<string, { record: PatentRecord; id: number }[]>();
  const add = (key: string, entry: { record: PatentRecord; id: number }) =>
    (lists.get(key) ?? lists.set(key, []).get(key)!).push(entry);
  const inScope = new Set<string>();
  const regionKeys = new Set<string>();
  for (const r of rows) {
    const pref = r.regionCode === '' ? '' : String(Number(r.regionCode.slice(0, 2)));
    const city = r.regionCode.length === 5 ? r.regionCode : '';
    const record: PatentRecord = {
      applyNo: r.applyNo,
      patentSection: fields.get(r.tecCode)!,
      patentSubject: themes.get(`${r.tecCode}_${r.themeCode}`)!,
      fiClass: r.fiClass,
      patentName: r.patentName,
      patentHolder: r.holderId === '' ? '-' : holders.get(r.holderId)!,
      patentHolderId: r.holderId,
      applyDate: r.applyDate,
      prefCode: pref,
      cityCode: city,
      jointlyFlg: (holdersOf.get(`${r.year}|${r.applyNo}`)?.size ?? 0) > 1 ? '1' : '0',
      lat: r.lat,
      lng: r.lng,
    };
    const entry = { record, id: r.recordId };
    if (pref !== '' && scope.has(Number(pref))) {
      const parent = designated.get(city);
      for (const c of ['-', city, parent ?? '']) {
        if (!c) continue;
        regionKeys.add(regionListKey(r.year, pref, c));
        add(regionListKey(r.year, pref, c), entry);
      }
      if (r.holderId) inScope.add(r.holderId);
    }
    if (r.holderId) add(holderListKey(r.year, r.holderId), entry);
  }
  const holderKeys = new Set(rows.filter((r) => inScope.has(r.holderId)).map((r) => holderListKey(r.year, r.holderId)));
  const served = [...lists.keys()]
    .filter((k) => regionKeys.has(k) || holderKeys.has(k))
    .sort((a, b) => (a < b ? -1 : 1));
  return { lists, holders: [...inScope].sort(), served };
}

/** Orders a list by sort1 (1–7) and sort2 (1 ascending, 2 descending); ties by applyNo, holder, row. */
export function ordered(list: { record: PatentRecord; id: number }[], sort1: number, sort2: number): PatentRecord[] {
  const key = SORT_KEYS[sort1 - 1]!;
  const dir = sort2 === 2 ? -1 : 1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...list]
    .sort(
      (a, b) =>
        dir * cmp(a.record[key], b.record[key]) ||
        cmp(a.record.applyNo, b.record.applyNo) ||
        cmp(a.record.patentHolderId, b.record.patentHolderId) ||
        a.id - b.id,
    )
    .map((e) => e.record);
}
