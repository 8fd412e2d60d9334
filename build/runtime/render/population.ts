// Population responses rendered from counts. The build renders from counts it aggregated with arquero;
// composition (addArea) reads the counts back out of per-region files, sums them and renders again, so
// both paths share every formula and every rounding.

import { floorPercent, growth, percent } from '../rounding.ts';
import { AGE_FROM, AGE_GROUPS, GROUP_LABEL, TOTAL_LABEL, ageClassLabel, ageGroupOf, type AgeGroup } from './labels.ts';
import { composer } from '../composer.ts';

/** The item a list must hold (an index its own construction gives): a miss is a bug, said with what was looked up. */
export function itemAt<T>(list: readonly T[], i: number, what: string): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no ${what} ${i} in a list of ${list.length}`);
  return item;
}

/**
 * What a composer reads back from a rendered answer's labelled series: a series' points, and the value at
 * an index of another series (every series has the same years).
 */
export function seriesReader<P extends { year: number; value: number }>(
  data: readonly { label: string; data: P[] }[],
  answer: string,
) {
  const series = (label: string) => {
    const s = data.find((d) => d.label === label);
    if (!s) throw new Error(`${answer} document has no ${label} series`);
    return s.data;
  };
  const valueAt = (label: string) => {
    const points = series(label);
    return (i: number) => itemAt(points, i, `${label} point`).value;
  };
  return { series, valueAt };
}

export interface YearCounts {
  year: number;
  /** All residents, those of unknown age included. */
  total: number;
  young: number;
  working: number;
  old: number;
}

export interface PerYearCounts {
  boundaryYear: number;
  years: YearCounts[];
}

// population/composition/perYear: the 4 series in the original's order; 総人口 points carry no rate.
export function renderPerYear(c: PerYearCounts) {
  return {
    boundaryYear: c.boundaryYear,
    data: [
      { label: TOTAL_LABEL, data: c.years.map((y) => ({ year: y.year, value: y.total })) },
      ...AGE_GROUPS.map((g) => ({
        label: GROUP_LABEL[g],
        data: c.years.map((y) => ({ year: y.year, value: y[g], rate: percent(y[g], y.total) })),
      })),
    ],
  };
}

type PerYear = ReturnType<typeof renderPerYear>;

/** The counts back from a rendered answer (composition sums them). */
function perYearCounts(r: PerYear): PerYearCounts {
  const { series, valueAt } = seriesReader(r.data, 'perYear');
  const total = series(TOTAL_LABEL);
  const value = (group: AgeGroup) => valueAt(GROUP_LABEL[group]);
  const [young, working, old] = [value('young'), value('working'), value('old')];
  return {
    boundaryYear: r.boundaryYear,
    years: total.map((p, i) => ({ year: p.year, total: p.value, young: young(i), working: working(i), old: old(i) })),
  };
}

/** Sums per-year counts over regions, keeping the years every region has. */
function sumPerYear(list: PerYearCounts[]): PerYearCounts | null {
  const [first] = list;
  if (!first) return null;
  const byYear = list.map((c) => new Map(c.years.map((y) => [y.year, y])));
  const years: YearCounts[] = [];
  for (const y of first.years) {
    const rows = byYear.flatMap((m) => m.get(y.year) ?? []);
    if (rows.length < list.length) continue;
    const sum = (k: keyof YearCounts) => rows.reduce((a, r) => a + r[k], 0);
    years.push({ year: y.year, total: sum('total'), young: sum('young'), working: sum('working'), old: sum('old') });
  }
  return { boundaryYear: first.boundaryYear, years };
}

// population/sum/perYear: % change from five years earlier; the bar classes run old → young.
const SUM_CLASSES: AgeGroup[] = ['old', 'working', 'young'];

export function renderGrowth(c: PerYearCounts) {
  const byYear = new Map(c.years.map((y) => [y.year, y]));
  const points = c.years.flatMap((y) => {
    const before = byYear.get(y.year - 5);
    return before ? [{ now: y, before }] : [];
  });
  return {
    line: {
      boundaryYear: c.boundaryYear,
      data: points.map(({ now, before }) => ({ year: now.year, value: growth(now.total, before.total) })),
    },
    bar: {
      data: points.map(({ now, before }) => ({
        year: now.year,
        sum: growth(now.total, before.total),
        class: SUM_CLASSES.map((g) => ({ label: GROUP_LABEL[g], value: growth(now[g], before[g]) })),
      })),
    },
  };
}

// population/composition/pyramid: one half per year; shares of the sum of the 19 classes.
export interface PyramidCounts {
  year: number;
  /** Men and women per 5-year class, in AGE_FROM order. */
  man: number[];
  woman: number[];
}

export function renderPyramidHalf(h: PyramidCounts) {
  const classes = AGE_FROM.map((from, i) => ({
    from,
    man: itemAt(h.man, i, 'age class of men'),
    woman: itemAt(h.woman, i, 'age class of women'),
  }));
  const total = classes.reduce((a, c) => a + c.man + c.woman, 0);
  const group = { young: 0, working: 0, old: 0 };
  for (const c of classes) group[ageGroupOf(c.from)] += c.man + c.woman;
  return {
    year: h.year,
    oldAgeCount: group.old,
    oldAgePercent: floorPercent(group.old, total),
    middleAgeCount: group.working,
    middleAgePercent: floorPercent(group.working, total),
    newAgeCount: group.young,
    newAgePercent: floorPercent(group.young, total),
    data: classes.map((c) => ({
      class: ageClassLabel(c.from),
      man: c.man,
      manPercent: percent(c.man, total),
      woman: c.woman,
      womanPercent: percent(c.woman, total),
    })),
  };
}

type PyramidHalf = ReturnType<typeof renderPyramidHalf>;

function pyramidCounts(h: PyramidHalf): PyramidCounts {
  return { year: h.year, man: h.data.map((d) => d.man), woman: h.data.map((d) => d.woman) };
}

function sumPyramid(list: PyramidCounts[]): PyramidCounts | null {
  const [first] = list;
  if (!first) return null;
  const sum = (classes: number[][]) =>
    first.man.map((_, i) => classes.reduce((a, c) => a + itemAt(c, i, 'age class'), 0));
  return { year: first.year, man: sum(list.map((h) => h.man)), woman: sum(list.map((h) => h.woman)) };
}

// Composers: the counts of several regions summed, then rendered anew.

export const perYearComposer = composer<PerYear>('perYear', (results) => {
  const sum = sumPerYear(results.map(perYearCounts));
  return sum && renderPerYear(sum);
});

export const growthComposer = composer<PerYear>('growth', (results) => {
  const sum = sumPerYear(results.map(perYearCounts));
  return sum && renderGrowth(sum);
});

type Side = 'yearLeft' | 'yearRight';

export const pyramidComposer = composer<Record<Side, PyramidHalf>>('pyramid', (results) => {
  const side = (key: Side) => {
    const sum = sumPyramid(results.map((r) => pyramidCounts(r[key])));
    return sum && renderPyramidHalf(sum);
  };
  return results.length === 0 ? null : { yearLeft: side('yearLeft'), yearRight: side('yearRight') };
});
