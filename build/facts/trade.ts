// Companies' overseas trade (industry/overseasTransaction) and research and development (industry/expense):
// amounts by prefecture, as the sources give them.

import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { groupRows } from './rollup.ts';
import { tableOf } from './table.ts';

/** By prefecture code (two digits), in year and world area order. */
export const tradeByPrefecture = (sources: Sources) =>
  groupRows<Row<'overseas_trade'>>(tableOf(sources, 'overseas_trade').orderby('prefCode', 'year', 'area'), 'prefCode');

/** Research and development (industry/expense/forLine) by prefecture code (two digits), in year order. */
export const researchByPrefecture = (sources: Sources) =>
  groupRows<Row<'research_expenses'>>(
    tableOf(sources, 'research_expenses').orderby('prefCode', 'year', 'industry'),
    'prefCode',
  );
