// dist/serve.json for `npx serve dist`. serve never sees the query string, so only the path form works
// there: each key sequence that files use gets a rewrite to its index.json, with named segments that
// serve's path-to-regexp does not percent-encode (values are digits, letters and -).

import { COMMON_HEADERS, FILE_CACHE_CONTROL, JSON_TYPE, PREFLIGHT_HEADERS } from '../runtime/respond.ts';
import { PAGE_REWRITES } from '../runtime/pages.ts';
import { STATIC_TYPES } from '../runtime/static-path.ts';
import type { RouteOp } from '../runtime/routes.ts';

/** serve-handler's MIME table says application/javascript; the other hosts send RFC 9239's type. */
export const SCRIPT_TYPE = {
  source: '**/*.js',
  headers: [{ key: 'Content-Type', value: 'text/javascript;charset=UTF-8' }],
};

export function serveConfig(keySequences: Map<RouteOp, Set<string>>) {
  // The docs page at / and the reference, as every other host serves them.
  const rewrites: { source: string; destination: string }[] = [...PAGE_REWRITES];
  for (const [route, sequences] of keySequences) {
    for (const seq of [...sequences].sort((a, b) => b.length - a.length)) {
      const source =
        route.path +
        (seq
          ? seq
              .split('/')
              .map((k) => `/${k}/:${k}`)
              .join('')
          : '');
      rewrites.push({ source, destination: `${source}/index.json` });
    }
  }
  const header = ([key, value]: [string, string]) => ({ key, value });
  return {
    cleanUrls: false,
    directoryListing: false,
    rewrites,
    headers: [
      {
        source: '**/*.json',
        headers: [
          { key: 'Content-Type', value: JSON_TYPE },
          { key: 'Cache-Control', value: FILE_CACHE_CONTROL },
        ],
      },
      SCRIPT_TYPE,
      // serve's MIME table reads .ts as an MPEG transport stream; openapi.d.ts is text, as elsewhere.
      { source: '**/*.ts', headers: [{ key: 'Content-Type', value: STATIC_TYPES.ts! }] },
      // serve answers OPTIONS as GET (200 with the file), so with these headers a CORS preflight for
      // any request header succeeds wherever a file answers.
      { source: '**', headers: Object.entries({ ...COMMON_HEADERS, ...PREFLIGHT_HEADERS }).map(header) },
    ],
  };
}
