// Facts of the tourism operations read from their own tables: foreign visitors by nationality
// (foreigners/forFrom) and accommodation facilities stacked by class (hotelAnalysis/facilityStack).

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { Grouped, rowsOf, tableOf } from './table.ts';

export type VisitorRow = Pick<Row<'foreign_visitors'>, 'countryCode' | 'year' | 'quarter' | 'visitors'> &
  Pick<Row<'countries'>, 'countryName'>;

/** Visitors by prefecture, year and purpose, in country code order (as numbers), then quarter. */
export function foreignVisitors(sources: Sources) {
  const rows = tableOf(sources, 'foreign_visitors')
    .join(tableOf(sources, 'countries'), 'countryCode')
    .derive({ order: (d) => aq.op.parse_int(d.countryCode, 10) })
    .orderby('prefCode', 'year', 'purpose', 'order', 'quarter');
  return new Grouped<VisitorRow, ['prefCode', 'year', 'purpose']>(rows, ['prefCode', 'year', 'purpose']);
}

/** One class's facilities in one month of a stack. */
export interface StackRow {
  code: number;
  month: string;
  facilities: number;
}

/**
 * Facilities by prefecture and display (1 employee-size classes, 2 accommodation types), each class summed over the other dimension, by class and month;
 * and the label of each class.
 */
export function facilityStacks(sources: Sources) {
  const t = tableOf(sources, 'accommodation_facilities');
  const bySize = t
    .groupby('prefCode', 'sizeCode', 'month')
    .rollup({ facilities: aq.op.sum('facilities') })
    .derive({ display: () => '1', code: (d) => d.sizeCode });
  const byType = t
    .groupby('prefCode', 'typeCode', 'month')
    .rollup({ facilities: aq.op.sum('facilities') })
    .derive({ display: () => '2', code: (d) => d.typeCode });
  const columns = ['prefCode', 'display', 'code', 'month', 'facilities'];
  const rows = bySize
    .select(...columns)
    .concat(byType.select(...columns))
    .orderby('prefCode', 'display', 'code', 'month');
  const labels = new Map<string, string>();
  for (const c of rowsOf(sources, 'accommodation_classes'))
    labels.set(`${c.kind === 'size' ? 1 : 2}|${c.code}`, c.label);
  return {
    stacks: new Grouped<StackRow, ['prefCode', 'display']>(rows, ['prefCode', 'display']),
    labelOf: (display: string, code: number) => labels.get(`${display}|${code}`) ?? '',
  };
}
