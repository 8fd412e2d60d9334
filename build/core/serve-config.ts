// dist/serve.json for `npx serve dist`. serve never sees the query string, so only the path form works
// there: each key sequence that files use gets a rewrite to its index.json, with named segments that
// serve's path-to-regexp does not percent-encode (values are digits, letters and -). A query form reaches
// its operation's folder, which has no file (build/deploy/static-hosts.ts): serve's 404, answered with
// 404.html, the API's error body.

import { HOST_FILES, NOT_FOUND_PAGE } from '../deploy/static-hosts.ts';
import { API_INDEX, API_PREFIX } from '../runtime/routes.ts';
import {
  COMMON_HEADERS,
  ERROR_CACHE_CONTROL,
  FILE_CACHE_CONTROL,
  JSON_TYPE,
  PREFLIGHT_HEADERS,
} from '../runtime/respond.ts';
import { DATA_HEADER } from '../runtime/data-kind.ts';
import type { DataKind, OpDataKind } from '../runtime/origin.ts';
import { PAGE_REWRITES } from '../runtime/pages.ts';
import { STATIC_TYPES } from '../runtime/static-path.ts';
import type { RouteOp } from '../runtime/routes.ts';

/** serve-handler's MIME table says application/javascript; the other hosts send RFC 9239's type. */
const SCRIPT_TYPE = {
  source: '**/*.js',
  headers: [{ key: 'Content-Type', value: 'text/javascript;charset=UTF-8' }],
};

export function serveConfig(keySequences: Map<RouteOp, Set<string>>) {
  // The docs page at / and the reference, as every other host serves them; /api/v1/ its index.
  const rewrites: { source: string; destination: string }[] = [
    ...PAGE_REWRITES,
    { source: API_PREFIX, destination: API_INDEX },
  ];
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
  const headers = [
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
    // The page of serve's 404s is the API's error body; its headers are matched by the page's own path.
    {
      source: NOT_FOUND_PAGE.slice(1),
      headers: [
        { key: 'Content-Type', value: JSON_TYPE },
        { key: 'Cache-Control', value: ERROR_CACHE_CONTROL },
      ],
    },
  ];
  return {
    cleanUrls: false,
    directoryListing: false,
    rewrites,
    redirects: hiddenFiles(),
    headers: [...headers, ...dataKindHeaders([...keySequences.keys()], headers.length)],
  };
}

/**
 * The other hosts' files answer 404. A redirect is the one rule serve applies before it looks for a file
 * (a rewrite applies only where there is none, and `unlisted` only keeps files out of directory
 * listings: measured, they were served); its `type` is the status it answers, here with no body.
 */
function hiddenFiles() {
  return HOST_FILES.map((f) => ({
    source: f.endsWith('/') ? `${f}**` : f,
    destination: NOT_FOUND_PAGE,
    type: 404,
  }));
}

/** serve's schema: at most 50 header rules, each source at most 100 characters. */
const SERVE_RULES = 50;

/**
 * X-Regstat-Data by file path (runtime/data-kind.ts). serve applies every rule that matches, later ones
 * over earlier ones, with minimatch's globs: the most common kind for every operation's files (two
 * segments at least: not the API's index, which has no kind), then the operations of another kind, then
 * the files of municipalities (cityCode not `-`) where those differ. A set of kinds too varied for serve's
 * 50 rules gets none: better no header than a wrong one.
 */
function dataKindHeaders(routes: RouteOp[], taken: number) {
  const known = routes.filter((r) => r.data !== undefined);
  const first = (r: RouteOp) => (typeof r.data === 'string' ? r.data : r.data!.prefecture);
  const count = new Map<DataKind, number>();
  for (const r of known) count.set(first(r), (count.get(first(r)) ?? 0) + 1);
  const common = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  if (!common) return [];
  const rule = (source: string, kind: DataKind) => ({ source, headers: [{ key: DATA_HEADER, value: kind }] });
  const rules = [
    rule('/api/v1/*/*/**', common),
    ...known.filter((r) => first(r) !== common).map((r) => rule(`${r.path}/**`, first(r))),
    ...known
      .filter((r) => typeof r.data !== 'string' && r.data!.municipality !== r.data!.prefecture)
      .map((r) => rule(`${r.path}/**/cityCode/!(-)/**`, (r.data as Exclude<OpDataKind, string>).municipality)),
  ];
  return taken + rules.length <= SERVE_RULES ? rules : [];
}
