// How an operation's answer is looked at: which rows its `result` holds, the columns a table shows and
// a CSV holds, and the chart drawn from those same rows. Declarations carry a view as plain data, the
// manifest publishes it, and the explorer (a browser page) and the tests both read answers through
// `rowsOf`, so the chart, the table and the CSV can never disagree.

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/**
 * Where rows are in a result. `path` is dot-separated steps from `result`: `name` descends into a member,
 * `name[]` (or `[]` for the result itself) walks an array, `*key` walks an object's members and keeps each
 * member's name in column `key`. Every object on the way lends its scalar members to the rows below it
 * (nearer ones win), and a scalar at the end of the path is column `value`.
 */
export interface RowSource {
  path: string;
  /** Constant columns for the rows of this source (such as the series name of a lone line). */
  set?: Row;
  /** Turns members of each row into rows of their own: one per key, its label in `name`, its figure in `value`. */
  melt?: { keys: Record<string, string>; name: string; value: string };
  /** Columns made from others: `yearMonth` is `year`, or `year/MM` when `month` is not 0. */
  derive?: Record<string, 'yearMonth'>;
}

export interface Column {
  key: string;
  /** The heading: Japanese, as the original's fields read, with English after a slash where useful. */
  label: string;
}

/**
 * A view's columns from `{ key: heading }`, in the order written. A key that reads as an array index ('1')
 * would be moved to the front by the object, so it is refused; '00' is not such a key.
 */
export function columns(headings: Record<string, string>): Column[] {
  return Object.entries(headings).map(([key, label]) => {
    if (/^(0|[1-9]\d*)$/.test(key)) throw new Error(`column key ${key} would not keep its place: write { key, label }`);
    return { key, label };
  });
}

export type Chart =
  /**
   * Lines over `x`, one per `series`; `x` is a year, a `YYYY/MM` month or a category (in the rows' order); `boundary` is
   * a path to the last actual year. `panels` draws series of different sizes (a rate beside millions of people) each
   * group on a y scale of its own, labelled `label`, where one scale would flatten the small ones.
   */
  | {
      kind: 'line';
      x: string;
      y: string;
      series?: string;
      xType: 'year' | 'month' | 'category';
      boundary?: string;
      panels?: { series: string[]; label: string }[];
    }
  /**
   * Bars of `y` per `x` category, stacked by `fill`, panels in rows by `facet` and in columns by `facetX`; `horizontal`
   * lays categories down the side. `yLabel` names the value axis where the column's heading does not say what is
   * drawn (a coefficient of value added, not value added); `rule` marks a reference value (1 for a coefficient).
   * `yLabelOf` names the parameters whose chosen values' names (from their docs) label the value axis instead, where
   * what is drawn depends on the request (a medical chart's matter2, with its unit, per 100,000 residents or not); one
   * at its default adds nothing.
   */
  | {
      kind: 'bar';
      x: string;
      y: string;
      fill?: string;
      facet?: string;
      facetX?: string;
      horizontal?: boolean;
      yLabel?: string;
      yLabelOf?: string[];
      rule?: number;
    }
  /** Two-sided bars per `y` class: `left` drawn leftwards, `right` rightwards, one panel per `facet`. */
  | { kind: 'pyramid'; y: string; left: string; right: string; facet?: string };

export interface View {
  rows: RowSource[];
  columns: Column[];
  /** Absent for lists (code lists, patents), which are shown as a table only. */
  chart?: Chart;
  /**
   * Values the explorer opens the operation with where the visitor has chosen none: the patent list newest
   * first, as its first page in application-number order is the withheld records, rows of dashes.
   */
  opens?: Record<string, string>;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (x: unknown): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isScalar = (x: unknown): x is Cell => x === null || typeof x !== 'object';

/** The rows of a result for a view, in document order, with the view's columns only (null where a row has none). */
export function rowsOf(result: unknown, view: Pick<View, 'rows' | 'columns'>): Row[] {
  const out: Row[] = [];
  for (const source of view.rows) {
    const steps = source.path === '' ? [] : source.path.split('.');
    walk(result as Json, steps, {}, (row) => {
      const full = derive({ ...row, ...source.set }, source.derive);
      for (const r of source.melt ? melt(full, source.melt) : [full])
        out.push(Object.fromEntries(view.columns.map((c) => [c.key, r[c.key] ?? null])));
    });
  }
  return out;
}

function walk(node: Json, steps: string[], row: Row, emit: (row: Row) => void): void {
  const here = isObject(node) ? { ...row, ...scalars(node) } : row;
  if (steps.length === 0) {
    if (isScalar(node)) emit({ ...row, value: node });
    else if (isObject(node)) emit(here);
    return;
  }
  const [step, ...rest] = steps as [string, ...string[]];
  if (step.startsWith('*')) {
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) walk(v, rest, { ...here, [step.slice(1)]: k }, emit);
    return;
  }
  const array = step.endsWith('[]');
  const name = array ? step.slice(0, -2) : step;
  const child = name === '' ? node : isObject(node) ? node[name] : undefined;
  if (child === undefined || child === null) return;
  if (!array) return walk(child, rest, here, emit);
  if (Array.isArray(child)) for (const item of child) walk(item, rest, here, emit);
}

function derive(row: Row, how: RowSource['derive']): Row {
  if (!how) return row;
  const out = { ...row };
  for (const [key, kind] of Object.entries(how)) {
    if (kind === 'yearMonth')
      out[key] = row.month ? `${row.year}/${String(row.month).padStart(2, '0')}` : String(row.year);
  }
  return out;
}

/** A scalar at a dotted path of a result (a chart's boundary year), or null. */
export function valueAt(result: unknown, path: string): Cell {
  let node: unknown = result;
  for (const step of path.split('.')) node = isObject(node) ? node[step] : undefined;
  return isScalar(node) && node !== undefined ? node : null;
}

function scalars(o: Record<string, Json>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(o)) if (isScalar(v)) out[k] = v;
  return out;
}

function melt(row: Row, m: NonNullable<RowSource['melt']>): Row[] {
  return Object.entries(m.keys).map(([key, label]) => ({ ...row, [m.name]: label, [m.value]: row[key] ?? null }));
}

/**
 * RFC 4180 CSV of rows under the view's headings, CRLF line ends, with a BOM so spreadsheet programs read
 * the Japanese as UTF-8. `note` is a first line starting with `# ` (pandas' comment='#' and R's
 * comment.char skip it): whether the figures are official, so a file passed on still says so.
 */
export function toCsv(rows: Row[], columns: Column[], note?: string): string {
  const cell = (v: Cell) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [columns.map((c) => cell(c.label)), ...rows.map((r) => columns.map((c) => cell(r[c.key] ?? null)))];
  const first = note ? `# ${note.replace(/[\r\n]+/g, ' ')}\r\n` : '';
  return '\uFEFF' + first + lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}
