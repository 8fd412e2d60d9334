// Facts of the tourism operations read from their own tables: foreign visitors by nationality
// (foreigners/forFrom), accommodation facilities and stays stacked by class (hotelAnalysis) and the
// prefectures visited before and after one (correlation/forCircle).

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { Grouped, rowsOf, tableOf } from './table.ts';
import { perSources } from './memo.ts';

type VisitorRow = Pick<Row<'foreign_visitors'>, 'countryCode' | 'year' | 'quarter' | 'visitors'> &
  Pick<Row<'countries'>, 'countryName'>;

/** Visitors by prefecture, year and purpose, in country code order (as numbers), then quarter. */
export const foreignVisitors = perSources(function foreignVisitors(sources: Sources) {
  const rows = tableOf(sources, 'foreign_visitors')
    .join(tableOf(sources, 'countries'), 'countryCode')
    .derive({ order: (d) => aq.op.parse_int(d.countryCode, 10) })
    .orderby('prefCode', 'year', 'purpose', 'order', 'quarter');
  return new Grouped<VisitorRow, ['prefCode', 'year', 'purpose']>(rows, ['prefCode', 'year', 'purpose']);
});

/** One class's facilities in one month of a stack. */
type StackRow = { code: number } & Pick<Row<'accommodation_facilities'>, 'month' | 'facilities'>;

/**
 * Facilities by prefecture and display (1 employee-size classes, 2 accommodation types), each class summed over the other dimension, by class and month;
 * and the label of each class.
 */
export const facilityStacks = perSources(function facilityStacks(sources: Sources) {
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
  const classesOf = accommodationClasses(sources);
  return {
    stacks: new Grouped<StackRow, ['prefCode', 'display']>(rows, ['prefCode', 'display']),
    labelOf: (display: string, code: number) => classesOf(display).find((c) => c.code === code)?.label ?? '',
  };
});

/**
 * One class's stays in one month (code 0 is every class); rooms and capacity only of the facilities the
 * survey counts them for: sums of the table's rows, where arquero's sum of empty cells alone is undefined.
 */
export interface StayRow {
  code: number;
  month: string;
  japaneseGuests: number;
  foreignGuests: number;
  /** Rooms occupied and available, in room-nights; undefined where no facility of the class is counted. */
  roomsOccupied: number | undefined;
  roomsAvailable: number | undefined;
  /** Capacity in person-nights, and the guest nights of the facilities whose capacity is counted. */
  capacity: number | undefined;
  countedGuests: number;
}

/**
 * Stays by prefecture and display (1 employee-size classes, 2 accommodation types): every class (code 0)
 * and each class summed over the other dimension, by class and month; and the label of each class.
 */
export const stayStacks = perSources(function stayStacks(sources: Sources) {
  const t = tableOf(sources, 'accommodation_stays').derive({
    countedGuests: (d) => (d.capacity != null ? d.japaneseGuests + d.foreignGuests : 0),
  });
  const sums = {
    japaneseGuests: aq.op.sum('japaneseGuests'),
    foreignGuests: aq.op.sum('foreignGuests'),
    roomsOccupied: aq.op.sum('roomsOccupied'),
    roomsAvailable: aq.op.sum('roomsAvailable'),
    capacity: aq.op.sum('capacity'),
    countedGuests: aq.op.sum('countedGuests'),
  };
  const columns = ['prefCode', 'display', 'code', 'month', ...Object.keys(sums)];
  const all = t.groupby('prefCode', 'month').rollup(sums);
  const rows = [
    all.derive({ display: () => '1', code: () => 0 }),
    all.derive({ display: () => '2', code: () => 0 }),
    t
      .groupby('prefCode', 'sizeCode', 'month')
      .rollup(sums)
      .derive({ display: () => '1', code: (d) => d.sizeCode }),
    t
      .groupby('prefCode', 'typeCode', 'month')
      .rollup(sums)
      .derive({ display: () => '2', code: (d) => d.typeCode }),
  ]
    .map((part) => part.select(...columns))
    .reduce((a, b) => a.concat(b))
    .orderby('prefCode', 'display', 'code', 'month');
  return {
    stacks: new Grouped<StayRow, ['prefCode', 'display']>(rows, ['prefCode', 'display']),
    classesOf: accommodationClasses(sources),
  };
});

/** The classes of a display (1 employee-size classes, 2 accommodation types) in code order. */
function accommodationClasses(sources: Sources): (display: string) => { code: number; label: string }[] {
  const rows = rowsOf(sources, 'accommodation_classes');
  const ofKind = (kind: Row<'accommodation_classes'>['kind']) =>
    rows
      .filter((c) => c.kind === kind)
      .map(({ code, label }) => ({ code, label }))
      .sort((a, b) => a.code - b.code);
  const classes = new Map([
    ['1', ofKind('size')],
    ['2', ofKind('type')],
  ]);
  return (display) => classes.get(display) ?? [];
}

/** The visitors of a prefecture who visited another prefecture before it or after it. */
export type SequenceRow = Pick<Row<'visit_sequences'>, 'position' | 'otherPrefCode' | 'visitors'>;

/**
 * Visit sequences (tourism/correlation/forCircle) per year and halfPeriod (1 the whole year, 2–5 a
 * quarter), keyed `prefCode|year|halfPeriod` (prefCode in 2 digits), in the other prefecture's code order.
 */
export const sequenceFacts = perSources(function sequenceFacts(
  sources: Sources,
): Grouped<SequenceRow, ['prefCode', 'year', 'halfPeriod']> {
  const t = tableOf(sources, 'visit_sequences');
  const columns = ['prefCode', 'year', 'halfPeriod', 'position', 'otherPrefCode', 'visitors'];
  const byYear = t
    .groupby('prefCode', 'year', 'position', 'otherPrefCode')
    .rollup({ visitors: aq.op.sum('visitors') })
    .derive({ halfPeriod: () => 1 });
  const rows = byYear
    .select(...columns)
    .concat(t.derive({ halfPeriod: (d) => d.quarter + 1 }).select(...columns))
    .orderby('prefCode', 'year', 'halfPeriod', 'position', 'otherPrefCode');
  return new Grouped<SequenceRow, ['prefCode', 'year', 'halfPeriod']>(rows, ['prefCode', 'year', 'halfPeriod']);
});
