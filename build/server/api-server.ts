// The HTTP core every Node-hosted form of the API shares (npm run serve, npm start, the offline bundle's
// serve.mjs): one resolver, caches bounded by bytes, compositions in a lane of bounded length, HTTP
// semantics a CDN relies on. Where the files come from is a Store's business.
//
// A build is served whole: the route table and everything cached from it belong to one generation. A
// store whose build can change (a dist folder rebuilt in place) says so through its signature; a read
// that finds the signature changed is discarded and the request answered again by the new generation.

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { combineDocs } from '../runtime/compose.ts';
import { apiError, TOO_BUSY, type ErrorMode } from '../runtime/errors.ts';
import {
  answer,
  errorResponse,
  successBody,
  type ApiResponse,
  type Composition,
  type FileAnswer,
} from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';
import { fileDataKind, filesOp } from '../runtime/data-kind.ts';
import type { DataKind } from '../runtime/origin.ts';
import { ByteCache } from './byte-cache.ts';
import { Entry } from './entry.ts';
import { Lane } from './lane.ts';
import { noneMatch, preferredCoding, targetOf } from './negotiate.ts';
import { UserError } from '../user-error.ts';

/** Where a server's files come from: a built tree, a pack, or the renderer that would have built it. */
export interface Store {
  /** What identifies the build served now; null while none is there (mid-swap). Constant for stores that never change. */
  signature(): Promise<string | null>;
  /** The build's route table, read when its signature is new. */
  table(): Promise<RouteTable>;
  /** A file of dist by its path (`/api/v1/…/index.json`); null when there is none. */
  read(path: string): Promise<Buffer | null>;
  /** Paths outside the API (docs page, manifests); `path` is the target's path, not yet decoded. */
  serveStatic(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** Whether the build can change under the server (then it is polled). */
  readonly changes: boolean;
  /** What a failure to read a file of this store means, for its 500. */
  readonly failure: string;
  /** For stores whose files can fail to read (a pack): whether one reads, for /healthz (see answer()). */
  health?(): Promise<string | null>;
}

export interface CoreOptions {
  /** Memory for responses, parsed documents and the URL memo together, in bytes. */
  cacheBytes?: number;
  /** How errors are answered; the build's own mode (routes.json) when absent. */
  errors?: ErrorMode;
  /** Compositions admitted at once (waiting or running); more are answered 503. */
  laneLength?: number;
  /** How often a store whose build can change is checked, in ms. */
  pollMs?: number;
}

/** Parsed documents take about 1.5 times their JSON on the heap (measured); charged at twice that. */
const DOC_FACTOR = 3;
/** URLs longer than this are resolved each time rather than remembered. */
const MEMO_URL_MAX = 1024;
const MEMO_ENTRY_OVERHEAD = 96;

class StaleBuild extends Error {}

/** One build: its routes and every cache filled from it. */
class Generation {
  readonly routes: CompiledRoutes;
  readonly files: ByteCache<Entry>;
  readonly docs: ByteCache<{ result: unknown }>;
  readonly memo = new Map<string, Entry>();
  private memoBytes = 0;
  readonly pending = new Map<string, Promise<Entry | null>>();

  constructor(
    readonly signature: string,
    table: RouteTable,
    private readonly budget: number,
  ) {
    this.routes = compileRoutes(table);
    // The memo points into the file cache: it is dropped whenever that cache evicts, so it never keeps an evicted entry alive.
    this.files = new ByteCache<Entry>(budget * 0.8, () => this.forget());
    this.docs = new ByteCache<{ result: unknown }>(budget * 0.15);
  }

  remember(url: string, entry: Entry): void {
    if (url.length > MEMO_URL_MAX) return;
    const cost = 2 * url.length + MEMO_ENTRY_OVERHEAD;
    if (this.memoBytes + cost > this.budget * 0.05) this.forget();
    this.memo.set(url, entry);
    this.memoBytes += cost;
  }

  forget(): void {
    this.memo.clear();
    this.memoBytes = 0;
  }

  keep(key: string, entry: Entry): Entry {
    entry.charge = (bytes) => this.files.grow(key, bytes);
    this.files.set(key, entry, entry.size + 2 * key.length);
    return entry;
  }
}

/** The state a handler keeps across requests: the generation served now, the check for a new one, the lane. */
class ApiServer {
  current: Generation;
  readonly lane: Lane;
  private readonly budget: number;
  /** One check at a time; every request that meets a stale read waits for it. */
  private checking: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    first: { signature: string; table: RouteTable },
    private readonly o: CoreOptions,
  ) {
    this.budget = o.cacheBytes ?? 512 * 1024 * 1024;
    this.lane = new Lane(o.laneLength ?? 64);
    this.current = new Generation(first.signature, first.table, this.budget);
  }

  mode(g: Generation): ErrorMode {
    return this.o.errors ?? g.routes.errors;
  }

  refresh(): Promise<void> {
    return (this.checking ??= (async () => {
      try {
        for (let tries = 0; ; tries++) {
          const sig = await this.store.signature();
          if (sig === this.current.signature) return;
          if (sig !== null) {
            const table = await this.store.table();
            if ((await this.store.signature()) !== sig) continue; // swapped again while reading
            this.current = new Generation(sig, table, this.budget);
            return;
          }
          if (tries >= 100) throw new Error('the dist folder has been missing for 5 s');
          await new Promise((ok) => setTimeout(ok, 50)); // between the two renames of a swap
        }
      } finally {
        this.checking = undefined;
      }
    })());
  }

  /** A file of generation g, read once however many requests want it, and only if it is still g's build. */
  file(g: Generation, path: string, kind?: DataKind): Entry | Promise<Entry | null> {
    const hit = g.files.get(path);
    if (hit) return hit;
    let p = g.pending.get(path);
    if (!p) {
      const store = this.store;
      p = store.read(path).then(async (buf) => {
        if (store.changes && (await store.signature()) !== g.signature) throw new StaleBuild();
        return buf ? g.keep(path, new Entry(buf, kind)) : null;
      });
      p.finally(() => g.pending.delete(path)).catch(() => {});
      g.pending.set(path, p);
    }
    return p;
  }

  doc(g: Generation, path: string, e: Entry): { result: unknown } {
    let d = g.docs.get(path);
    if (!d) {
      d = JSON.parse(e.body.toString('utf8')) as { result: unknown };
      g.docs.set(path, d, DOC_FACTOR * e.body.length);
    }
    return d;
  }

  /** A composition's answer, made in the lane (a full lane is answered 503) and kept like a file. */
  async compose(g: Generation, r: Composition, kind?: DataKind): Promise<Entry> {
    const key = `compose:${r.composer}:${r.files.join(',')}:${JSON.stringify(r.values)}`;
    const known = g.files.get(key);
    if (known) return known;
    if (!this.lane.enter()) throw busy;
    try {
      const from = filesOp(g.routes, r.op);
      const inputs = await Promise.all(r.files.map((p) => this.file(g, p, fileDataKind(from, p))));
      return await this.lane.turn(() => {
        const docs = inputs.map((e, i) => (e ? this.doc(g, r.files[i]!, e) : null));
        const result = combineDocs(r.composer, r.files, docs, { values: r.values, op: r.op, table: g.routes.table });
        return g.keep(key, new Entry(Buffer.from(successBody(result)), kind));
      });
    } finally {
      this.lane.leave();
    }
  }

  /**
   * A 500 says what failed and, for a damaged pack, what is wrong with it; never the message beneath, which
   * names files by their absolute paths (a pack's, a source table's). The operator's log gets the whole line.
   */
  fail(res: ServerResponse, g: Generation, e: unknown, what: string): void {
    if (e === busy) return send(res, busyResponse(this.mode(g)));
    process.stderr.write(`regstat: ${what}: ${e instanceof Error ? e.message : String(e)}\n`);
    const problem = e instanceof UserError ? e.problem : undefined;
    const why = problem
      ? `Its data pack cannot be used: ${problem}. The operator has been told in the server's log.`
      : "The operator has been told in the server's log; retry later, or report it with the request URL.";
    send(res, errorResponse(apiError(500, what, why), this.mode(g)));
  }

  handle(req: IncomingMessage, res: ServerResponse, retries = 0): void {
    const g = this.current;
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const get = method === 'GET' || method === 'HEAD';
    if (get) {
      const known = g.memo.get(url);
      if (known) return sendEntry(req, res, known);
    }
    const target = targetOf(url);
    if (target === null)
      return send(
        res,
        errorResponse(apiError(400, 'The request target is not a path', 'Request a path such as /api/v1/prefectures.')),
      );
    const q = target.indexOf('?');
    const pathname = q < 0 ? target : target.slice(0, q);
    const a = answer(
      g.routes,
      method,
      pathname,
      q < 0 ? '' : target.slice(q),
      {
        file: (path, kind) => this.file(g, path, kind),
        compose: (c, kind) => this.compose(g, c, kind),
        ...(this.store.health && { health: () => this.store.health!() }),
      },
      this.mode(g),
    );
    if (a === null) return this.store.serveStatic(req, res, pathname.replace(/\/{2,}/g, '/'));
    const deliver = (a: ApiResponse | FileAnswer<Entry>) => {
      if (!('file' in a)) return send(res, a);
      g.remember(url, a.file);
      sendEntry(req, res, a.file);
    };
    if (!(a instanceof Promise)) return deliver(a);
    a.then(deliver, (e) => this.retry(req, res, g, e, retries));
  }

  /** A read that found the build changed is answered again by the new generation, three times at most. */
  private retry(req: IncomingMessage, res: ServerResponse, g: Generation, e: unknown, retries: number): void {
    if (e instanceof StaleBuild && retries < 3) {
      this.refresh().then(
        () => this.handle(req, res, retries + 1),
        (err: Error) => this.fail(res, g, err, 'The build being served disappeared'),
      );
    } else this.fail(res, g, e, this.store.failure);
  }
}

export function apiServerHandler(store: Store, first: { signature: string; table: RouteTable }, o: CoreOptions = {}) {
  const server = new ApiServer(store, first, o);
  const refresh = () => server.refresh();
  if (store.changes) setInterval(() => void refresh().catch(() => {}), o.pollMs ?? 1000).unref();
  return Object.assign(
    (req: IncomingMessage, res: ServerResponse) => {
      try {
        server.handle(req, res);
      } catch (e) {
        server.fail(res, server.current, e, 'Internal error');
      }
    },
    {
      /** For tests and the bench: the generation's figures. */
      stats: () => {
        const current = server.current;
        return {
          signature: current.signature,
          files: current.files.size,
          fileBytes: current.files.bytes,
          docBytes: current.docs.bytes,
          memo: current.memo.size,
          lane: server.lane.waiting,
        };
      },
      refresh,
    },
  );
}

const busy = new Error('busy');

function busyResponse(mode: ErrorMode): ApiResponse {
  const r = errorResponse(TOO_BUSY, mode);
  r.headers['Retry-After'] = '1';
  return r;
}

function send(res: ServerResponse, r: ApiResponse): void {
  if (res.headersSent) return void res.end();
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

function sendEntry(req: IncomingMessage, res: ServerResponse, e: Entry): void {
  // The two headers that matter, from rawHeaders: req.headers would build an object of all of them.
  let ae: string | undefined;
  let inm: string | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding')
      ae = ae === undefined ? raw[i + 1] : `${ae}, ${raw[i + 1]}`;
    else if (name.length === 13 && name.toLowerCase() === 'if-none-match')
      inm = inm === undefined ? raw[i + 1] : `${inm}, ${raw[i + 1]}`;
  }
  const rep = e.rep(e.compressible ? preferredCoding(ae) : 'identity');
  if (inm !== undefined && noneMatch(inm, e.tags)) {
    res.writeHead(304, rep.notModified);
    res.end();
    return;
  }
  res.writeHead(200, rep.ok);
  res.end(req.method === 'HEAD' ? undefined : rep.body);
}

/**
 * Requests Node's parser refuses (an unknown method, a header over 16 KB, a malformed line) never reach
 * the handler; they get the API's error shape too, rather than a bare status line.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : err.code === 'HPE_URI_TOO_LONG'
        ? 414
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
  const how =
    status === 431
      ? 'Send headers under 16 KB in all.'
      : status === 408
        ? 'Send the whole request promptly.'
        : 'Send an HTTP/1.1 GET, HEAD or OPTIONS request with a path such as /api/v1/prefectures.';
  const r = errorResponse(
    apiError(status, status === 400 ? 'The request is not valid HTTP' : (STATUS_CODES[status] ?? 'Bad request'), how),
  );
  const body = Buffer.from(r.body);
  const head = Object.entries({ ...r.headers, 'Content-Length': String(body.length), Connection: 'close' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`), body]));
}
