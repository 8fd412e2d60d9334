// The offline adapter for browsers: dist's sw.js. Registered by /offline.html, it answers API requests
// of pages on this origin (query form and composition included) from a cache of dist's files, filled
// as files are first fetched and by an explicit "keep offline" message. Network first would defeat
// the point: files of one build never change, so the cache is always right for its build.

import { HEALTH_PATH } from '../runtime/respond.ts';
import { apiHandler } from './handler.ts';

declare const self: ServiceWorkerGlobalScope & typeof globalThis;
declare const REGSTAT_BUILD: string;
interface ServiceWorkerGlobalScope {
  addEventListener(type: string, listener: (event: any) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const CACHE = `regstat-${REGSTAT_BUILD}`;
const ALWAYS = ['/routes.json', '/manifest.json', '/offline.html'];

async function cached(path: string): Promise<Response | null> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  let fresh: Response;
  try {
    fresh = await fetch(path);
  } catch {
    return null; // offline and never fetched
  }
  if (fresh.ok) await cache.put(path, fresh.clone());
  return fresh.ok ? fresh : null;
}

const handle = apiHandler(
  async () => {
    const r = await cached('/routes.json');
    if (!r) throw new Error('routes.json is not cached and the network is unreachable');
    return r.json();
  },
  async (path) => (await cached(path))?.text() ?? null,
);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(ALWAYS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Files of other builds would answer for this one: drop them.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('regstat-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !(url.pathname.startsWith('/api/') || url.pathname === HEALTH_PATH))
    return;
  event.respondWith(
    handle(event.request)
      .then((r) => r ?? fetch(event.request))
      .catch(
        (e: Error) =>
          new Response(
            JSON.stringify({ statusCode: '503', message: 'Not available offline', description: e.message }),
            {
              status: 503,
              headers: { 'Content-Type': 'application/json;charset=UTF-8' },
            },
          ),
      ),
  );
});

// {keep: [url, …]}: fetch these API URLs (and the files they compose from) into the cache now.
self.addEventListener('message', (event) => {
  const urls: string[] = event.data?.keep ?? [];
  event.waitUntil(
    Promise.all(urls.map((u) => handle(new Request(new URL(u, self.location.origin))))).then(() =>
      event.source?.postMessage({ kept: urls.length }),
    ),
  );
});
