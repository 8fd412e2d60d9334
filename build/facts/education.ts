// Facts of the education operations: where each prefecture's high-school graduates go
// (employEducation/localjobAcademic/toTransition). Per prefecture, year, sex and course, those who stay
// in it (local), those who leave it (out) and those who come to it from other prefectures (in).

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { Grouped, tableOf } from './table.ts';
import { perSources } from './memo.ts';

/** One year's graduates of one sex and course, seen from one prefecture. */
export type FlowRow = Pick<Row<'graduate_destinations'>, 'year' | 'sex' | 'course'> & {
  local: number;
  out: number;
  in: number;
};

const KEY = ['prefCode', 'year', 'sex', 'course'];

/** Graduates staying, leaving and coming in, by prefecture (its 2-digit code), in year order. */
export const graduateFlows = perSources(function graduateFlows(sources: Sources) {
  const t = tableOf(sources, 'graduate_destinations').derive({ stays: (d) => d.prefCode === d.destPrefCode });
  const local = t
    .filter((d) => d.stays)
    .groupby(KEY)
    .rollup({ local: aq.op.sum('count') });
  const moves = t.filter((d) => !d.stays);
  const out = moves.groupby(KEY).rollup({ out: aq.op.sum('count') });
  const inflow = moves
    .groupby('destPrefCode', 'year', 'sex', 'course')
    .rollup({ in: aq.op.sum('count') })
    .rename({ destPrefCode: 'prefCode' });
  // Every prefecture-year-sex-course any of the three has; one that lacks a count has none of it.
  const rows = local
    .select(KEY)
    .concat(out.select(KEY), inflow.select(KEY))
    .dedupe(KEY)
    .join_left(local, [KEY, KEY])
    .join_left(out, [KEY, KEY])
    .join_left(inflow, [KEY, KEY])
    .derive({
      local: (d) => (d.local == null ? 0 : d.local),
      out: (d) => (d.out == null ? 0 : d.out),
      in: (d) => (d.in == null ? 0 : d.in),
    })
    .orderby('prefCode', 'year', 'sex', 'course');
  return new Grouped<FlowRow, ['prefCode']>(rows, ['prefCode']);
});
