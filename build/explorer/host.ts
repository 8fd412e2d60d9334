// Which URL form the host the page came from answers. Hosts that serve files only (npx serve, GitHub
// Pages, S3) never see a query string: there a query-form URL answers 404, and the URL and curl line shown
// beside an answer must be the path form of its file. The page finds out once, by asking the host for one
// request in both forms: the same bytes mean the host reads queries.

import { resolve, type Resolution } from '../runtime/resolve.ts';
import type { CompiledRoutes } from '../runtime/routes.ts';
import { loadRoutes } from './api.ts';

export interface Shown {
  /** The URL to show and copy for the request. */
  url: string;
  /** What to tell beside it, on a host that serves files only. */
  note?: string;
}

const FILES_ONLY =
  'This host serves files only and does not read query strings (the query form answers 404 here), so the URL is the path form of the file; a host that runs code (npm run serve, npm start) answers the query form too.';
const NO_FILE =
  'This host serves files only and has no URL for this request: the page answered it itself, as a host that runs code (npm run serve, npm start) answers the query form below.';

let filesOnly: Promise<boolean> | undefined;

async function text(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

/**
 * A request and its file to ask the host for: a master's (the cities of the first prefecture, a small
 * file every build that has the operation writes, whatever its scope), else the request shown when it
 * reads one file by a query. Compositions and errors cannot tell: nginx answers them otherwise too.
 */
function probeOf(routes: CompiledRoutes, shown: URL, r: Resolution): [query: string, file: string] | null {
  const cities = routes.byPath.get('/api/v1/cities');
  const first = routes.table.country[0];
  if (cities && !cities.unavailable && first !== undefined)
    return [`${cities.path}?prefCode=${first}`, `${cities.path}/prefCode/${first}/index.json`];
  return r.kind === 'file' && shown.search ? [shown.href, r.path] : null;
}

/** Whether the query form of a request and its file answer differently here (a 404 where one answers). */
async function answersFilesOnly([query, file]: [string, string]): Promise<boolean> {
  const [byQuery, byFile] = await Promise.all([text(new URL(query, location.href).href), text(file)]);
  return byFile !== null && byQuery !== byFile;
}

/** The URL to show for the API request `path` (a query form), and a note where this host cannot answer it so. */
export async function shownUrl(path: string): Promise<Shown> {
  const routes = await loadRoutes();
  const query = new URL(path, location.href);
  const r = resolve(routes, query.pathname, query.search);
  const probe = filesOnly ? null : probeOf(routes, query, r);
  if (probe) filesOnly = answersFilesOnly(probe);
  if (!(await (filesOnly ?? false))) return { url: query.href };
  return r.kind === 'file'
    ? { url: new URL(r.path, location.href).href, note: FILES_ONLY }
    : { url: query.href, note: NO_FILE };
}
