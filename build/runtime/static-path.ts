// The one check every store makes before it looks a static path up: decodable, no NUL, no backslash,
// no segment that climbs. Anything else is simply not found (never a 500, never a stack in the log).

import { PAGE_REWRITES } from './pages.ts';

/** A page's folder without its trailing slash answers the page too, as under serve (runtime/pages.ts). */
const PAGES = new Map(PAGE_REWRITES.map((r) => [r.source, r.destination]));

export function staticPath(raw: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(path) || path.split('/').some((s) => s === '..')) return null;
  return path.endsWith('/') ? `${path}index.html` : (PAGES.get(path) ?? path);
}

export const STATIC_TYPES: Record<string, string> = {
  json: 'application/json;charset=UTF-8',
  html: 'text/html;charset=UTF-8',
  css: 'text/css;charset=UTF-8',
  js: 'text/javascript;charset=UTF-8',
  mjs: 'text/javascript;charset=UTF-8',
  txt: 'text/plain;charset=UTF-8',
  // openapi.d.ts: TypeScript declarations, shown as text.
  ts: 'text/plain;charset=UTF-8',
};

export const typeOf = (path: string) =>
  STATIC_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
