// Net migration (転入超過数) of each prefecture in 2021, 住民基本台帳人口移動報告, for population/society/forArea
// (by regional block) and forAgeClass (0–14, 15–64, 65+, with the rest of Japan). The table is the one
// `npm run import:estat` reads, with the same reader (sources/estat/migration.ts): 日本人移動者, the series
// RESAS showed (its forArea response for Tokyo has 56,497 for 2012 and 81,696 for 2015, the report's
// figures of Japanese movers; the report counted no one else before 2014). Every check that reader makes
// (総数 = 男 + 女, 移動者 = 日本人 + 外国人, each pair of prefectures' nets opposite, 全国 = Σ of the 47)
// holds here, or `npm run anchors` stops at the file, line and column.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../build/user-error.ts';
import { readGrid } from '../estat/grid.ts';
import { readMigration } from '../estat/migration.ts';

/** The table and its year, which only its folder and PROVENANCE.md state (the content does not). */
const TABLE = { file: 'migration-2021/migration_2021.csv', year: 2021 } as const;

/** One row of the anchor file: a prefecture's net with a block ('01'–'09') or in an age class ('1'–'3'). */
type MigrationRow = [prefCode: number, year: number, kind: 'block' | 'ageClass', code: string, net: number];

export interface MigrationReport {
  year: number;
  /** Data rows the table has (every area, 国籍 and counterpart). */
  rows: number;
  /** Σ of the 47 prefectures' nets with the rest of Japan, by age class: 0 where every move is counted at both ends. */
  nationalAgeClasses: number[];
  /** Prefectures whose published 総数 is not the sum of their age classes (forAgeClass shows the classes). */
  ageGaps: { prefCode: number; total: number; classes: number }[];
}

export function prefectureMigrationRows(dir: string): { rows: MigrationRow[]; report: MigrationReport } {
  const file = join(dir, TABLE.file);
  if (!existsSync(file)) throw new InputError(`${file}: not found; give the folder of the official tables`);
  const table = readMigration(readGrid(file), TABLE.year);
  const rows: MigrationRow[] = [
    ...table.byBlock.map((b): MigrationRow => [Number(b.prefCode), b.year, 'block', b.blockCode, b.net]),
    ...table.byAgeGroup.map((a): MigrationRow => [Number(a.regionCode), a.year, 'ageClass', String(a.ageClass), a.net]),
  ].sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] === b[2] ? 0 : a[2] === 'block' ? -1 : 1) || cmp(a[3], b[3]));
  const nationalAgeClasses = [1, 2, 3].map((c) =>
    table.byAgeGroup.filter((a) => a.ageClass === c).reduce((s, a) => s + a.net, 0),
  );
  return {
    rows,
    report: {
      year: TABLE.year,
      rows: table.rows,
      nationalAgeClasses,
      ageGaps: table.ageGaps.map((g) => ({ prefCode: Number(g.prefCode), total: g.total, classes: g.classes })),
    },
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
