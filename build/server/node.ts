// The Node adapter. API requests go through the resolver and are answered from an in-memory cache of
// files (with their gzip form and ETag ready), which keeps the hot path to a few map lookups. The files
// come from a built dist (other paths, such as the docs page, served by serve-handler) or from the
// on-demand renderer, which makes each file, the docs page included, when first asked for.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import handler from 'serve-handler';
import { combineDocs } from '../runtime/compose.ts';
import { apiError, type ErrorMode } from '../runtime/errors.ts';
import { resolve } from '../runtime/resolve.ts';
import {
  CORS_HEADERS,
  FILE_CACHE_CONTROL,
  JSON_TYPE,
  PREFLIGHT_HEADERS,
  errorResponse,
  methodNotAllowed,
  successBody,
  type ApiResponse,
} from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';
import type { OnDemand } from '../core/on-demand.ts';

export interface ServerOptions {
  /** A built dist to serve. */
  dir?: string;
  /** Or no tree at all: every file rendered when first asked for (npm start). */
  renderer?: OnDemand;
  /** Upper bound of the file cache, in bytes of JSON. */
  cacheBytes?: number;
  /** How errors are answered; the build's own mode (routes.json) when absent. */
  errors?: ErrorMode;
}

/** Where the server's files come from: a built tree, or the renderer that would have built it. */
interface Store {
  routes: CompiledRoutes;
  read(path: string): Promise<Buffer | null>;
  /** Answers the paths outside the API (docs page, manifests); null when the store has no such file. */
  serveStatic(req: IncomingMessage, res: ServerResponse): void;
}

/** A response body ready to send; its gzip form and parsed document are made when first needed. */
interface Entry {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  gzip?: Buffer;
  doc?: { result: unknown };
}

const GZIP_MIN = 1024;
/** Request URLs remembered with their answer; the map is cleared when it reaches this size. */
const URL_MEMO_SIZE = 50_000;

export function loadRoutes(dir: string): CompiledRoutes {
  let table: RouteTable;
  try {
    table = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8'));
  } catch {
    throw new Error(`The folder ${dir} is not a regstat dist (it has no routes.json); build one with npm run build.`);
  }
  return compileRoutes(table);
}

function dirStore(dir: string): Store {
  const staticConfig = {
    public: dir,
    directoryListing: false,
    cleanUrls: false,
    etag: true,
    rewrites: [{ source: '/', destination: '/index.html' }],
    // The docs page and the manifests change with every build: always revalidate them (ETag).
    headers: [{ source: '**', headers: [...Object.entries(CORS_HEADERS).map(([key, value]) => ({ key, value })), { key: 'Cache-Control', value: 'no-cache' }] }],
  };
  return {
    routes: loadRoutes(dir),
    read: (path) =>
      readFile(join(dir, path)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      }),
    serveStatic: (req, res) => void handler(req, res, staticConfig).catch(() => send(res, errorResponse(apiError(500, 'Static file error', '')))),
  };
}

const STATIC_TYPES: Record<string, string> = { json: JSON_TYPE, html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8' };

function rendererStore(renderer: OnDemand): Store {
  // Rendering is synchronous work; a failure (a bad source row met late, say) is that request's 500.
  const read = (path: string) => new Promise<Buffer | null>((ok) => {
    const text = renderer.read(path);
    ok(text === null ? null : Buffer.from(text));
  });
  return {
    routes: renderer.plan.routes,
    read,
    serveStatic(req, res) {
      let path = (req.url ?? '/').split('?')[0]!;
      if (path === '/') path = '/index.html';
      read(path).then(
        (body) => {
          if (!body) {
            res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...CORS_HEADERS });
            res.end('Not Found\n');
            return;
          }
          const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
          if (req.headers['if-none-match'] === etag) {
            res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-cache', ...CORS_HEADERS });
            res.end();
            return;
          }
          const type = STATIC_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'text/plain; charset=utf-8';
          res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(body.length), 'Cache-Control': 'no-cache', ETag: etag, ...CORS_HEADERS });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (e: Error) => send(res, errorResponse(apiError(500, 'Could not render this file', e.message))),
      );
    },
  };
}

export function createApiServer({ dir, renderer, cacheBytes = 512 * 1024 * 1024 }: ServerOptions): Server {
  if (!dir === !renderer) throw new Error('createApiServer takes a dir or a renderer');
  const store = renderer ? rendererStore(renderer) : dirStore(dir!);
  const routes = store.routes;
  // Hot path: a URL seen before skips the resolver and goes straight to its cached file. The memo is
  // dropped whenever the file cache evicts, so it never holds more than the cache's budget.
  const memo = new Map<string, Entry>();
  const remember = (url: string, entry: Entry) => {
    if (memo.size >= URL_MEMO_SIZE) memo.clear();
    memo.set(url, entry);
  };
  const files = new FileCache(store.read, cacheBytes, () => memo.clear());

  return createServer((req, res) => {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const known = memo.get(url);
    if (known && (method === 'GET' || method === 'HEAD')) return sendEntry(req, res, known);
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q);
    if (method === 'OPTIONS') return send(res, { status: 204, headers: PREFLIGHT_HEADERS, body: '' });
    if (method !== 'GET' && method !== 'HEAD') return send(res, methodNotAllowed(method));

    const r = resolve(routes, pathname, search);
    switch (r.kind) {
      case 'pass':
        return store.serveStatic(req, res);
      case 'error':
        return send(res, errorResponse(r.error));
      case 'file': {
        const hit = files.peek(r.path);
        if (hit) {
          remember(url, hit);
          return sendEntry(req, res, hit);
        }
        files.get(r.path).then(
          (entry) => (entry ? (remember(url, entry), sendEntry(req, res, entry)) : send(res, errorResponse(apiError(500, `${r.path} is missing from dist`, 'The dist folder is incomplete: rebuild it with npm run build.')))),
          (e: Error) => send(res, errorResponse(apiError(500, renderer ? 'Could not render this response' : 'Could not read a file of dist', renderer ? e.message : r.path))),
        );
        return;
      }
      case 'compose':
        Promise.all(r.files.map((p) => files.get(p)))
          .then((inputs) =>
            combineDocs(r.composer, r.files, inputs.map((e) => (e ? (e.doc ??= JSON.parse(e.body.toString('utf8'))) : null)), { values: r.values, op: r.op, table: routes.table }),
          )
          .then(
            (result) => sendEntry(req, res, entryOf(Buffer.from(successBody(result)))),
            (e: Error) => send(res, errorResponse(apiError(500, 'Composition failed', e.message))),
          );
    }
  });
}

function send(res: ServerResponse, r: ApiResponse): void {
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

function sendEntry(req: IncomingMessage, res: ServerResponse, e: Entry): void {
  const gz = e.body.length >= GZIP_MIN && (req.headers['accept-encoding'] ?? '').includes('gzip');
  if (gz) e.gzip ??= gzipSync(e.body);
  const etag = gz ? e.etag.slice(0, -1) + '-gz"' : e.etag;
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && (inm === etag || inm === e.etag || inm.split(/\s*,\s*/).includes(etag))) {
    res.writeHead(304, { ETag: etag, 'Cache-Control': FILE_CACHE_CONTROL, ...CORS_HEADERS });
    res.end();
    return;
  }
  const body = gz ? e.gzip! : e.body;
  res.writeHead(200, gz ? { ...e.headers, 'Content-Encoding': 'gzip', 'Content-Length': String(body.length), ETag: etag } : e.headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function entryOf(body: Buffer): Entry {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return {
    body,
    etag,
    headers: {
      'Content-Type': JSON_TYPE,
      'Content-Length': String(body.length),
      'Cache-Control': FILE_CACHE_CONTROL,
      ETag: etag,
      ...(body.length >= GZIP_MIN ? { Vary: 'Accept-Encoding' } : {}),
      ...CORS_HEADERS,
    },
  };
}

/** Files of dist in memory, first in first out once over budget; concurrent misses share one read. */
class FileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry | null>>();
  private bytes = 0;

  constructor(
    private readonly read: (path: string) => Promise<Buffer | null>,
    private readonly limit: number,
    private readonly onEvict: () => void,
  ) {}

  peek(path: string): Entry | undefined {
    return this.entries.get(path);
  }

  get(path: string): Promise<Entry | null> {
    const hit = this.entries.get(path);
    if (hit) return Promise.resolve(hit);
    let p = this.pending.get(path);
    if (!p) {
      p = this.read(path).then((buf) => (buf ? this.add(path, entryOf(buf)) : null));
      p.finally(() => this.pending.delete(path)).catch(() => {});
      this.pending.set(path, p);
    }
    return p;
  }

  private add(path: string, entry: Entry): Entry {
    const size = 2 * entry.body.length; // room for its gzip form and parsed document
    if (this.bytes + size > this.limit) this.onEvict();
    while (this.bytes + size > this.limit && this.entries.size > 0) {
      const [oldest, e] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      this.bytes -= 2 * e.body.length;
    }
    this.entries.set(path, entry);
    this.bytes += size;
    return entry;
  }
}
