// What the masters share: the view of a list (its rows as a table, no chart) and the parameter naming the
// parent class whose children a classification list gives.

import type { Domain } from '../../runtime/domains.ts';
import type { CodeParam } from '../../runtime/routes.ts';
import type { View } from '../../runtime/view.ts';

/** A list's view: its rows as a table of these columns, a key alone being its own heading; no chart. */
export const listView = (...columns: (string | [key: string, label: string])[]): View => ({
  rows: [{ path: '[]' }],
  columns: columns.map((c) => (typeof c === 'string' ? { key: c, label: c } : { key: c[0], label: c[1] })),
});

/** The required code of the parent class (a code of `domain`) whose children a list gives. */
export const parentCode = <N extends string>(
  name: N,
  domain: Domain,
  doc: string,
): CodeParam & { name: N; required: true } => ({ name, type: 'code', domain, required: true, doc });
