// What a server says at start of the build it serves: a --prefs build answers 404 for the other
// prefectures and an --only build lacks operations, which a user who forgot the option would otherwise
// meet as unexplained errors (npm start, npm run serve, the bundle's serve.mjs).

import type { RouteTable } from './routes.ts';

/** One line naming the prefectures and operations a build answers. */
export function scopeNotice(table: Pick<RouteTable, 'prefectures' | 'country' | 'operations'>): string {
  const served = table.operations.filter((o) => !o.unavailable).length;
  const missing = table.operations.length - served;
  const ops = `${served} operations${missing ? ` (${missing} more answer 404: their tables are missing)` : ''}`;
  if (table.prefectures.length >= table.country.length) return `scope: all ${table.country.length} prefectures, ${ops}`;
  const codes = table.prefectures.join(', ');
  return `scope: prefecture${table.prefectures.length > 1 ? 's' : ''} ${codes} only (a --prefs build; the others answer 404), ${ops}`;
}
