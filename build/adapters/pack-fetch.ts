// The whole dist from one pack as a Web-standard fetch handler: the API through answer() like every
// adapter (query and path forms, canonical spellings, errors, compositions reading other files of the
// pack), the other files (explorer, reference, manifest) as they are. The edge worker wraps it around
// an R2 object or a URL; anything with fetch, Request and Response can.
//
// The pack is opened by the first request and kept; a request that cannot read it is answered 503
// with a JSON body (never a wrong answer) and the next request opens it again. Answers of 200 are kept
// in `cache` (the Cache API on Cloudflare) under the request's URL and the pack's digest, so a new pack
// is never answered from the old one's entries.

import { apiError, type ErrorMode } from '../runtime/errors.ts';
import {
  answer,
  composedText,
  COMMON_HEADERS,
  errorResponse,
  type ApiResponse,
  type FileAnswer,
} from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';
import { staticPath, typeOf } from '../runtime/static-path.ts';
import { type Pack, type ReadStats } from '../pack/reader.ts';
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
    return (opened ??= { pack, routes: compileRoutes(JSON.parse(new TextDecoder().decode(pack.table)) as RouteTable) });
  };

  return async (request, ctx) => {
    const url = new URL(request.url);
    // A base URL with a trailing slash makes //api/v1/…: the API's still, as on every other host.
    if (url.pathname.includes('//')) url.pathname = url.pathname.replace(/\/{2,}/g, '/');
    const stats: ReadStats = { reads: 0, bytes: 0 };
    let mode: ErrorMode = 'status';
    try {
      const { pack, routes } = await open(stats);
      mode = routes.errors;
      const cached = url.pathname.startsWith('/api/') ? await fromCache(o, request, url, pack.digest) : null;
      if (cached) return cached;
      // Files go out as the bytes the pack holds; only compositions read them as text.
      const decoder = new TextDecoder();
      const text = async (path: string) => {
        const bytes = await pack.get(path, stats);
        return bytes && decoder.decode(bytes);
      };
      const a = await answer<Uint8Array | string>(routes, request.method, url.pathname, url.search, {
        file: (path) => pack.get(path, stats),
        compose: (c) => composedText(c, text, routes),
      });
      if (!a) return await staticFile(pack, request.method, url.pathname, stats);
      if ('file' in a) keep(o, url, pack.digest, a, ctx);
      return withReads(toResponse(request.method, a), stats);
    } catch (e) {
      opened = undefined; // the next request opens the pack again: it may have been repaired or replaced
      o.log?.(`regstat edge: ${e instanceof Error ? e.message : String(e)}`);
      return unavailable(e, mode);
    }
  };
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

const cacheKey = (url: URL, digest: string) => `${url.origin}/__regstat/${digest}${url.pathname}${url.search}`;

async function fromCache(o: PackFetchOptions, request: Request, url: URL, digest: string): Promise<Response | null> {
  if (!o.cache || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const hit = await o.cache.match(cacheKey(url, digest));
  if (!hit) return null;
  const headers = new Headers(hit.headers);
  headers.set('Cache-Control', hit.headers.get('X-Regstat-Cache-Control') ?? 'no-store');
  headers.delete('X-Regstat-Cache-Control');
  headers.set('Server-Timing', 'pack;desc="cached"');
  return new Response(request.method === 'HEAD' ? null : hit.body, { status: hit.status, headers });
}

function keep(o: PackFetchOptions, url: URL, digest: string, a: Answer, ctx?: RequestContext): void {
  if (!o.cache) return;
  // The cache keeps the entry as long as KEPT allows; the client gets the answer's own Cache-Control back.
  const headers = {
    ...a.headers,
    'Cache-Control': KEPT,
    'X-Regstat-Cache-Control': a.headers['Cache-Control'] ?? 'no-store',
  };
  const put = o.cache.put(cacheKey(url, digest), new Response(bodyOf(a), { status: 200, headers })).catch(() => {});
  ctx?.waitUntil(put);
}

async function staticFile(pack: Pack, method: string, pathname: string, stats: ReadStats): Promise<Response> {
  const path = staticPath(pathname);
  const body = path === null ? null : await pack.get(path, stats);
  if (!body)
    return new Response(method === 'HEAD' ? null : 'Not found\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...COMMON_HEADERS },
    });
  const headers = { 'Content-Type': typeOf(path!), 'Cache-Control': 'no-cache', ...COMMON_HEADERS };
  return withReads(
    new Response(method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers }),
    stats,
  );
}

/** The pack could not be read: 503 with the API's error body, saying what is wrong but not where the pack lives. */
function unavailable(e: unknown, mode: ErrorMode): Response {
  const problem = e instanceof PackError ? e.problem : 'reading it failed';
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
