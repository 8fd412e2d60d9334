// Patent records as the lists the patent operation pages through: one per year and holder location
// (prefecture, municipality, designated city) and one per year and holder. Joint applications are
// the application numbers that appear with more than one holder.

import { getOrSet, mustGet } from '../runtime/maps.ts';
import { listKey } from '../runtime/routes.ts';
import type { Sources } from '../../sources/load.ts';
import type { RegionIndex } from '../../sources/regions.ts';
import type { Row } from '../../sources/tables.ts';
import { perSourcesAndKey } from './memo.ts';
import { rowsOf } from './table.ts';

/** A record as the API prints it. */
interface PatentRecord {
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

/** A record in a list, with its row id for the final tie-break. */
type ListEntry = { record: PatentRecord; id: number };

export const PAGE_SIZE = 100;
export const PATENT_YEARS = [2017, 2018, 2019, 2020, 2021, 2022];

/** sort1 1–7: the record field each sorts by. */
const SORT_KEYS: (keyof PatentRecord)[] = [
  'applyNo',
  'patentSection',
  'patentSubject',
  'fiClass',
  'patentName',
  'patentHolder',
  'applyDate',
];

interface PatentFacts {
  /** Records by list key: `year|1|prefCode|cityCode|` or `year|2|||holderId` (the resolver's key). */
  lists: Map<string, ListEntry[]>;
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

type PatentRow = Row<'patents'>;

/** The names a record prints, by code: of its field, its theme and its holder. */
interface PatentNames {
  fields: Map<number, string>;
  themes: Map<string, string>;
  holders: Map<string, string>;
}

const themeKey = (tecCode: number, themeCode: number) => `${tecCode}_${themeCode}`;
const applicationKey = (r: PatentRow) => `${r.year}|${r.applyNo}`;

/** patent_fields, patent_themes and patent_holders: the names by code (the sources check every reference to them). */
const patentNames = (sources: Sources): PatentNames => ({
  fields: new Map(rowsOf(sources, 'patent_fields').map((f) => [f.tecCode, f.tecName])),
  themes: new Map(rowsOf(sources, 'patent_themes').map((t) => [themeKey(t.tecCode, t.themeCode), t.themeName])),
  holders: new Map(rowsOf(sources, 'patent_holders').map((h) => [h.holderId, h.holderName])),
});

/** The applications (year and applyNo) that appear with more than one holder; an unknown applyNo (-) is none. */
function jointApplications(rows: PatentRow[]): Set<string> {
  const holdersOf = new Map<string, Set<string>>();
  for (const r of rows) if (r.applyNo !== '-') getOrSet(holdersOf, applicationKey(r), () => new Set()).add(r.holderId);
  return new Set([...holdersOf].filter(([, holders]) => holders.size > 1).map(([key]) => key));
}

/** A row as the API prints it: its location as prefCode and cityCode, empty where not known. */
function recordOf(r: PatentRow, names: PatentNames, joint: Set<string>): PatentRecord {
  return {
    applyNo: r.applyNo,
    patentSection: mustGet(names.fields, r.tecCode, 'patent field'),
    patentSubject: mustGet(names.themes, themeKey(r.tecCode, r.themeCode), 'patent theme'),
    fiClass: r.fiClass,
    patentName: r.patentName,
    patentHolder: r.holderId === '' ? '-' : mustGet(names.holders, r.holderId, 'patent holder'),
    patentHolderId: r.holderId,
    applyDate: r.applyDate,
    prefCode: r.regionCode === '' ? '' : String(Number(r.regionCode.slice(0, 2))),
    cityCode: r.regionCode.length === 5 ? r.regionCode : '',
    jointlyFlg: joint.has(applicationKey(r)) ? '1' : '0',
    lat: r.lat,
    lng: r.lng,
  };
}

/** The designated city of each ward. */
const designatedCities = (regions: RegionIndex) =>
  new Map(regions.cities.filter((c) => c.bigCityFlag === '1').map((c) => [c.cityCode, c.designatedCityCode]));

function compute(sources: Sources, scope: Set<number>): PatentFacts {
  const rows = rowsOf(sources, 'patents');
  const names = patentNames(sources);
  const joint = jointApplications(rows);
  const designated = designatedCities(sources.regions);
  const lists = new Map<string, ListEntry[]>();
  const add = (key: string, entry: ListEntry) => getOrSet(lists, key, (): ListEntry[] => []).push(entry);
  const inScope = new Set<string>();
  const regionKeys = new Set<string>();
  for (const r of rows) {
    const entry = { record: recordOf(r, names, joint), id: r.recordId };
    const { prefCode: pref, cityCode: city } = entry.record;
    if (pref !== '' && scope.has(Number(pref))) {
      // The prefecture's list, the municipality's and, for a ward, its designated city's.
      for (const c of ['-', city, designated.get(city) ?? '']) {
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
export function ordered(list: ListEntry[], sort1: number, sort2: number): PatentRecord[] {
  const key = SORT_KEYS[sort1 - 1];
  if (!key) throw new Error(`no sort key ${sort1}: sort1 is 1–7`);
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
