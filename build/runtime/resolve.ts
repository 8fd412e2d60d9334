// The resolver: the one function every server uses to map a request to a file of dist/, to a
// composition of several files, or to an error. It is the security boundary: it canonicalizes and
// validates every parameter first and only then builds a path, from canonical values alone.

import { apiError, badRequest, notFound, type ApiError } from './errors.ts';
import { filePath } from './file-path.ts';
import { checkParam, describe, isListParam, listValues, type Area, type Canonical } from './params.ts';
import { MAX_QUERY_LENGTH, add, parseQuery, type Params } from './query.ts';
import {
  API_INDEX,
  API_PREFIX,
  composingParam,
  constraintKey,
  listKey,
  describeConditions,
  isActive,
  type CompiledRoutes,
  type Paging,
  type RouteOp,
} from './routes.ts';

export type Resolution =
  /** op is absent for the API's index, which answers no operation. */
  | { kind: 'file'; op?: RouteOp; path: string }
  /**
   * Files combined at request time: by the named composer, or (undefined) only a compact layout's pair put
   * together. `by` names what made it compose (a parameter, or the pair's differing values), for a host
   * that cannot compose to say so.
   */
  | { kind: 'compose'; op: RouteOp; composer: string | undefined; by: string; files: string[]; values: Canonical }
  | { kind: 'error'; error: ApiError }
  /** Not an API path: static files such as /manifest.json are the adapter's business. */
  | { kind: 'pass' };

const MAX_PATH_LENGTH = 2048;
const SAFE_PATH = /^\/api\/v1(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/index\.json$/;

export function resolve(routes: CompiledRoutes, pathname: string, search = ''): Resolution {
  // A base URL with a trailing slash makes //api/v1/…; empty segments name nothing, as nginx merges them.
  if (pathname.includes('//')) pathname = pathname.replace(/\/{2,}/g, '/');
  // Everything under /api/ is the API's: an unknown path there gets the API's 404, not a web page.
  if (!pathname.startsWith('/api/')) return { kind: 'pass' };
  if (pathname.length > MAX_PATH_LENGTH) return error(notFound(pathname.slice(0, 80) + '…'));

  let path = pathname;
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path.endsWith('/index.json')) path = path.slice(0, -'/index.json'.length);

  if (path === API_PREFIX) return { kind: 'file', path: API_INDEX };
  let op = routes.byPath.get(path);
  let params: Params = new Map();
  if (!op) {
    if (!path.startsWith(`${API_PREFIX}/`)) return error(notFound(pathname));
    const match = matchPathForm(routes, path);
    if (!match) return error(notFound(pathname));
    ({ op, params } = match);
  }

  if (search.length > MAX_QUERY_LENGTH) {
    return error(
      badRequest('The query string is too long', `Keep the query string under ${MAX_QUERY_LENGTH} characters.`),
    );
  }
  if (!parseQuery(search, params)) {
    return error(
      badRequest(
        'The query string is not valid percent-encoding',
        'Encode parameter values as UTF-8 with percent-encoding, for example cityCode=%2D or cityCode=-.',
      ),
    );
  }
  return resolveOp(routes, op, params);
}

function resolveOp(routes: CompiledRoutes, op: RouteOp, params: Params): Resolution {
  if (op.unavailable) return error(apiError(404, `${op.path} is not available in this build`, op.unavailable));
  const read = readValues(routes, op, params);
  if ('error' in read) return read.error;
  const { values, areas } = read;
  const broken = brokenConstraint(op, values);
  if (broken) return broken;
  if (op.paging) return page(routes, op, op.paging, values);
  const halves = pairHalves(op, values);
  if (op.compose && areas && areas.length > 0) return composeAreas(routes, op, op.compose, values, areas, halves);
  if (halves(values).length === 2) {
    const by = `different ${op.pairs!.left} and ${op.pairs!.right}`;
    return composition(
      op,
      undefined,
      by,
      halves(values).map((v) => filePath(op, v)),
      values,
    );
  }
  return file(op, values);
}

/** Each active parameter read once, checked and canonicalized (with the areas of an addArea). */
function readValues(
  routes: CompiledRoutes,
  op: RouteOp,
  params: Params,
): { values: Canonical; areas: Area[] | undefined } | { error: Resolution } {
  const values: Canonical = {};
  let areas: Area[] | undefined;
  for (const spec of op.params) {
    if (!isActive(spec, values)) continue; // ignored here
    const given = spec.aliases
      ? [spec.name, ...spec.aliases].flatMap((n) => params.get(n) ?? []).filter((v) => v !== '')
      : params.get(spec.name);
    if (given && given.length > 1) {
      const how = isListParam(spec) ? ` List several entries comma-separated in one ${spec.name}.` : '';
      const names = spec.aliases ? ` (under the names ${[spec.name, ...spec.aliases].join(' and ')})` : '';
      return {
        error: error(
          badRequest(`${spec.name} is given ${given.length} times${names}; give it once`, describe(spec, routes) + how),
        ),
      };
    }
    // An empty value is no value, as in HTML forms: cityCode= means the default, -.
    const value = given?.[0] === '' ? undefined : given?.[0];
    const raw = value ?? (spec.default === undefined ? undefined : String(spec.default));
    if (raw === undefined) {
      if (spec.required) {
        return {
          error: error(badRequest(`${spec.name} is required${describeConditions(spec)}`, describe(spec, routes))),
        };
      }
      continue;
    }
    const checked = checkParam(spec, raw, values, routes);
    if (!checked.ok) return { error: error(checked.error) };
    values[spec.name] = checked.value;
    Object.assign(values, checked.settles);
    if (checked.areas) areas = checked.areas;
  }
  return { values, areas };
}

/** The first of the operation's constraints the values break, as its 400; null when they keep all. */
function brokenConstraint(op: RouteOp, values: Canonical): Resolution | null {
  for (const c of op.constraints ?? []) {
    const v = values[c.param];
    if (v === undefined) continue;
    const row = c.cases[constraintKey(c, values)];
    if (!row?.values.includes(v)) {
      const shown = shownValues(row?.values ?? []);
      const fix = row?.values.length
        ? `Give ${c.param} as ${shown} ${row.doc}.`
        : `No ${c.param} is available ${row?.doc ?? 'for this combination'}; see the constraints of ${op.path} in /manifest.json.`;
      return error(
        badRequest(`${c.param} ${v} is not available ${row?.doc ?? 'for this combination of parameters'}`, fix),
      );
    }
  }
  return null;
}

/** An addArea request: the files of the region asked for and of each area added, for the composer. */
function composeAreas(
  routes: CompiledRoutes,
  op: RouteOp,
  compose: NonNullable<RouteOp['compose']>,
  values: Canonical,
  areas: Area[],
  halves: (v: Canonical) => Canonical[],
): Resolution {
  const from = routes.byPath.get(compose.from);
  const spec = op.params.find((p) => p.name === compose.param);
  if (!from || !spec || spec.type !== 'areas')
    return error(internal(`routes.json has a bad compose entry on ${op.path}`));
  const regions = [{ pref: values[spec.pref] as string, city: spec.city ? (values[spec.city] ?? '-') : '-' }, ...areas];
  const files = regions.flatMap((r) =>
    halves({ ...values, [spec.pref]: r.pref, ...(spec.city ? { [spec.city]: r.city } : {}) }).map((v) =>
      filePath(from, v),
    ),
  );
  return composition(op, compose.composer, compose.param, files, values);
}

/** Integers as a run ("5 to 85 in steps of 5"), with an open bound `-` last; codes as listed. */
function shownValues(values: string[]): string {
  const numbers = values.filter((x) => x !== '-');
  if (!numbers.every((x) => /^[0-9]+$/.test(x))) return values.join(', ');
  const run = listValues(numbers.map(Number));
  return numbers.length < values.length ? (numbers.length ? `${run} or -` : '-') : run;
}

/** In the compact layout, the two files a pair of different values is made of; otherwise the values' own. */
function pairHalves(op: RouteOp, values: Canonical): (v: Canonical) => Canonical[] {
  const p = op.pairs;
  if (!p || values[p.left] === values[p.right]) return (v) => [v];
  return (v) => [
    { ...v, [p.right]: v[p.left] },
    { ...v, [p.left]: v[p.right] },
  ];
}

/**
 * Pages of a list: offsets that are multiples of the page size are files; other offsets compose the two
 * pages they straddle; offsets past the end, and every ordering of an empty list, share the list's end
 * file. A filter (the op's list parameter) composes from all pages of the list in the asked order.
 */
function page(routes: CompiledRoutes, op: RouteOp, paging: Paging, values: Canonical): Resolution {
  const length = routes.table.counts[paging.counts]?.[listKey(paging.list, values)] ?? 0;
  const offset = Number(values[paging.offset]);
  const size = paging.size;
  const at = (o: number) => filePath(op, { ...values, [paging.offset]: String(o) });
  const end = () => {
    const v: Canonical = { ...values, [paging.offset]: String(Math.ceil(length / size) * size) };
    for (const o of paging.order) v[o.name] = o.first;
    return file(op, v);
  };
  const param = composingParam(op);
  const filter = param !== undefined && values[param] !== undefined && values[param] !== '_';
  if (filter && length > 0) {
    const pages = Array.from({ length: Math.ceil(length / size) }, (_, i) => at(i * size));
    return composition(op, op.compose!.composer, param, pages, values);
  }
  if (offset >= length) return end();
  const first = offset - (offset % size);
  if (first === offset) return file(op, values);
  const pages = first + size < length ? [at(first), at(first + size)] : [at(first)];
  return composition(op, paging.composer, paging.offset, pages, values);
}

function file(op: RouteOp, values: Canonical): Resolution {
  const path = filePath(op, values);
  if (!isSafe(path)) return error(internal(`the resolver built an unsafe path ${JSON.stringify(path)}`));
  return { kind: 'file', op, path };
}

function composition(
  op: RouteOp,
  composer: string | undefined,
  by: string,
  files: string[],
  values: Canonical,
): Resolution {
  const unsafe = files.find((f) => !isSafe(f));
  if (unsafe) return error(internal(`the resolver built an unsafe path ${JSON.stringify(unsafe)}`));
  return { kind: 'compose', op, composer, by, files, values };
}

/** `/api/v1/<op>/<name>/<value>/…`: the path form every static host can serve. */
function matchPathForm(routes: CompiledRoutes, path: string): { op: RouteOp; params: Params } | null {
  const segments = path.split('/');
  for (let depth = Math.min(routes.maxDepth, segments.length); depth > 3; depth--) {
    const op = routes.byPath.get(segments.slice(0, depth).join('/'));
    if (!op) continue;
    const rest = segments.slice(depth);
    if (rest.length % 2 !== 0) return null;
    // Segments that name no parameter of the operation name no file either: 404, as on every static host.
    const names = new Set(op.params.flatMap((p) => [p.name, ...(p.aliases ?? [])]));
    const params: Params = new Map();
    for (let i = 0; i < rest.length; i += 2) {
      const name = decodeSegment(rest[i] as string);
      const value = decodeSegment(rest[i + 1] as string);
      if (name === null || value === null || !names.has(name)) return null;
      add(params, name, value);
    }
    return { op, params };
  }
  return null;
}

function decodeSegment(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** Canonical values cannot form anything else; this keeps it so if a validator ever regresses. */
function isSafe(path: string): boolean {
  return SAFE_PATH.test(path) && !path.includes('/../') && !path.includes('/./');
}

function internal(message: string): ApiError {
  return apiError(500, message, 'This is a bug in regstat; please report it with the request URL.');
}

function error(e: ApiError): Resolution {
  return { kind: 'error', error: e };
}
