// Reading the shared sample dist in tests: importing this waits until the global setup's build made it whole.

import './sample-ready.ts';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadRoutes } from '../../build/server/node.ts';
import { composeResult } from '../../build/runtime/compose.ts';
import { resolve, type Resolution } from '../../build/runtime/resolve.ts';
import { SAMPLE_DIST, SAMPLE_FILES } from './paths.ts';

export const routes = loadRoutes(SAMPLE_DIST);

/**
 * The operation a file of dist lies under: the longest of `paths` that is one of its folders (operations
 * nest: forStacked is not forSales), found walking up its folders.
 */
export function operationOfFile(paths: ReadonlySet<string>, file: string): string | undefined {
  for (let end = file.lastIndexOf('/'); end > 0; end = file.lastIndexOf('/', end - 1)) {
    const folder = file.slice(0, end);
    if (paths.has(folder)) return folder;
  }
  return undefined;
}

let files: string[] | undefined;
/** Every file of the sample dist (`/api/v1/…/index.json`, dotfiles too), sorted: the global setup's listing of the disk. */
export const sampleFiles = (): string[] => (files ??= readFileSync(SAMPLE_FILES, 'utf8').split('\n'));

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

/** What the resolver makes of a URL against the sample dist. */
export function resolveUrl(url: string): Resolution {
  const u = new URL(url, 'http://x');
  return resolve(routes, u.pathname, u.search);
}

/** The file a URL maps to, or throws. */
export function fileFor(url: string): string {
  const r = resolveUrl(url);
  if (r.kind !== 'file') throw new Error(`${url}: expected a file, got ${JSON.stringify(r)}`);
  return r.path;
}

/** The status and message of the error a URL answers, or throws. */
export function errorOf(url: string): { status: number; message: string } {
  const r = resolveUrl(url);
  if (r.kind !== 'error') throw new Error(`${url}: expected an error, got ${r.kind}`);
  return { status: r.error.status, message: r.error.body.message };
}

/** The `result` a composed URL answers, combined by the shared compose function as every adapter does. */
export async function composed(url: string, dir = SAMPLE_DIST): Promise<any> {
  const r = resolveUrl(url);
  if (r.kind !== 'compose') throw new Error(`${url}: expected a composition, got ${JSON.stringify(r)}`);
  return composeResult(r.composer, r.files, (p) => readFile(join(dir, p), 'utf8'), {
    values: r.values,
    op: r.op,
    table: routes.table,
  });
}
