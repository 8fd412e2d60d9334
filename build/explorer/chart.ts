// The chart of an answer, drawn with Observable Plot from the same rows the table and the CSV hold. Every
// drawn point or bar carries a <title> with its values: a native tooltip for people, and what the browser
// tests read back.

import * as Plot from '@observablehq/plot';
import type { Cell, Chart, Column, Row } from '../runtime/view.ts';
import { h } from './dom.ts';

interface ChartInput {
  chart: Chart;
  rows: Row[];
  columns: Column[];
  width: number;
  /** The last actual year, where a line chart's projections begin. */
  boundary?: number | null;
  /** The years with official figures where others are synthetic: a line chart over years rings their points. */
  officialYears?: number[];
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
function lineChart(chart: LineChart, input: ChartInput, frame: Frame) {
  const rows = input.rows.filter((r) => isNumber(r[chart.y]));
  if (!chart.panels || !chart.series) return linePanel(chart, input, frame, rows, frame.label(chart.y), true);
  // Series of different sizes each on a scale of their own, colours as in one chart: a rate drawn on an axis
  // of millions of people is a flat line at zero. A series no panel names gets one, so every row is drawn.
  const key = chart.series;
  const named = new Set(chart.panels.flatMap((p) => p.series));
  const rest = unique(rows.map((r) => String(r[key]))).filter((s) => !named.has(s));
  const panels = [...chart.panels, ...(rest.length ? [{ series: rest, label: frame.label(chart.y) }] : [])];
  const plots = panels
    .map((p) => ({ p, mine: rows.filter((r) => p.series.includes(String(r[key]))) }))
    .filter(({ mine }) => mine.length > 0)
    .map(({ p, mine }, i) => linePanel(chart, input, frame, mine, p.label, i === 0, rows));
  return h('div', { class: 'panels' }, plots);
}

/** One plot of lines; `all` rows give the colours, so each series has its colour in every panel. */
function linePanel(
  chart: LineChart,
  input: ChartInput,
  { label, title, common }: Frame,
  rows: Row[],
  yLabel: string,
  legend: boolean,
  all = rows,
) {
  const x =
    chart.xType === 'year'
      ? (d: Row) => Number(d[chart.x])
      : chart.xType === 'month'
        ? (d: Row) => new Date(`${String(d[chart.x]).replace('/', '-')}-01T00:00:00Z`)
        : chart.x;
  // Panels share the x axis of all the rows, so a year is at one place in each.
  const categories = unique(all.map((r) => r[chart.x]));
  const extent = (f: (d: Row) => number | Date) => {
    const xs = all.map(f).sort((a, b) => +a - +b);
    return [xs[0], xs[xs.length - 1]];
  };
  const panels = all !== rows;
  return Plot.plot({
    ...common,
    height: panels ? 240 : 380,
    marginBottom: chart.xType === 'category' ? 90 : 40,
    x:
      chart.xType === 'category'
        ? { type: 'point', domain: categories, label: label(chart.x), tickRotate: -40 }
        : chart.xType === 'year'
          ? { tickFormat: 'd', label: label(chart.x), domain: extent(x as (d: Row) => number) }
          : { type: 'utc', label: label(chart.x), domain: extent(x as (d: Row) => Date) },
    y: { grid: true, label: yLabel, tickFormat: '~s' },
    color: chart.series ? { legend, domain: unique(all.map((r) => r[chart.series!])) } : undefined,
    marks: [
      Plot.ruleY([0]),
      ...boundaryMarks(input.boundary, roomRight(input, chart.xType === 'year' ? extent(x as (d: Row) => number) : [])),
      Plot.lineY(rows, { x, y: chart.y, stroke: chart.series ?? (() => label(chart.y)), z: chart.series }),
      ...officialMarks(chart, input, rows, x),
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

/**
 * Rings round the points of the years with official figures, and a note saying so in the corner; none
 * where every year or none is official, or the x axis is not years.
 */
function officialMarks(chart: LineChart, { officialYears }: ChartInput, rows: Row[], x: unknown) {
  if (!officialYears?.length || chart.xType !== 'year') return [];
  const official = rows.filter((r) => officialYears.includes(Number(r[chart.x])));
  if (!official.length) return [];
  return [
    Plot.dot(official, {
      x: x as (d: Row) => number,
      y: chart.y,
      r: 5,
      stroke: 'currentColor',
      fill: 'none',
      // Told apart from the data's dots (whose group Plot labels `dot` too) by its description.
      ariaDescription: 'official years',
    }),
    Plot.text(['◯ 公式統計の年 / years with official figures'], {
      frameAnchor: 'top-left',
      dy: -2,
      fill: 'currentColor',
      stroke: 'white',
      strokeWidth: 3,
      paintOrder: 'stroke',
      ariaDescription: 'official years note',
    }),
  ];
}

/** Pixels from the boundary year to the plot's right edge (Plot's default margins), Infinity if unknown. */
function roomRight({ boundary, width }: ChartInput, [lo, hi]: (number | Date | undefined)[]): number {
  if (!boundary || typeof lo !== 'number' || typeof hi !== 'number' || hi <= lo) return Infinity;
  return ((hi - boundary) / (hi - lo)) * (width - 64 - 20) + 20;
}

/**
 * The dashed rule at the last actual year and its label, or two empty marks where there is none. The label
 * goes where it fits (a phone's chart cut it at the right edge): in full, short, or left of the rule.
 */
function boundaryMarks(boundary: number | null | undefined, room: number) {
  if (!boundary) return [null, null];
  const [text, anchor] =
    room >= 135 ? ['推計 / projection →', 'start'] : room >= 55 ? ['推計 →', 'start'] : ['← 実績 / actual', 'end'];
  return [
    Plot.ruleX([boundary], { stroke: '#888', strokeDasharray: '4,3' }),
    Plot.text([boundary], {
      x: (d: number) => d,
      frameAnchor: 'top',
      dx: anchor === 'start' ? 4 : -4,
      textAnchor: anchor as 'start' | 'end',
      text: () => text,
      // A halo keeps it legible where a line passes under it (with a stroke, Plot's text has no fill unless given).
      fill: 'currentColor',
      stroke: 'white',
      strokeWidth: 3,
      paintOrder: 'stroke',
    }),
  ];
}

/** Two-sided bars per class: the left column drawn leftwards, the right one rightwards, a panel per facet. */
function pyramidChart(chart: PyramidChart, input: ChartInput, { label, title, common }: Frame) {
  const rows = input.rows;
  const classes = unique(rows.map((r) => r[chart.y])).reverse();
  const [left, right] = [label(chart.left), label(chart.right)];
  // Plot asks for a tick per 80 px of a panel: a pyramid of a phone's half width got the 0 alone, no scale.
  const panels = chart.facet ? unique(rows.map((r) => r[chart.facet!])).length : 1;
  const ticks = Math.max(2, Math.floor((input.width - 92) / panels / 60));
  return Plot.plot({
    ...common,
    height: Math.max(320, classes.length * 18 + 80),
    marginLeft: 72,
    // Room between the panels for the ticks at their edges (50万 beside 50万 read as one number).
    fx: chart.facet ? { label: null, tickFormat: (d: unknown) => String(d), padding: 0.2 } : undefined,
    y: { domain: classes, label: null },
    x: {
      tickFormat: (d: number) => Math.abs(d).toLocaleString('ja-JP', { notation: 'compact' }),
      ticks,
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
        tickFormat: legendFormat(frame.label(chart.fill), fills),
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

/**
 * A legend of bare numbers (forFrom's quarters read `1 2 3 4`) names them by their column, `四半期 / quarter`:
 * `四半期 1 / quarter 1`. Named classes stand as they are.
 */
function legendFormat(label: string, fills: (Cell | undefined)[]) {
  if (!fills.every(isNumber)) return undefined;
  const [ja, en] = label.split(' / ');
  return (d: unknown) => (en ? `${ja} ${d} / ${en} ${d}` : `${ja} ${d}`);
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

function horizontalBars(bars: Bars) {
  const { chart, rows } = bars;
  if (!chart.facet) return horizontalPanel(bars, rows, bars.categories, true);
  // A panel per facet, each listing only its own categories: facets of one plot share the category axis, so
  // 47 prefectures beside 60 municipalities made two panels of 107 rows each, half of them empty.
  const key = chart.facet;
  const values = rows.map((r) => r[chart.y] as number).concat(chart.rule ?? 0, 0);
  const domain = [Math.min(...values), Math.max(...values)];
  return h(
    'div',
    { class: 'panels' },
    unique(rows.map((r) => r[key])).flatMap((facet, i) => {
      const mine = rows.filter((r) => r[key] === facet);
      const categories = unique(mine.map((r) => r[chart.x]));
      return [
        h('h3', { class: 'panel-title' }, [String(facet)]),
        horizontalPanel(bars, mine, categories, i === 0, domain),
      ];
    }),
  );
}

/** Bars down the side, one row per category; `domain`, when given, is the value axis every panel shares. */
function horizontalPanel(
  { chart, input, frame, color, bar }: Bars,
  rows: Row[],
  categories: (Cell | undefined)[],
  legend: boolean,
  domain?: number[],
) {
  const { label, common } = frame;
  return Plot.plot({
    ...common,
    height: categories.length * 20 + 70,
    marginLeft: marginLeftOf(input),
    y: {
      domain: categories,
      label: label(chart.x),
      labelAnchor: 'top',
      // As many characters as the margin holds at 12 px a (full-width) character: a phone's is 125 px.
      tickFormat: (d: unknown) => truncate(String(d), Math.floor((marginLeftOf(input) - 10) / 12)),
    },
    x: {
      grid: true,
      label: fitLabel(chart.yLabel ?? label(chart.y), input.width - marginLeftOf(input) - 20),
      labelAnchor: 'center',
      tickFormat: '~s',
      domain,
    },
    color: color && { ...color, legend },
    marks: [Plot.barX(rows, { ...bar, fy: undefined, y: chart.x, x: chart.y }), Plot.ruleX([0]), ...ruleMarks(chart)],
  });
}

/** The reference value (1 for a coefficient: as specialized as the nation) as a dashed line, with its value. */
function ruleMarks(chart: BarChart) {
  if (chart.rule === undefined) return [];
  const style = { stroke: '#c00', strokeDasharray: '5,3', strokeWidth: 1.5 };
  const text = { text: () => format(chart.rule), fill: '#c00', textAnchor: 'start' as const, dx: 3 };
  return chart.horizontal
    ? [
        Plot.ruleX([chart.rule], style),
        Plot.text([chart.rule], { ...text, x: (d: number) => d, frameAnchor: 'top', dy: -8 }),
      ]
    : [
        Plot.ruleY([chart.rule], style),
        Plot.text([chart.rule], { ...text, y: (d: number) => d, frameAnchor: 'right', dy: -6 }),
      ];
}

function verticalBars({ chart, input, frame, rows, categories, color, bar }: Bars) {
  const { label, common } = frame;
  // Show about one tick label per 40 pixels, so long series (months) stay readable.
  const every = Math.max(1, Math.ceil((categories.length * 40) / input.width));
  const rotate = every > 1 || categories.length > 12;
  const { bottom, left } = tickRoom(categories, every, rotate);
  return Plot.plot({
    ...common,
    height: (chart.facet ? 220 * unique(rows.map((r) => r[chart.facet!])).length : 380) + bottom - 20,
    marginBottom: bottom + 40,
    marginLeft: Math.max(common.marginLeft, left),
    marginRight: chart.facet ? 100 : 20,
    x: {
      domain: categories,
      label: label(chart.x),
      tickRotate: rotate ? -45 : 0,
      tickFormat: (d: unknown, i: number) => (i % every ? '' : String(d)),
    },
    y: { grid: true, label: chart.yLabel ?? label(chart.y), tickFormat: '~s' },
    color,
    marks: [Plot.barY(rows, { ...bar, x: chart.x, y: chart.y }), Plot.ruleY([0]), ...ruleMarks(chart)],
  });
}

/**
 * The room the shown category labels take below the axis, and left of the first bar: a label turned 45°
 * reaches 0.71 of its length down and to the left. A fixed 60 px margin cut a mesh chart's ranks
 * (`7600人以下`, `7600人超`) and drew the axis title over them.
 */
function tickRoom(categories: (Cell | undefined)[], every: number, rotate: boolean) {
  const shown = categories.filter((_, i) => i % every === 0).map((c) => textWidth(String(c ?? '')));
  if (!rotate || shown.length === 0) return { bottom: 20, left: 0 };
  return { bottom: Math.ceil(Math.max(...shown) * Math.SQRT1_2) + 10, left: Math.ceil(shown[0]! * Math.SQRT1_2) };
}

/** Roughly how wide a text is at 12 px: full-width characters 12 px, the others 7. */
const textWidth = (s: string) => [...s].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 7), 0);

/** An axis label `日本語 / English` that does not fit `room` pixels (a phone's) keeps its Japanese half. */
function fitLabel(text: string, room: number): string {
  if (textWidth(text) + 20 <= room) return text;
  const japanese = text.split(' / ')[0]!;
  return textWidth(japanese) + 20 <= room ? japanese : truncate(japanese, Math.floor((room - 20) / 12));
}

/** The margin for a horizontal bar chart's category names: a third of the width, 80 to 200 px. */
const marginLeftOf = (input: ChartInput) => Math.min(200, Math.max(80, input.width * 0.35));

const truncate = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
