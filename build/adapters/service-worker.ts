// The offline adapter for browsers: dist's sw.js (./sw.ts registers it). Installed by /offline.html, it
// answers API requests of pages on this origin (query form and composition included) from a cache of
// dist's files, filled as files are first fetched and by an explicit "keep offline" message. Network
// first would defeat the point: files of one build never change, so the cache is always right for its build.

import { notAvailableOffline } from '../runtime/errors.ts';
import { errorResponse, HEALTH_PATH } from '../runtime/respond.ts';
import { apiHandler, webResponse, type WebHandler } from './handler.ts';

/** The answer to an API request: the API's from the cache, else the network's; a 503 when neither can answer. */
export async function handle(
  request: Request,
  api: WebHandler,
  network: (request: Request) => Promise<Response>,
): Promise<Response> {
  try {
    return (await api(request)) ?? (await network(request));
  } catch (e) {
    return webResponse(errorResponse(notAvailableOffline(e instanceof Error ? e.message : String(e))), request.method);
  }
}

interface Extendable {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends Extendable {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
/** `{keep: [url, …]}`: fetch these API URLs (and the files they compose from) into the cache now. */
interface KeepEvent extends Extendable {
  readonly data?: { keep?: string[] };
  readonly source: { postMessage(message: { kept: number }): void } | null;
}

/** The part of a ServiceWorkerGlobalScope the worker uses (the DOM library types the global as a window). */
export interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: Extendable) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: KeepEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: { origin: string };
  readonly caches: CacheStorage;
  fetch(request: Request | string): Promise<Response>;
}

const ALWAYS = ['/routes.json', '/manifest.json', '/offline.html'];

/** A file of dist from the cache, or fetched into it; null when offline and never fetched. */
function cachedFiles(scope: WorkerScope, cacheName: string): (path: string) => Promise<Response | null> {
  return async (path) => {
    const cache = await scope.caches.open(cacheName);
    const hit = await cache.match(path);
    if (hit) return hit;
    let fresh: Response;
    try {
      fresh = await scope.fetch(path);
    } catch {
      return null;
    }
    if (fresh.ok) await cache.put(path, fresh.clone());
    return fresh.ok ? fresh : null;
  };
}

/** Installs the worker on its global scope for the build `buildId`: its cache, and the events it answers. */
export function register(scope: WorkerScope, buildId: string): void {
  const cacheName = `regstat-${buildId}`;
  const cached = cachedFiles(scope, cacheName);
  const api = apiHandler(
    async () => {
      const r = await cached('/routes.json');
      if (!r) throw new Error('routes.json is not cached and the network is unreachable');
      return r.json();
    },
    async (path) => (await cached(path))?.text() ?? null,
  );
  scope.addEventListener('install', (event) =>
    event.waitUntil(
      scope.caches
        .open(cacheName)
        .then((c) => c.addAll(ALWAYS))
        .then(() => scope.skipWaiting()),
    ),
  );
  // Files of other builds would answer for this one: drop them.
  scope.addEventListener('activate', (event) =>
    event.waitUntil(
      scope.caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys.filter((k) => k.startsWith('regstat-') && k !== cacheName).map((k) => scope.caches.delete(k)),
          ),
        )
        .then(() => scope.clients.claim()),
    ),
  );
  scope.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin === scope.location.origin && (url.pathname.startsWith('/api/') || url.pathname === HEALTH_PATH))
      event.respondWith(handle(event.request, api, (r) => scope.fetch(r)));
  });
  scope.addEventListener('message', (event) => {
    const urls = event.data?.keep ?? [];
    event.waitUntil(
      Promise.all(urls.map((u) => api(new Request(new URL(u, scope.location.origin))))).then(() =>
        event.source?.postMessage({ kept: urls.length }),
      ),
    );
  });
}
