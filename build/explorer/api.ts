// Requests of the API, answered in the page by the runtime every code-running adapter shares (resolver,
// compositions, error bodies), reading only files of the dist the page came from. Static hosts that
// never see query strings (`npx serve dist`) or cannot compose (nginx) answer the explorer all the same,
// with the bytes the Node server would send.

import { DATA_HEADER } from '../runtime/data-kind.ts';
import { respond } from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes } from '../runtime/routes.ts';

let routes: Promise<CompiledRoutes> | undefined;

export function loadRoutes(): Promise<CompiledRoutes> {
  routes ??= fetch(new URL('routes.json', document.baseURI)).then(async (res) => {
    if (!res.ok) throw new Error(`routes.json answered ${res.status}: is this page served from a regstat dist?`);
    return compileRoutes(await res.json());
  });
  return routes;
}

/** A file of dist, or null when the host has none (the runtime then answers as the API does). */
async function readFile(path: string): Promise<string | null> {
  const res = await fetch(path);
  return res.ok ? res.text() : null;
}

interface Answer {
  status: number;
  body: string;
  /** What its X-Regstat-Data header says: official, mixed, synthetic or imported. */
  data?: string;
}

/** The API's answer to a GET of `path` (such as /api/v1/cities?prefCode=13). */
export async function ask(path: string): Promise<Answer> {
  const r = await respond(await loadRoutes(), 'GET', new URL(path, location.href), readFile);
  return r
    ? { status: r.status, body: r.body, ...(r.headers[DATA_HEADER] ? { data: r.headers[DATA_HEADER] } : {}) }
    : {
        status: 404,
        body: JSON.stringify({ statusCode: '404', message: 'Not Found', description: `${path} is not an API path.` }),
      };
}
