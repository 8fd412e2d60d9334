// Facts of the labour operations: job openings and applicants by occupation (municipality/job
// perYear), workers and payroll by industry and age (municipality/wages perYear), summed at every level
// of their classes so that a broad class or "all" divides summed counts, never averages ratios.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { sumsAtEveryLevel } from './levels.ts';
import { withSicCode } from './selection.ts';
import type { Table } from './rollup.ts';
import { Grouped, rowsOf, tableOf } from './table.ts';
import { perSources } from './memo.ts';

type JobMonth = Pick<Row<'job_openings'>, 'month' | 'openings' | 'applicants'>;

/** Openings and applicants by prefecture and occupation (`-` for all), by month. */
export const jobOpeningSeries = perSources(function jobOpeningSeries(sources: Sources) {
  const all = sumsAtEveryLevel(
    tableOf(sources, 'job_openings'),
    ['prefCode', 'month'],
    [{ columns: ['iscoCode', 'ismcoCode'], all: '-' }],
    ['openings', 'applicants'],
  );
  return new Grouped<JobMonth, ['prefCode', 'iscoCode', 'ismcoCode']>(
    all.orderby('prefCode', 'iscoCode', 'ismcoCode', 'month'),
    ['prefCode', 'iscoCode', 'ismcoCode'],
  );
});

/** One occupation middle class in one fiscal year: applicants and openings summed over its months, and its placements. */
export type PortfolioRow = Pick<Row<'job_openings'>, 'iscoCode' | 'ismcoCode' | 'applicants' | 'openings'> &
  Pick<Row<'job_placements'>, 'womenApplicants' | 'placements'> & { months: number };

const PORTFOLIO_KEY = ['prefCode', 'year', 'ismcoCode'];

/** job_openings summed over the months of each fiscal year (April to March), by prefecture and occupation middle class. */
function fiscalYearSums(sources: Sources): Table {
  return tableOf(sources, 'job_openings')
    .derive({
      year: (d) =>
        aq.op.parse_int(aq.op.substring(d.month, 0, 4), 10) - (aq.op.substring(d.month, 5, 7) < '04' ? 1 : 0),
    })
    .groupby('prefCode', 'year', 'iscoCode', 'ismcoCode')
    .rollup({ months: aq.op.count(), applicants: aq.op.sum('applicants'), openings: aq.op.sum('openings') });
}

/** job_placements: the women among the applicants and the placements, by prefecture, fiscal year and class. */
const placements = (sources: Sources): Table =>
  tableOf(sources, 'job_placements').select(...PORTFOLIO_KEY, 'womenApplicants', 'placements');

/**
 * Job seekers, openings and placements by prefecture and fiscal year (April to March), per occupation middle
 * class in code order: the months of job_openings summed, beside the year's row of job_placements (a year
 * without one is not served: its women and placements are unknown).
 */
export const jobPortfolio = perSources(function jobPortfolio(sources: Sources) {
  const rows = fiscalYearSums(sources)
    .join(placements(sources), [PORTFOLIO_KEY, PORTFOLIO_KEY])
    .orderby('prefCode', 'year', 'iscoCode', 'ismcoCode');
  return new Grouped<PortfolioRow, ['prefCode', 'year']>(rows, ['prefCode', 'year']);
});

/** The names of the occupation classes (occupations_broad, occupations_middle), by code. */
export const occupationNames = (sources: Sources) => ({
  broad: new Map(rowsOf(sources, 'occupations_broad').map((b) => [b.iscoCode, b.iscoName])),
  middle: new Map(rowsOf(sources, 'occupations_middle').map((m) => [m.ismcoCode, m.ismcoName])),
});

type WageYear = Pick<Row<'wages'>, 'year' | 'workers' | 'payroll'>;

/** Workers and payroll by prefecture, industry (`-` for all) and lower age bound (`all` for every age), by year. */
export const wageSeries = perSources(function wageSeries(sources: Sources) {
  const t = withSicCode(sources, tableOf(sources, 'wages')).derive({ age: (d) => `${d.ageFrom}` });
  const all = sumsAtEveryLevel(
    t,
    ['prefCode', 'year'],
    [
      { columns: ['sicCode', 'simcCode'], all: '-' },
      { columns: ['age'], all: 'all' },
    ],
    ['workers', 'payroll'],
  );
  return new Grouped<WageYear, ['prefCode', 'sicCode', 'simcCode', 'age']>(
    all.orderby('prefCode', 'sicCode', 'simcCode', 'age', 'year'),
    ['prefCode', 'sicCode', 'simcCode', 'age'],
  );
});
