// What every adapter answers, as data: status, headers and body. Adapters only move bytes.

import { composeResult, type ReadFile } from './compose.ts';
import { apiError, resasForm, type ApiError, type ErrorMode } from './errors.ts';
import { resolve } from './resolve.ts';
import type { CompiledRoutes } from './routes.ts';

export const JSON_TYPE = 'application/json;charset=UTF-8';

/** Browser code may read the validators and the back-off hint, not only the CORS-safelisted headers. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Retry-After, Content-Length',
};

/**
 * Any request header is allowed: `*` covers every header but Authorization (the Fetch standard keeps it
 * out of the wildcard), which is named; browsers that predate the wildcard read the named ones. The
 * X-API-KEY of the original is accepted and ignored.
 */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, X-API-KEY, Content-Type, If-None-Match, If-Modified-Since, Cache-Control, Pragma, X-Requested-With, *',
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
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': ERROR_CACHE_CONTROL, ...CORS_HEADERS },
    body: resas?.body ?? JSON.stringify(e.body),
  };
}

export function methodNotAllowed(method: string): ApiResponse {
  const r = errorResponse(apiError(405, `Method ${method} is not allowed`, 'This API is read-only: use GET (or HEAD, or OPTIONS for a preflight).'));
  r.headers.Allow = 'GET, HEAD, OPTIONS';
  return r;
}

/**
 * The whole API for adapters that read files through a function (edge workers, service workers,
 * the offline bundle). Returns null for paths outside the API, which the adapter serves as static files.
 */
export async function respond(routes: CompiledRoutes, method: string, url: URL, read: ReadFile): Promise<ApiResponse | null> {
  const r = resolve(routes, url.pathname, url.search);
  if (r.kind === 'pass') return null;
  if (method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: '' };
  if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(method);
  if (r.kind === 'error') return errorResponse(r.error, routes.errors);
  const headers = { 'Content-Type': JSON_TYPE, 'Cache-Control': FILE_CACHE_CONTROL, ...CORS_HEADERS };
  if (r.kind === 'file') {
    const body = await read(r.path);
    if (body === null) return errorResponse(apiError(500, `${r.path} is missing from dist`, 'The dist folder is incomplete: rebuild it with npm run build.'));
    return { status: 200, headers, body };
  }
  return { status: 200, headers, body: successBody(await composeResult(r.composer, r.files, read, { values: r.values, op: r.op, table: routes.table })) };
}
