// Reading the shared sample dist in tests.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRoutes } from '../../build/server/node.ts';
import { resolve } from '../../build/runtime/resolve.ts';
import { SAMPLE_DIST } from './paths.ts';

export const routes = loadRoutes(SAMPLE_DIST);

export function fileOf(dir: string, path: string): string | null {
  const f = join(dir, path);
  return existsSync(f) ? readFileSync(f, 'utf8') : null;
}

/** The `result` of a request against the sample dist, through the resolver, or throws. */
export function result<T = any>(url: string, dir = SAMPLE_DIST): T {
  const u = new URL(url, 'http://x');
  const r = resolve(routes, u.pathname, u.search);
  if (r.kind !== 'file') throw new Error(`${url} resolved to ${JSON.stringify(r)}`);
  return JSON.parse(fileOf(dir, r.path)!).result as T;
}
