// Sources of a few hand-written rows, for tests of one facts function: Hokkaido's Sapporo with two wards
// and Hakodate, and Tokyo's Chiyoda, beside whatever tables a test gives as CSV text. Loaded and checked
// as a build loads its tables, so a test's rows must be valid rows.

import { loadSources, type Sources } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';

const PREFECTURES = 'prefCode,prefName\n1,北海道\n13,東京都\n';
const MUNICIPALITIES = [
  'cityCode,cityName,bigCityFlag,designatedCityCode',
  '01100,札幌市,2,',
  '01101,札幌市中央区,1,01100',
  '01102,札幌市北区,1,01100',
  '01202,函館市,0,',
  '13101,千代田区,3,',
].join('\n');

/** Manufacturing (broad class E) with two of its middle classes, 09 and 10: the classes of the industry tests. */
export const INDUSTRIES = {
  industries_broad: 'sicCode,sicName\nE,製造業',
  industries_middle: 'simcCode,sicCode,simcName\n09,E,食料品製造業\n10,E,飲料・たばこ・飼料製造業',
};

/**
 * CSV text written as an indented block, as the file would hold it: each line trimmed, the blank ones (the
 * first and last of the block) left out.
 */
export const csv = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  String.raw({ raw: strings }, ...values)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');

/** Sources holding the regions above and these tables (CSV text, header first). */
export function tinySources(tables: Partial<Record<TableName, string>>): Sources {
  const all: Partial<Record<TableName, string>> = {
    prefectures: PREFECTURES,
    municipalities: MUNICIPALITIES,
    ...tables,
  };
  const files = Object.fromEntries(
    Object.entries(all).map(([name, text]) => [
      name,
      { file: `${name}.csv`, contentKey: `tiny|${name}|${text}`, text },
    ]),
  );
  return loadSources({ dataset: { kind: 'imported', notice: 'test rows' }, files });
}
