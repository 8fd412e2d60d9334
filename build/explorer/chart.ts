// The chart of an answer, drawn with Observable Plot from the same rows the table and the CSV hold. Every
// drawn point or bar carries a <title> with its values: a native tooltip for people, and what the browser
// tests read back.

import * as Plot from '@observablehq/plot';
import type { Cell, Chart, Column, Row } from '../runtime/view.ts';

export interface ChartInput {
  chart: Chart;
  rows: Row[];
  columns: Column[];
  width: number;
  /** The last actual year, where a line chart's projections begin. */
  boundary?: number | null;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const format = (v: unknown) =>
  isNumber(v) ? v.toLocaleString('ja-JP', { maximumFractionDigits: 4 }) : String(v ?? '');
const FONT = 'system-ui, "Hiragino Sans", "Noto Sans CJK JP", "IPAGothic", "Yu Gothic", sans-serif';

type LineChart = Extract<Chart, { kind: 'line' }>;
type BarChart = Extract<Chart, { kind: 'bar' }>;
type PyramidChart = Extract<Chart, { kind: 'pyramid' }>;

/** What every kind of chart shares: column labels, point titles and the plot's frame. */
interface Frame {
  label: (key: string) => string;
  /** The <title> of a point: the named columns with their labels and values. */
  title: (keys: (string | undefined)[]) => (d: Row) => string;
  common: { width: number; style: Record<string, string>; marginLeft: number };
}

export function drawChart(input: ChartInput): SVGSVGElement | HTMLElement {
  const { chart } = input;
  const frame = frameOf(input);
  if (chart.kind === 'line') return lineChart(chart, input, frame);
  if (chart.kind === 'pyramid') return pyramidChart(chart, input, frame);
  return barChart(chart, input, frame);
}

function frameOf({ columns, width }: ChartInput): Frame {
  const label = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const title = (keys: (string | undefined)[]) => (d: Row) =>
    keys
      .filter((k): k is string => !!k)
      .map((k) => `${label(k)}: ${format(d[k])}`)
      .join('\n');
  const common = {
    width,
    style: { fontFamily: FONT, fontSize: '12px', overflow: 'visible' },
    marginLeft: 64,
  };
  return { label, title, common };
}

/** Lines over years, months or categories, one per series; projections past the boundary marked. */
function lineChart(chart: LineChart, input: ChartInput, { label, title, common }: Frame) {
  const rows = input.rows.filter((r) => isNumber(r[chart.y]));
  const x =
    chart.xType === 'year'
      ? (d: Row) => Number(d[chart.x])
      : chart.xType === 'month'
        ? (d: Row) => new Date(`${String(d[chart.x]).replace('/', '-')}-01T00:00:00Z`)
        : chart.x;
  const categories = unique(rows.map((r) => r[chart.x]));
  return Plot.plot({
    ...common,
    height: 380,
    marginBottom: chart.xType === 'category' ? 90 : 40,
    x:
      chart.xType === 'category'
        ? { type: 'point', domain: categories, label: label(chart.x), tickRotate: -40 }
        : chart.xType === 'year'
          ? { tickFormat: 'd', label: label(chart.x) }
          : { type: 'utc', label: label(chart.x) },
    y: { grid: true, label: label(chart.y), tickFormat: '~s' },
    color: chart.series ? { legend: true, domain: unique(rows.map((r) => r[chart.series!])) } : undefined,
    marks: [
      Plot.ruleY([0]),
      ...boundaryMarks(input.boundary),
      Plot.lineY(rows, { x, y: chart.y, stroke: chart.series ?? (() => label(chart.y)), z: chart.series }),
      Plot.dot(rows, {
        x,
        y: chart.y,
        fill: chart.series ?? 'currentColor',
        r: 2.5,
        title: title([chart.series, chart.x, chart.y]),
      }),
    ],
  });
}

/** The dashed rule at the last actual year and its label, or two empty marks where there is none. */
function boundaryMarks(boundary: number | null | undefined) {
  return [
    boundary ? Plot.ruleX([boundary], { stroke: '#888', strokeDasharray: '4,3' }) : null,
    boundary
      ? Plot.text([boundary], {
          x: (d: number) => d,
          frameAnchor: 'top',
          dx: 4,
          textAnchor: 'start',
          text: () => '推計 / projection →',
        })
      : null,
  ];
}

/** Two-sided bars per class: the left column drawn leftwards, the right one rightwards, a panel per facet. */
function pyramidChart(chart: PyramidChart, input: ChartInput, { label, title, common }: Frame) {
  const rows = input.rows;
  const classes = unique(rows.map((r) => r[chart.y])).reverse();
  const [left, right] = [label(chart.left), label(chart.right)];
  return Plot.plot({
    ...common,
    height: Math.max(320, classes.length * 18 + 80),
    marginLeft: 72,
    fx: chart.facet ? { label: null, tickFormat: (d: unknown) => String(d) } : undefined,
    y: { domain: classes, label: null },
    x: {
      tickFormat: (d: number) => Math.abs(d).toLocaleString('ja-JP', { notation: 'compact' }),
      label: `← ${left} · ${right} →`,
      labelAnchor: 'center',
    },
    color: { domain: [left, right], range: ['#4e79a7', '#e15759'], legend: true },
    marks: [
      Plot.barX(rows, {
        fx: chart.facet,
        y: chart.y,
        x: (d: Row) => -Number(d[chart.left]),
        fill: () => left,
        title: title([chart.facet, chart.y, chart.left]),
      }),
      Plot.barX(rows, {
        fx: chart.facet,
        y: chart.y,
        x: chart.right,
        fill: () => right,
        title: title([chart.facet, chart.y, chart.right]),
      }),
      Plot.ruleX([0]),
    ],
  });
}

/** Bars of y per category, stacked by fill and in panels by facet: down the side, or standing. */
function barChart(chart: BarChart, input: ChartInput, frame: Frame) {
  const rows = input.rows.filter((r) => isNumber(r[chart.y]));
  const categories = unique(rows.map((r) => r[chart.x]));
  const fills = chart.fill ? unique(rows.map((r) => r[chart.fill!])) : [];
  const color = chart.fill
    ? {
        legend: true,
        type: 'ordinal' as const,
        domain: fills,
        scheme: fills.length > 10 ? ('turbo' as const) : ('observable10' as const),
      }
    : undefined;
  const bar = {
    fill: chart.fill ?? '#4e79a7',
    fy: chart.facet,
    fx: chart.facetX,
    title: frame.title([chart.facetX, chart.facet, chart.x, chart.fill, chart.y]),
  };
  const bars: Bars = { chart, input, frame, rows, categories, color, bar };
  return chart.horizontal ? horizontalBars(bars) : verticalBars(bars);
}

/** What both layouts of a bar chart draw from. */
interface Bars {
  chart: BarChart;
  input: ChartInput;
  frame: Frame;
  rows: Row[];
  categories: (Cell | undefined)[];
  color: Plot.ScaleOptions | undefined;
  bar: Plot.BarXOptions & Plot.BarYOptions;
}

function horizontalBars({ chart, input, frame, rows, categories, color, bar }: Bars) {
  const { label, common } = frame;
  const facets = chart.facet ? unique(rows.map((r) => r[chart.facet!])).length : 1;
  return Plot.plot({
    ...common,
    height: categories.length * facets * 22 + 100,
    marginLeft: Math.min(200, Math.max(80, input.width * 0.35)),
    y: { domain: categories, label: label(chart.x), tickFormat: (d: unknown) => truncate(String(d), 16) },
    x: { grid: true, label: label(chart.y), tickFormat: '~s' },
    color,
    marks: [Plot.barX(rows, { ...bar, y: chart.x, x: chart.y }), Plot.ruleX([0])],
  });
}

function verticalBars({ chart, input, frame, rows, categories, color, bar }: Bars) {
  const { label, common } = frame;
  // Show about one tick label per 40 pixels, so long series (months) stay readable.
  const every = Math.max(1, Math.ceil((categories.length * 40) / input.width));
  return Plot.plot({
    ...common,
    height: chart.facet ? 220 * unique(rows.map((r) => r[chart.facet!])).length : 380,
    marginBottom: 60,
    marginRight: chart.facet ? 100 : 20,
    x: {
      domain: categories,
      label: label(chart.x),
      tickRotate: every > 1 || categories.length > 12 ? -45 : 0,
      tickFormat: (d: unknown, i: number) => (i % every ? '' : String(d)),
    },
    y: { grid: true, label: label(chart.y), tickFormat: '~s' },
    color,
    marks: [Plot.barY(rows, { ...bar, x: chart.x, y: chart.y }), Plot.ruleY([0])],
  });
}

const truncate = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
