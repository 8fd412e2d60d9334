// The API as a Web-standard fetch handler, for every adapter that runs code on Request and Response
// objects (Cloudflare, the service worker, the offline bundle). It reads dist through one function and
// answers exactly as the Node server does; paths outside /api/ are left to the adapter (null).

import { HEALTH_PATH, respond, type ApiResponse } from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';

/** Reads a file of dist by its path (`/api/v1/…/index.json`); null when it does not exist. */
type ReadText = (path: string) => Promise<string | null>;

/** An API request's answer; null for paths outside the API, which the adapter serves itself. */
export type WebHandler = (request: Request) => Promise<Response | null>;

export function apiHandler(loadTable: () => Promise<RouteTable>, read: ReadText): WebHandler {
  let routes: Promise<CompiledRoutes> | undefined;
  return async (request) => {
    const url = new URL(request.url);
    // A base URL with a trailing slash makes //api/v1/…: the API's still, as on every other host.
    if (url.pathname.includes('//')) url.pathname = url.pathname.replace(/\/{2,}/g, '/');
    if (!url.pathname.startsWith('/api/') && url.pathname !== HEALTH_PATH) return null;
    routes ??= loadTable().then(compileRoutes);
    routes.catch(() => (routes = undefined)); // a failed load is retried by the next request
    const r = await respond(await routes, request.method, url, read);
    return r && webResponse(r, request.method);
  };
}

/** An answer as a Web Response: without a body for HEAD, or a 204. */
export function webResponse(r: ApiResponse, method: string): Response {
  const empty = method === 'HEAD' || r.status === 204;
  return new Response(empty ? null : r.body, { status: r.status, headers: r.headers });
}
