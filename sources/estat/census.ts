// e-Stat census tables of population by area × sex × 5-year age, as downloaded: 令和2年 表2-7-1 and
// 昭和55年 表00101 (and any census table laid out the same way). Columns are found by their headers, not
// their positions, because e-Stat's download options add and drop code and note columns.

import { ageHeader, countAt, faultAt, foldClasses, normal, type Grid, type GridRow } from './grid.ts';
import { SourceError } from '../../build/user-error.ts';

type Sex = 'total' | 'male' | 'female';

interface SexCounts {
  /** The 19 classes RESAS showed: 0–4 … 85–89, 90 and over. */
  classes: number[];
  unknown: number;
  total: number;
  row: GridRow;
}

interface CensusArea {
  /** The area code as the table writes it (five characters; e-Stat's old-municipality rows may hold letters). */
  code: string;
  name: string;
  sexes: Partial<Record<Sex, SexCounts>>;
}

export interface CensusTable {
  kind: 'census';
  file: string;
  year: number;
  statName: string;
  tableNo: string;
  title: string;
  areas: CensusArea[];
  /** The column of 総数, for messages about totals. */
  totalColumn: number;
  rows: number;
}

/** The 統計名/表番号/表題 lines that open every e-Stat download. */
function estatHead(grid: Grid): { statName: string; tableNo: string; title: string } | null {
  const head = new Map(
    grid.rows.slice(0, 8).map((r) => [normal(r.cells[0] ?? '').replace(/[:：]$/, ''), r.cells[1] ?? '']),
  );
  const statName = head.get('統計名');
  if (!statName) return null;
  return { statName, tableNo: head.get('表番号') ?? '', title: head.get('表題') ?? '' };
}

/** Whether a grid is a census table this reader understands: e-Stat's head, 国勢調査, and 5-year age columns. */
export function isCensusTable(grid: Grid): boolean {
  return censusProblem(grid) === null;
}

/** What keeps a grid from being a census table this reader understands, in words for a message; null if nothing. */
export function censusProblem(grid: Grid): string | null {
  const head = estatHead(grid);
  if (!head) return 'its first lines hold no e-Stat head ("統計名：", "表番号：", "表題：" in the first column)';
  if (!normal(head.statName).includes('国勢調査')) return `its 統計名 is "${head.statName}", not 国勢調査`;
  if (findHeader(grid) === null)
    return 'none of its first 40 rows is a header with 総数 and the 5-year age classes (0～4歳, 5～9歳 …) beside the 男女, 時間軸 and area (name and コード) columns';
  return null;
}

interface Layout {
  headerIndex: number;
  ageColumns: { col: number; header: NonNullable<ReturnType<typeof ageHeader>>; text: string }[];
  sex: number;
  time: number;
  areaCode: number;
  areaName: number;
  /** Dimension columns whose value must be the whole population (国籍総数, 全域), with the values that mean it. */
  filters: { col: number; keep: RegExp; name: string }[];
}

function findHeader(grid: Grid): Layout | null {
  for (let i = 0; i < Math.min(grid.rows.length, 40); i++) {
    const cells = grid.rows[i]!.cells;
    const first = cells.findIndex((c) => ageHeader(c)?.kind === 'total');
    if (first < 0) continue;
    const ageColumns = cells.flatMap((text, col) => {
      const header = col >= first ? ageHeader(text) : null;
      return header ? [{ col, header, text }] : [];
    });
    if (ageColumns.filter((a) => a.header.kind === 'class').length < 19) continue;
    const dims = cells.slice(0, first).map(normal);
    const named = (test: (h: string) => boolean) => dims.findIndex((h) => !h.endsWith('コード') && test(h));
    const sex = named((h) => h.includes('男女'));
    const time = named((h) => h.includes('時間軸') || h === '年次');
    const areaName = named((h) => /市区町村|都道府県|地域/.test(h));
    const areaCode = areaName < 0 ? -1 : dims.findIndex((h) => h === `${dims[areaName]}コード`);
    if (sex < 0 || time < 0 || areaName < 0 || areaCode < 0) continue;
    const filters: Layout['filters'] = [];
    const nationality = named((h) => h.includes('国籍'));
    if (nationality >= 0) filters.push({ col: nationality, keep: /^(国籍総数|総数)$/, name: dims[nationality]! });
    const extent = named((h) => h.includes('全域'));
    if (extent >= 0) filters.push({ col: extent, keep: /^全域$/, name: dims[extent]! });
    return { headerIndex: i, ageColumns, sex, time, areaCode, areaName, filters };
  }
  return null;
}

const SEX: Record<string, Sex> = { 総数: 'total', 男女総数: 'total', 男: 'male', 女: 'female' };

type AgeColumn = Layout['ageColumns'][number];
type ClassColumn = { col: number; header: { kind: 'class'; from: number; to: number | null }; text: string };

/** The table's columns: its layout, and the age columns by what they hold (classes checked from 0 by 5 years). */
interface Columns {
  layout: Layout;
  header: GridRow;
  total: AgeColumn;
  unknown: AgeColumn | undefined;
  classes: ClassColumn[];
  /** The (再掲) columns, each the sum of a run of classes, to check the classes against. */
  recaps: (AgeColumn & { from: number; to: number | null })[];
}

function censusColumns(grid: Grid): Columns {
  const layout = findHeader(grid);
  if (!layout)
    throw new SourceError(
      grid.file,
      grid.rows[0]?.line ?? 1,
      1,
      'expected a header row with 総数 and 5-year age classes (0～4歳 …) after the e-Stat head lines',
    );
  const header = grid.rows[layout.headerIndex]!;
  const total = layout.ageColumns.find((a) => a.header.kind === 'total')!;
  const unknown = layout.ageColumns.find((a) => a.header.kind === 'unknown');
  const classes = layout.ageColumns.filter((a) => a.header.kind === 'class') as ClassColumn[];
  checkClasses(grid, header, classes);
  const recaps = layout.ageColumns.flatMap((a) => {
    const range = a.header.kind === 'recap' ? recapRange(a.text) : null;
    return range ? [{ ...a, ...range }] : [];
  });
  return { layout, header, total, unknown, classes, recaps };
}

/** One row's sex, year and area code, each checked: the row's dimensions. */
function rowKeys(
  grid: Grid,
  row: GridRow,
  { layout, header }: Columns,
  year: number | undefined,
): { sex: Sex; sexText: string; year: number; code: string } {
  const c = row.cells;
  const sexText = normal(c[layout.sex] ?? '');
  const sex = SEX[sexText];
  if (!sex)
    throw new SourceError(
      grid.file,
      row.line,
      layout.sex + 1,
      `expected 総数, 男 or 女 in the ${normal(header.cells[layout.sex]!)} column, found "${c[layout.sex] ?? ''}"`,
    );
  const y = /^(\d{4})年/.exec(normal(c[layout.time] ?? ''));
  if (!y)
    throw new SourceError(
      grid.file,
      row.line,
      layout.time + 1,
      `expected a year such as 2020年, found "${c[layout.time] ?? ''}"`,
    );
  if (year !== undefined && Number(y[1]) !== year)
    throw new SourceError(
      grid.file,
      row.line,
      layout.time + 1,
      `this table mixes years (${year} above, ${y[1]} here); download one census year per file`,
    );
  const code = c[layout.areaCode] ?? '';
  if (!/^[0-9A-Z]{5}$/.test(code))
    throw new SourceError(
      grid.file,
      row.line,
      layout.areaCode + 1,
      `expected a five-character area code, found "${code}"`,
    );
  return { sex, sexText, year: Number(y[1]), code };
}

/** One row's counts: the classes, 年齢不詳 and 総数, which the classes must add up to, as each (再掲) its own run. */
function rowCounts(grid: Grid, row: GridRow, { total, unknown, classes, recaps }: Columns): Omit<SexCounts, 'row'> {
  const counts = classes.map((a) => ({
    from: a.header.from,
    to: a.header.to,
    count: countAt(grid, row, a.col, a.text),
  }));
  const u = unknown ? countAt(grid, row, unknown.col, unknown.text) : 0;
  const t = countAt(grid, row, total.col, total.text);
  const sum = counts.reduce((a, x) => a + x.count, 0) + u;
  if (sum !== t)
    throw faultAt(
      grid,
      row,
      total.col,
      `総数 is ${t}, but the age classes${unknown ? ' and 年齢不詳' : ''} add up to ${sum}; is a column shifted?`,
    );
  for (const r of recaps) {
    const want = counts
      .filter((x) => x.from >= r.from && (r.to === null || (x.to !== null && x.to <= r.to)))
      .reduce((a, x) => a + x.count, 0);
    const got = countAt(grid, row, r.col, r.text);
    if (got !== want) throw faultAt(grid, row, r.col, `${r.text} is ${got}, but its age classes add up to ${want}`);
  }
  return { classes: foldClasses(counts), unknown: u, total: t };
}

/** Men and women make the whole, column by column, in every area; and every area has all three rows. */
function checkSexes(grid: Grid, areas: Iterable<CensusArea>, { layout, total }: Columns): void {
  for (const area of areas) {
    const { total: all, male, female } = area.sexes;
    const at = all ?? male ?? female!;
    if (!all || !male || !female)
      throw faultAt(
        grid,
        at.row,
        layout.sex,
        `area ${area.code} ${area.name} lacks a row for ${!all ? '総数' : !male ? '男' : '女'}`,
      );
    const pairs: [number, number, number, string][] = [
      [all.total, male.total, female.total, '総数'],
      [all.unknown, male.unknown, female.unknown, '年齢不詳'],
      ...all.classes.map(
        (v, i) => [v, male.classes[i]!, female.classes[i]!, `${i * 5}歳～`] as [number, number, number, string],
      ),
    ];
    for (const [a, m, f, what] of pairs) {
      if (a !== m + f)
        throw faultAt(
          grid,
          all.row,
          total.col,
          `area ${area.code} ${area.name}: ${what} of 総数 is ${a}, but 男 ${m} + 女 ${f} = ${m + f}`,
        );
    }
  }
}

export function readCensus(grid: Grid): CensusTable {
  const head = estatHead(grid)!;
  const columns = censusColumns(grid);
  const { layout, header, total } = columns;
  const areas = new Map<string, CensusArea>();
  let year: number | undefined;
  let rows = 0;
  for (const row of grid.rows.slice(layout.headerIndex + 1)) {
    const c = row.cells;
    if (c.length <= total.col && c.every((x) => x === '')) continue;
    // Only the whole population (国籍総数, 全域) is read; other nationalities and extents are left.
    if (layout.filters.some((f) => !f.keep.test(normal(c[f.col] ?? '')))) continue;
    const keys = rowKeys(grid, row, columns, year);
    year = keys.year;
    const counts = rowCounts(grid, row, columns);
    const { code, sex } = keys;
    let area = areas.get(code);
    if (!area) areas.set(code, (area = { code, name: c[layout.areaName] ?? '', sexes: {} }));
    if (area.sexes[sex])
      throw new SourceError(
        grid.file,
        row.line,
        layout.areaCode + 1,
        `area ${code} ${area.name} appears twice for ${keys.sexText} (first at line ${area.sexes[sex]!.row.line})`,
      );
    area.sexes[sex] = { ...counts, row };
    rows++;
  }
  if (year === undefined)
    throw new SourceError(
      grid.file,
      header.line,
      1,
      'the header is followed by no rows of the whole population (国籍総数, 全域)',
    );
  checkSexes(grid, areas.values(), columns);
  return { kind: 'census', file: grid.file, year, ...head, areas: [...areas.values()], totalColumn: total.col, rows };
}

/** The classes must run 0–4, 5–9, … without gap and end with an open class, as RESAS's 90歳～ needs. */
function checkClasses(
  grid: Grid,
  header: GridRow,
  classes: { col: number; header: { from: number; to: number | null }; text: string }[],
) {
  let next = 0;
  for (const c of classes) {
    if (c.header.from !== next || (c.header.to !== null && c.header.to !== next + 4)) {
      throw new SourceError(
        grid.file,
        header.line,
        c.col + 1,
        `expected the age class ${next}～${next + 4}歳 here, found "${c.text}"; regstat reads 5-year classes from 0`,
      );
    }
    next += 5;
    if (c.header.to === null) break;
  }
  const last = classes.at(-1)!;
  if (last.header.to !== null || last.header.from < 90)
    throw new SourceError(
      grid.file,
      header.line,
      last.col + 1,
      `expected the classes to end with an open one from 90 or more (such as 100歳以上), found "${last.text}"`,
    );
}

/** (再掲)15歳未満 → 0–14, (再掲)15～64歳 → 15–64, (再掲)65歳以上 → 65 and over. */
function recapRange(text: string): { from: number; to: number | null } | null {
  const s = normal(text).replace(/[(（]再掲[)）]/, '');
  let m = /^(\d+)歳未満$/.exec(s);
  if (m) return { from: 0, to: Number(m[1]) - 1 };
  m = /^(\d+)[~\-〜](\d+)歳$/.exec(s);
  if (m) return { from: Number(m[1]), to: Number(m[2]) };
  m = /^(\d+)歳以上$/.exec(s);
  if (m) return { from: Number(m[1]), to: null };
  return null;
}
