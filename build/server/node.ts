// The Node server (npm run serve, npm start): the shared core (core.ts) over a built dist folder, whose
// other files it sends itself (static-file.ts), or over the on-demand renderer, which makes each file,
// the docs page included, when first asked for.

import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Renderer } from '../core/on-demand.ts';
import { COMMON_HEADERS } from '../runtime/respond.ts';
import { compileRoutes, type CompiledRoutes, type RouteTable } from '../runtime/routes.ts';
import { answerClientError, apiServerHandler, type CoreOptions, type Store } from './api-server.ts';
import { notFoundText, sendStatic } from './static-file.ts';
import { staticPath, typeOf } from '../runtime/static-path.ts';
import { UserError } from '../user-error.ts';
import { logRequests } from './request-log.ts';

interface ServerOptions extends CoreOptions {
  /** A built dist to serve; a rebuild into it is noticed and switched to whole. */
  dir?: string;
  /** Or no tree at all: every file rendered when first asked for (npm start). */
  renderer?: Renderer;
  /** Where the request log goes (one line per request); none when absent. */
  log?: (text: string) => void;
}

const NOT_A_DIST = (dir: string) =>
  `The folder ${dir} is not a regstat dist (it has no routes.json); build one with npm run build.`;

export function loadRoutes(dir: string): CompiledRoutes {
  return compileRoutes(readTable(dir));
}

export function readTable(dir: string): RouteTable {
  try {
    return JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8'));
  } catch {
    throw new UserError(NOT_A_DIST(dir));
  }
}

/** A routes.json replaced by a build is a new file: its inode, size and time say so without reading it. */
const signatureOf = (s: { ino: number; size: number; mtimeMs: number }) => `${s.ino}:${s.size}:${s.mtimeMs}`;

function dirStore(dir: string): { store: Store; first: { signature: string; table: RouteTable } } {
  const routesFile = join(dir, 'routes.json');
  const store: Store = {
    changes: true,
    failure: 'Could not read a file of dist',
    signature: () => stat(routesFile).then(signatureOf, () => null),
    table: async () => JSON.parse(await readFile(routesFile, 'utf8')),
    read: (path) =>
      readFile(join(dir, path)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return null;
        throw e;
      }),
    // The docs page, manifests and scripts, compressed and revalidated as npm start and the bundle send them.
    serveStatic(req, res, raw) {
      const path = staticPath(raw);
      if (path === null) return notFoundText(res);
      readFile(join(dir, path)).then(
        (body) => sendStatic(req, res, body, typeOf(path)),
        () => notFoundText(res), // missing, a folder, unreadable: not found, as serve-handler answered
      );
    },
  };
  const table = readTable(dir);
  return { store, first: { signature: signatureOf(statSync(routesFile)), table } };
}

function rendererStore(renderer: Renderer): { store: Store; first: { signature: string; table: RouteTable } } {
  // A failure (a bad source row met late, say) is that request's 500.
  const read = async (path: string) => {
    const text = await renderer.read(path);
    return text === null ? null : Buffer.from(text);
  };
  const store: Store = {
    changes: false,
    failure: 'Could not render this response',
    signature: async () => 'on-demand',
    table: async () => renderer.plan.table,
    read,
    serveStatic(req, res, raw) {
      const path = staticPath(raw === '/' ? '/index.html' : raw);
      if (path === null) return notFoundText(res);
      read(path).then(
        (body) =>
          body
            ? sendStatic(req, res, body, path.endsWith('.html') ? 'text/html; charset=utf-8' : typeOf(path))
            : notFoundText(res),
        (e: Error) => {
          // The message names files by their absolute paths: the log has it, the client learns what failed.
          process.stderr.write(`regstat: could not render ${path}: ${e.message}\n`);
          res.writeHead(500, { 'Content-Type': 'text/plain;charset=UTF-8', ...COMMON_HEADERS });
          res.end(`Could not render ${path}; the operator has been told in the server's log.\n`);
        },
      );
    },
  };
  return { store, first: { signature: 'on-demand', table: renderer.plan.table } };
}

export function createApiServer(
  o: ServerOptions,
): Server & { stats: () => Record<string, unknown>; refresh: () => Promise<void> } {
  if (!o.dir === !o.renderer) throw new Error('createApiServer takes a dir or a renderer');
  const { store, first } = o.renderer ? rendererStore(o.renderer) : dirStore(o.dir!);
  const handle = apiServerHandler(store, first, o);
  const server = createServer(handle).on('clientError', answerClientError);
  if (o.log) logRequests(server, o.log);
  return Object.assign(server, { stats: handle.stats, refresh: handle.refresh });
}
