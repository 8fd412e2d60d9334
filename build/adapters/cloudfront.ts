// AWS CloudFront: a viewer-request function in front of an S3 origin holding dist. It rewrites the URI
// of an API request to its file (and drops the query, so the cache key is the canonical file) or
// answers the error itself. Functions cannot read the origin, so requests that compose answer 501.
// The route table is built into the function: it cannot fetch routes.json either.

import { compositionNeedsCode } from '../runtime/errors.ts';
import { answer, errorResponse, type ApiResponse } from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';

interface CfValue {
  value: string;
  multiValue?: { value: string }[];
}
interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, CfValue>;
  headers: Record<string, CfValue>;
}
interface CfResponse {
  statusCode: number;
  statusDescription: string;
  headers: Record<string, { value: string }>;
  body?: { encoding: 'text'; data: string };
}

let routes: CompiledRoutes | undefined;

export function viewerRequest(event: { request: CfRequest }, table: RouteTable): CfRequest | CfResponse {
  routes ??= compileRoutes(table);
  const request = event.request;
  // Values arrive as the viewer sent them (still percent-encoded): the resolver decodes them itself.
  const parts: string[] = [];
  for (const [name, v] of Object.entries(request.querystring)) {
    for (const one of v.multiValue ?? [v])
      parts.push(one.value === '' && !v.multiValue ? name : `${name}=${one.value}`);
  }
  // The one answer() every adapter shares, its bodies translated: a file becomes the origin's URI, a
  // composition the 501 of a host that cannot compose.
  const a = answer<CfRequest | ApiResponse>(
    routes,
    request.method,
    request.uri,
    parts.length ? `?${parts.join('&')}` : '',
    {
      file: (path) => Object.assign(request, { uri: path, querystring: {} }),
      compose: (c) => errorResponse(compositionNeedsCode(c.op.path, c.by)),
    },
  );
  if (a === null) return request;
  if (a instanceof Promise) throw new Error('CloudFront functions answer synchronously');
  if (!('file' in a)) return toCf(a, request.method);
  return 'uri' in a.file ? a.file : toCf(a.file, request.method);
}

/** A generated response; a HEAD's has no body (the health check's, say), as every other host sends it. */
function toCf(r: ApiResponse, method: string): CfResponse {
  const headers: CfResponse['headers'] = {};
  for (const [k, v] of Object.entries(r.headers)) headers[k.toLowerCase()] = { value: v };
  return {
    statusCode: r.status,
    statusDescription: String(r.status),
    headers,
    ...(r.body && method !== 'HEAD' ? { body: { encoding: 'text', data: r.body } } : {}),
  };
}

// Lambda@Edge (viewer request) has room for the whole route table where CloudFront Functions (10 KB)
// does not: the same logic on its event shape, where the query is a raw string and headers are lists.
interface EdgeRequest {
  method: string;
  uri: string;
  querystring: string;
  headers: Record<string, { key: string; value: string }[]>;
}

export function edgeViewerRequest(event: { Records: { cf: { request: EdgeRequest } }[] }, table: RouteTable) {
  const request = event.Records[0]!.cf.request;
  const querystring: Record<string, CfValue> = {};
  for (const part of request.querystring ? request.querystring.split('&') : []) {
    const at = part.indexOf('=');
    const [name, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    const known = querystring[name];
    if (known) (known.multiValue ??= [{ value: known.value }]).push({ value });
    else querystring[name] = { value };
  }
  const out = viewerRequest({ request: { method: request.method, uri: request.uri, querystring, headers: {} } }, table);
  if ('uri' in out) return { ...request, uri: out.uri, querystring: '' };
  const headers: Record<string, { key: string; value: string }[]> = {};
  for (const [k, v] of Object.entries(out.headers)) headers[k] = [{ key: k, value: v.value }];
  return {
    status: String(out.statusCode),
    statusDescription: out.statusDescription,
    headers,
    ...(out.body ? { body: out.body.data } : {}),
  };
}
