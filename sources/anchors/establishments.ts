// Establishments and their persons engaged (municipality/plant/perYear, employee/perYear) by municipality
// and broad industry class, from SSDSE-A's item family C (経済センサス): 2014 (基礎調査) counts every
// establishment, public ones (国・地方公共団体, 公務 S among them) included; 2016 and 2021 (活動調査) count the
// private ones (民営) only, with no S. Items are found by code and label, never by column position.
// The 2014 editions give no 漁業 (B) or 鉱業 (C) of their own: their sector items do (第1次 = A + B,
// 第2次 = C + D + E), so B and C are those differences. The 民営 totals count a few establishments no
// broad class does (格付不能 between classes): the total is kept, as the table gives it.

import { join } from 'node:path';
import { SourceError } from '../../build/user-error.ts';
import { countAt, normal, type Grid, type GridRow } from '../estat/grid.ts';
import { municipalityOf, ssdseEditions } from '../estat/ssdse-layout.ts';

/** The broad classes SSDSE-A can give, by their names (NFKC, `、` read as `,`). */
const CLASS_NAMES: Record<string, string> = {
  '農業,林業': 'A',
  漁業: 'B',
  '鉱業,採石業,砂利採取業': 'C',
  建設業: 'D',
  製造業: 'E',
  '電気・ガス・熱供給・水道業': 'F',
  情報通信業: 'G',
  '運輸業,郵便業': 'H',
  '卸売業,小売業': 'I',
  '金融業,保険業': 'J',
  '不動産業,物品賃貸業': 'K',
  '学術研究,専門・技術サービス業': 'L',
  '宿泊業,飲食サービス業': 'M',
  '生活関連サービス業,娯楽業': 'N',
  '教育,学習支援業': 'O',
  '医療,福祉': 'P',
  複合サービス事業: 'Q',
  'サービス業(他に分類されないもの)': 'R',
  '公務(他に分類されるものを除く)': 'S',
};
const BROAD_CLASSES = Object.values(CLASS_NAMES);
const MEASURES = ['plants', 'employees'] as const;
type Measure = (typeof MEASURES)[number];
/** What an item counts: a measure, over all establishments or 民営 ones, of one broad class, all, or a sector. */
interface Item {
  col: number;
  year: number;
  measure: Measure;
  scope: 'all' | 'private';
  what: string;
}

/** One row of the anchor file: a municipality's counts of one measure and year, all and per class ('' where not given). */
type EstablishmentRow = [cityCode: string, year: number, measure: Measure, all: number, ...classes: (number | '')[]];

export interface EstablishmentReport {
  /** Per year: what it counts, municipalities, and those whose total exceeds the sum of its classes (by at most `most`). */
  years: {
    year: number;
    scope: 'all' | 'private';
    municipalities: number;
    unclassified: string[];
    most: Record<Measure, number>;
  }[];
}

/** The item of a family-C column (C2107…, C2108…, C2110–C2112), its label checked against its code. */
function itemOf(grid: Grid, col: number): Item | undefined {
  const [codes, years, labels] = grid.rows;
  const m = /^C2([12])(07|08|10|11|12)(\d{2})?$/.exec(codes?.cells[col] ?? '');
  if (!m || !years || !labels) return undefined;
  const measure: Measure = m[1] === '1' ? 'plants' : 'employees';
  const word = measure === 'plants' ? '事業所' : '従業者';
  const label = normal(labels.cells[col] ?? '').replaceAll('、', ',');
  const fault = (what: string) =>
    new SourceError(grid.file, labels.line, col + 1, `expected ${codes!.cells[col]} to be labelled ${what}`);
  const year = Number(years.cells[col]);
  if (!Number.isInteger(year))
    throw new SourceError(grid.file, years.line, col + 1, `expected the item's reference year`);
  if (m[2] === '10' || m[2] === '11' || m[2] === '12') {
    if (label !== `第${Number(m[2]) - 9}次産業${word}数`) throw fault(`第${Number(m[2]) - 9}次産業${word}数`);
    return { col, year, measure, scope: 'all', what: `sector${Number(m[2]) - 9}` };
  }
  const scope = m[2] === '08' ? 'private' : 'all';
  const l = /^(事業所|従業者)総?数(\(民営\))?(?:\((.+)\))?$/.exec(label);
  if (!l || l[1] !== word || Boolean(l[2]) !== (scope === 'private') || Boolean(l[3]) !== Boolean(m[3]))
    throw fault(`${word}数${scope === 'private' ? '（民営）' : ''}${m[3] ? '（<broad class>）' : ''}`);
  const what = l[3] === undefined ? 'all' : CLASS_NAMES[l[3]];
  if (what === undefined) throw fault('a broad industry class of 日本標準産業分類');
  return { col, year, measure, scope, what };
}

/** Every municipality's counts in one edition: per reference year and measure, the classes it gives. */
type Counts = Map<string, Record<string, number>>;
interface Edition {
  year: number;
  scope: 'all' | 'private';
  counts: Record<Measure, Counts>;
}

/** The family-C items of an edition, all of one reference year and scope. */
function editionItems(grid: Grid): Item[] {
  const items = (grid.rows[0]?.cells ?? []).flatMap((_, col) => itemOf(grid, col) ?? []);
  const first = items[0];
  if (!first) throw new SourceError(grid.file, 1, 1, `expected SSDSE-A's item codes in row 1, with C2107 or C2108`);
  const odd = items.find(
    (i) => i.year !== first.year || (i.what.startsWith('sector') ? false : i.scope !== first.scope),
  );
  if (odd)
    throw new SourceError(
      grid.file,
      2,
      odd.col + 1,
      `expected every 事業所数/従業者数 item of the edition for ${first.year}`,
    );
  return items;
}

/** One edition's counts, checked: B and C made from the sectors where not given, no class above the total (the importer's check too). */
export function readEdition(grid: Grid): Edition {
  const items = editionItems(grid);
  const counts: Record<Measure, Counts> = { plants: new Map(), employees: new Map() };
  for (const row of grid.rows.slice(3)) {
    const code = municipalityOf(grid, row);
    for (const measure of MEASURES) {
      const cells: Record<string, number> = {};
      for (const i of items.filter((i) => i.measure === measure))
        cells[i.what] = countAt(grid, row, i.col, `${i.measure} (${i.what})`);
      counts[measure].set(code, checked(grid, row, items, measure, cells));
    }
  }
  return { year: items[0]!.year, scope: items.find((i) => !i.what.startsWith('sector'))!.scope, counts };
}

/** A row's classes (B and C from the sectors if need be), failing where a class or their sum exceeds the total. */
function checked(grid: Grid, row: GridRow, items: Item[], measure: Measure, c: Record<string, number>) {
  const at = (what: string) => items.find((i) => i.measure === measure && i.what === what)!.col;
  const derive = (cls: string, sector: string, minus: string[]) => {
    if (c[cls] !== undefined || c[sector] === undefined) return;
    c[cls] = c[sector] - minus.reduce((a, k) => a + (c[k] ?? 0), 0);
    if (c[cls] < 0)
      throw new SourceError(grid.file, row.line, at(sector) + 1, `${sector} is less than ${minus.join(' + ')}`);
  };
  derive('B', 'sector1', ['A']);
  derive('C', 'sector2', ['D', 'E']);
  if (c.all === undefined) throw new SourceError(grid.file, 1, 1, `expected the total ${measure} item`);
  const classes = BROAD_CLASSES.filter((k) => c[k] !== undefined);
  if (!['B', 'C'].every((k) => classes.includes(k)))
    throw new SourceError(grid.file, 1, 1, `expected 漁業 and 鉱業 ${measure}, or the sector items to make them from`);
  const sum = classes.reduce((a, k) => a + c[k]!, 0);
  const over = classes.find((k) => c[k]! > c.all!);
  if (over || sum > c.all)
    throw new SourceError(
      grid.file,
      row.line,
      at('all') + 1,
      over
        ? `${measure} of class ${over} (${c[over]}) exceed the total (${c.all})`
        : `the classes' ${measure} (${sum}) exceed the total (${c.all})`,
    );
  return Object.fromEntries([['all', c.all], ...classes.map((k) => [k, c[k]!])]);
}

/** The anchor rows of every year SSDSE-A's editions in `official`/ssdse give (a later edition's wins), and the report. */
export function establishmentRows(official: string): { rows: EstablishmentRow[]; report: EstablishmentReport } {
  const dir = join(official, 'ssdse');
  const editions = new Map<number, Edition>();
  for (const grid of ssdseEditions(dir)) {
    const e = readEdition(grid);
    editions.set(e.year, e);
  }
  const rows: EstablishmentRow[] = [];
  const years: EstablishmentReport['years'] = [];
  for (const e of [...editions.values()].sort((a, b) => a.year - b.year)) {
    const unclassified = new Set<string>();
    const most = { plants: 0, employees: 0 };
    for (const measure of MEASURES)
      for (const [code, c] of e.counts[measure]) {
        rows.push([code, e.year, measure, c.all!, ...BROAD_CLASSES.map((k) => c[k] ?? '')]);
        const rest = c.all! - BROAD_CLASSES.reduce((a, k) => a + (c[k] ?? 0), 0);
        if (rest > 0) unclassified.add(code);
        most[measure] = Math.max(most[measure], rest);
      }
    const municipalities = e.counts.plants.size;
    years.push({ year: e.year, scope: e.scope, municipalities, unclassified: [...unclassified].sort(), most });
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || (a[2] < b[2] ? 1 : -1)));
  return { rows, report: { years } };
}

export const ESTABLISHMENT_COLUMNS = ['cityCode', 'year', 'measure', 'all', ...BROAD_CLASSES];
