// What every adapter answers, as data: status, headers and body. Adapters only move bytes.

import { composeResult, type ReadFile } from './compose.ts';
import { dataHeader, fileDataKind, filesDataKind, filesOp } from './data-kind.ts';
import { apiError, resasForm, type ApiError, type ErrorMode } from './errors.ts';
import { DATA_KINDS, type DataKind } from './origin.ts';
import { resolve, type Resolution } from './resolve.ts';
import type { CompiledRoutes, RouteTable } from './routes.ts';

export const JSON_TYPE = 'application/json;charset=UTF-8';

/**
 * What every response carries, files and errors alike: CORS for any origin (browser code may read the
 * validators and the back-off hint, not only the CORS-safelisted headers), and nosniff, so that a browser
 * never runs an error body that echoes a request's text as anything but the JSON or text it is typed as.
 */
export const COMMON_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Retry-After, Content-Length',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Any request header is allowed: `*` covers every header but Authorization (the Fetch standard keeps it
 * out of the wildcard), which is named; browsers that predate the wildcard read the named ones. The
 * X-API-KEY of the original is accepted and ignored.
 */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...COMMON_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, X-API-KEY, Content-Type, If-None-Match, If-Modified-Since, Cache-Control, Pragma, X-Requested-With, *',
  'Access-Control-Max-Age': '86400',
};

/** API files never change within a build; revalidation with the ETag is cheap after an hour. */
export const FILE_CACHE_CONTROL = 'public, max-age=3600';
export const ERROR_CACHE_CONTROL = 'no-store';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A result already serialized, for renderers that assemble responses from cached parts. */
export class JsonText {
  constructor(readonly text: string) {}
}

export function successBody(result: unknown): string {
  return `{"message":null,"result":${result instanceof JsonText ? result.text : JSON.stringify(result)}}`;
}

export function errorResponse(e: ApiError, mode: ErrorMode = 'status'): ApiResponse {
  const resas = mode === 'resas' ? resasForm(e) : null;
  return {
    status: resas?.status ?? e.status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': ERROR_CACHE_CONTROL, ...COMMON_HEADERS },
    body: resas?.body ?? JSON.stringify(e.body),
  };
}

export function methodNotAllowed(method: string): ApiResponse {
  const r = errorResponse(
    apiError(
      405,
      `Method ${method} is not allowed`,
      'This API is read-only: use GET (or HEAD, or OPTIONS for a preflight).',
    ),
  );
  r.headers.Allow = 'GET, HEAD, OPTIONS';
  return r;
}

/** A 200 whose body is a file of dist or a composition, in whatever form the adapter keeps them. */
export interface FileAnswer<B> {
  status: 200;
  headers: Record<string, string>;
  file: B;
}

/**
 * Where an adapter's bodies come from. A cache may answer synchronously, which keeps the Node server's
 * hot path free of promises; B is what it keeps (text, or the Node server's precompressed entries).
 */
interface Bodies<B> {
  /**
   * A file of dist by its path (`/api/v1/…/index.json`); null when it does not exist. `kind` is what its
   * X-Regstat-Data says, for adapters that build their own headers (the Node server's entries).
   */
  file(path: string, kind?: DataKind): B | null | Promise<B | null>;
  /** The body of a composition (see `composedText` for adapters without a cache of their own). */
  compose(c: Composition, kind?: DataKind): B | Promise<B>;
  /**
   * For hosts whose files can fail to read (a pack): whether they answer, checked by reading one, so that
   * /healthz never says ok while every file fails. Null when they do, else what is wrong (its 503 says it).
   */
  health?(): Promise<string | null>;
}

export type Composition = Extract<Resolution, { kind: 'compose' }>;

/**
 * The one way through the API, for every adapter: null for paths outside the API (the adapter serves
 * them as static files), an ApiResponse for preflights, wrong methods and errors, and otherwise the file or
 * composition that answers, from `bodies`. Failures of `bodies` reject (or throw) for the adapter to answer.
 */
export function answer<B>(
  routes: CompiledRoutes,
  method: string,
  pathname: string,
  search: string,
  bodies: Bodies<B>,
  mode: ErrorMode = routes.errors,
): ApiResponse | FileAnswer<B> | Promise<ApiResponse | FileAnswer<B>> | null {
  if (pathname === HEALTH_PATH) return health(routes, method, bodies.health);
  const r = resolve(routes, pathname, search);
  if (r.kind === 'pass') return null;
  if (method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: '' };
  if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(method);
  if (r.kind === 'error') return errorResponse(r.error, mode);
  if (r.kind === 'compose') {
    const kind = filesDataKind(filesOp(routes, r.op), r.files);
    return then(bodies.compose(r, kind), (file) => ({ status: 200, headers: OK_HEADERS.get(kind)!, file }));
  }
  const kind = fileDataKind(r.op, r.path);
  return then(bodies.file(r.path, kind), (file) =>
    file === null
      ? errorResponse(
          apiError(
            500,
            `${r.path} is missing from dist`,
            'The dist folder is incomplete: rebuild it with npm run build.',
          ),
          mode,
        )
      : { status: 200, headers: OK_HEADERS.get(kind)!, file },
  );
}

/**
 * GET /healthz: what a load balancer or an operator checks, answered by every host that runs code (and
 * nginx): 200 once the process has its route table and, where files can fail to read, once one reads;
 * never cached. The body names how many operations it serves, so a check can also tell a build that lost
 * its operations.
 */
export const HEALTH_PATH = '/healthz';

function health(
  routes: CompiledRoutes,
  method: string,
  check?: () => Promise<string | null>,
): ApiResponse | Promise<ApiResponse> {
  if (method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: '' };
  if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(method);
  const operations = routes.table.operations.length;
  return check ? check().then((problem) => healthResponse(operations, problem)) : healthResponse(operations, null);
}

/**
 * /healthz's answer: 200 and `{"status":"ok","operations":n}`, or 503 and the same shape with status
 * "unavailable" and the problem (without operations where the route table could not be read either).
 */
export function healthResponse(operations: number | undefined, problem: string | null): ApiResponse {
  return {
    status: problem === null ? 200 : 503,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': ERROR_CACHE_CONTROL, ...COMMON_HEADERS },
    body:
      problem === null
        ? `{"status":"ok","operations":${operations}}`
        : JSON.stringify({ status: 'unavailable', operations, problem }),
  };
}

export const healthBody = (table: RouteTable) => healthResponse(table.operations.length, null).body;

/** Shared by every 200, one per data kind; adapters copy headers they change (see methodNotAllowed), never these. */
const OK_HEADERS = new Map(
  [undefined, ...DATA_KINDS].map((kind) => [
    kind,
    Object.freeze({
      'Content-Type': JSON_TYPE,
      'Cache-Control': FILE_CACHE_CONTROL,
      ...COMMON_HEADERS,
      ...dataHeader(kind),
    }) as Readonly<Record<string, string>>,
  ]),
);

function then<T, U>(v: T | Promise<T>, f: (v: T) => U): U | Promise<U> {
  return v instanceof Promise ? v.then(f) : f(v);
}

/** A composition's body as text, from files read through `read`. */
export async function composedText(c: Composition, read: ReadFile, routes: CompiledRoutes): Promise<string> {
  return successBody(
    await composeResult(c.composer, c.files, read, { values: c.values, op: c.op, table: routes.table }),
  );
}

/** `answer` for adapters that read dist as text through one function (edge workers, service workers, the offline bundle). */
export async function respond(
  routes: CompiledRoutes,
  method: string,
  url: URL,
  read: ReadFile,
): Promise<ApiResponse | null> {
  const a = await answer(routes, method, url.pathname, url.search, {
    file: read,
    compose: (c) => composedText(c, read, routes),
  });
  return a && ('file' in a ? { status: a.status, headers: a.headers, body: a.file } : a);
}
