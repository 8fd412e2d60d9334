// The whole dist from one pack as a Web-standard fetch handler: the API through answer() like every
// adapter (query and path forms, canonical spellings, errors, compositions reading other files of the
// pack), the other files (explorer, reference, manifest) as they are. The edge worker wraps it around
// an R2 object or a URL; anything with fetch, Request and Response can.
//
// The pack is opened by the first request and kept; a request that cannot read it is answered 503
// with a JSON body (never a wrong answer) and the next request opens it again. Answers of 200 are kept
// in `cache` (the Cache API on Cloudflare) under the request's URL and the pack's digest, so a new pack
// is never answered from the old one's entries. Every 200 carries the ETag the Node server gives the same
// body (a 304 answers it) and Vary: Accept-Encoding, since workerd and Cloudflare compress what a worker sends.

import { apiError, type ErrorMode } from '../runtime/errors.ts';
import {
  answer,
  composedText,
  COMMON_HEADERS,
  errorResponse,
  HEALTH_PATH,
  healthResponse,
  type ApiResponse,
  type FileAnswer,
} from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';
import { staticPath, typeOf } from '../runtime/static-path.ts';
import { type Pack, type ReadStats } from '../pack/reader.ts';
import { noneMatch } from '../server/negotiate.ts';
import { PackError } from '../user-error.ts';

interface PackFetchOptions {
  open(): Promise<Pack>;
  /** Where 200 answers are kept between requests (caches.default on Cloudflare); none by default. */
  cache?: Pick<Cache, 'match' | 'put'> | null;
  /** Where the operator reads why the pack could not be read. */
  log?(message: string): void;
}

interface Opened {
  pack: Pack;
  routes: CompiledRoutes;
  /** The ETags of the static files served so far (a few site files), so that manifest.json is hashed once. */
  tags: Map<string, string>;
}

/** Seconds a client waits before asking again after a 503. */
const RETRY_AFTER = '30';
/** Answers are those of one pack, whose digest is in their cache key: they can be kept as long as the cache likes. */
const KEPT = 'public, max-age=31536000, immutable';

/** What the platform gives each request: on Cloudflare, ctx.waitUntil lets a cache write finish after the answer is sent. */
export interface RequestContext {
  waitUntil(work: Promise<unknown>): void;
}

export function packFetch(o: PackFetchOptions): (request: Request, ctx?: RequestContext) => Promise<Response> {
  // Only an opened pack is shared: requests that arrive while it opens open it too (see build/pack/byte-lru.ts on
  // why a request must not wait on another's read), and the first to finish is kept.
  let opened: Opened | undefined;
  const open = async (stats: ReadStats): Promise<Opened> => {
    if (opened) return opened;
    const pack = await o.open();
    stats.reads += pack.stats.reads;
    stats.bytes += pack.stats.bytes;
    if (!pack.table)
      throw new PackError(
        'the pack',
        'it holds no routes.json (it was not written by npm run bundle)',
        'Write it with npm run bundle.',
      );
    return (opened ??= {
      pack,
      routes: compileRoutes(JSON.parse(new TextDecoder().decode(pack.table)) as RouteTable),
      tags: new Map(),
    });
  };

  return async (request, ctx) => {
    const url = new URL(request.url);
    // A base URL with a trailing slash makes //api/v1/…: the API's still, as on every other host.
    if (url.pathname.includes('//')) url.pathname = url.pathname.replace(/\/{2,}/g, '/');
    const stats: ReadStats = { reads: 0, bytes: 0 };
    let mode: ErrorMode = 'status';
    let operations: number | undefined;
    try {
      const current = await open(stats);
      mode = current.routes.errors;
      operations = current.routes.table.operations.length;
      const cached = url.pathname.startsWith('/api/') ? await fromCache(o, request, url, current.pack.digest) : null;
      return cached ?? (await fromPack(o, current, request, url, stats, ctx));
    } catch (e) {
      opened = undefined; // the next request opens the pack again: it may have been repaired or replaced
      o.log?.(`regstat edge: ${e instanceof Error ? e.message : String(e)}`);
      if (url.pathname !== HEALTH_PATH) return unavailable(e, mode);
      return toResponse(request.method, healthResponse(operations, problemOf(e)));
    }
  };
}

/** An answer read from the pack: the API's through answer(), other files as they are. */
async function fromPack(
  o: PackFetchOptions,
  { pack, routes, tags }: Opened,
  request: Request,
  url: URL,
  stats: ReadStats,
  ctx?: RequestContext,
): Promise<Response> {
  // Files go out as the bytes the pack holds; only compositions read them as text.
  const decoder = new TextDecoder();
  const text = async (path: string) => {
    const bytes = await pack.get(path, stats);
    return bytes && decoder.decode(bytes);
  };
  const a = await answer<Uint8Array | string>(routes, request.method, url.pathname, url.search, {
    file: (path) => pack.get(path, stats),
    compose: (c) => composedText(c, text, routes),
    // A file read through the pack, as answers are: its head alone says nothing of its blocks.
    health: async () => (await pack.check(stats), null),
  });
  if (!a) return await staticFile(pack, tags, request, url.pathname, stats);
  if (!('file' in a)) return withReads(toResponse(request.method, a), stats);
  const etag = await etagOf(a.file);
  keep(o, url, pack.digest, a, etag, ctx);
  return withReads(validated(request, new Headers(a.headers), bodyOf(a), etag), stats);
}

type Answer = ApiResponse | FileAnswer<Uint8Array | string>;
const bodyOf = (a: Answer) => ('file' in a ? (a.file as Uint8Array<ArrayBuffer> | string) : a.body);

function toResponse(method: string, a: Answer): Response {
  const empty = method === 'HEAD' || a.status === 204;
  return new Response(empty ? null : bodyOf(a), { status: a.status, headers: a.headers });
}

/** The Range reads this answer cost, for whoever measures the edge (browsers show it in their timing panel). */
function withReads(res: Response, stats: ReadStats): Response {
  res.headers.set('Server-Timing', `pack;desc="reads=${stats.reads} bytes=${stats.bytes}"`);
  return res;
}

/**
 * The ETag the Node server gives the same body uncompressed (build/server/entry.ts: SHA-1 in base64url,
 * quoted), so that caches in front of either host agree; Web Crypto, since the worker runs in workerd.
 */
async function etagOf(body: Uint8Array | string): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes as Uint8Array<ArrayBuffer>));
  return `"${btoa(String.fromCharCode(...hash))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}"`;
}

/** What a client may hold for a body: the Node server's tags of its compressed forms too, so either host revalidates the other's. */
const tagsOf = (etag: string) => [etag, `${etag.slice(0, -1)}-gz"`, `${etag.slice(0, -1)}-br"`];

/**
 * A cacheable 200, or the 304 that answers a matching If-None-Match (weak comparison, `*` included) with
 * the same headers but the body's own. Vary on every one: workerd and Cloudflare compress what a worker
 * sends by the client's Accept-Encoding, and a shared cache must not give one client's coding to another.
 */
function validated(request: Request, headers: Headers, body: BodyInit | null, etag: string): Response {
  headers.set('ETag', etag);
  headers.set('Vary', 'Accept-Encoding');
  const inm = request.headers.get('If-None-Match');
  if (inm !== null && noneMatch(inm, tagsOf(etag))) {
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

const cacheKey = (url: URL, digest: string) => `${url.origin}/__regstat/${digest}${url.pathname}${url.search}`;

async function fromCache(o: PackFetchOptions, request: Request, url: URL, digest: string): Promise<Response | null> {
  if (!o.cache || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const hit = await o.cache.match(cacheKey(url, digest));
  const etag = hit?.headers.get('ETag');
  // An entry kept by a worker that stored no ETag is answered afresh (and kept again, with one).
  if (!hit || !etag) return (await hit?.body?.cancel(), null);
  const headers = new Headers(hit.headers);
  headers.set('Cache-Control', hit.headers.get('X-Regstat-Cache-Control') ?? 'no-store');
  headers.delete('X-Regstat-Cache-Control');
  headers.set('Server-Timing', 'pack;desc="cached"');
  const res = validated(request, headers, hit.body, etag);
  if (res.status === 304 || request.method === 'HEAD') await hit.body?.cancel();
  return res;
}

function keep(o: PackFetchOptions, url: URL, digest: string, a: Answer, etag: string, ctx?: RequestContext): void {
  if (!o.cache) return;
  // The cache keeps the entry as long as KEPT allows; the client gets the answer's own Cache-Control back.
  // The ETag is kept with it, so that an answer from the cache is not hashed again.
  const headers = {
    ...a.headers,
    ETag: etag,
    'Cache-Control': KEPT,
    'X-Regstat-Cache-Control': a.headers['Cache-Control'] ?? 'no-store',
  };
  const put = o.cache.put(cacheKey(url, digest), new Response(bodyOf(a), { status: 200, headers })).catch(() => {});
  ctx?.waitUntil(put);
}

/** A file outside the API (the site, the manifests): revalidated by its ETag, hashed once per pack. */
async function staticFile(
  pack: Pack,
  tags: Map<string, string>,
  request: Request,
  pathname: string,
  stats: ReadStats,
): Promise<Response> {
  const path = staticPath(pathname);
  const body = path === null ? null : await pack.get(path, stats);
  if (!body)
    return new Response(request.method === 'HEAD' ? null : 'Not found\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...COMMON_HEADERS },
    });
  let etag = tags.get(path!);
  if (!etag) {
    etag = await etagOf(body);
    if (tags.size >= 256) tags.clear(); // a pack holds a few dozen; the bound is for one that holds more
    tags.set(path!, etag);
  }
  const headers = new Headers({ 'Content-Type': typeOf(path!), 'Cache-Control': 'no-cache', ...COMMON_HEADERS });
  return withReads(validated(request, headers, body as Uint8Array<ArrayBuffer>, etag), stats);
}

/** What is wrong with the pack, for a client: never where it lives (the log has that). */
const problemOf = (e: unknown) => (e instanceof PackError ? e.problem : 'reading it failed');

/** The pack could not be read: 503 with the API's error body, saying what is wrong but not where the pack lives. */
function unavailable(e: unknown, mode: ErrorMode): Response {
  const problem = problemOf(e);
  const r = errorResponse(
    apiError(
      503,
      'The data of this API cannot be read',
      `Its data pack cannot be used: ${problem}. The operator has been told in the server's log; retry later.`,
    ),
    mode,
  );
  return new Response(r.body, { status: 503, headers: { ...r.headers, 'Retry-After': RETRY_AFTER } });
}
