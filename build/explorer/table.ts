// The table of an answer: the view's columns over the same rows the chart draws and the CSV holds.

import type { Column, Row } from '../runtime/view.ts';
import { h } from './dom.ts';

// Years and codes read as they are; other figures get thousands separators.
const PLAIN = /year|code|_cd$|quarter|month|flg/i;

const cellText = (v: unknown, key = '') =>
  typeof v === 'number' && !PLAIN.test(key)
    ? v.toLocaleString('en-US', { maximumFractionDigits: 20 })
    : v === null || v === undefined
      ? ''
      : String(v);

export function drawTable(rows: Row[], columns: Column[]): HTMLElement {
  const head = h(
    'tr',
    {},
    columns.map((c) => h('th', { scope: 'col' }, [c.label])),
  );
  const body = rows.map((r) =>
    h(
      'tr',
      {},
      columns.map((c) => h('td', typeof r[c.key] === 'number' ? { class: 'num' } : {}, [cellText(r[c.key], c.key)])),
    ),
  );
  return h('table', {}, [h('thead', {}, [head]), h('tbody', {}, body)]);
}
