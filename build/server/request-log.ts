// The request log of every Node server (npm start, npm run serve, the bundle's serve.mjs): one line per
// request, as json-server, serve and Datasette print them: `GET /api/v1/prefectures 200 1.2 ms`. The
// lines are written in batches, once per turn of the event loop, so that a server under load does not
// make one write call per request.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Longer targets are cut in the log (a line stays a line); the client's request is not. */
const TARGET_MAX = 300;
/** A batch this large is written at once rather than at the end of the turn. */
const FLUSH_BYTES = 64 * 1024;

/** One line of the log: method, target, status (or how the exchange ended without one) and time. */
export function requestLine(method: string, target: string, status: number | string, ms: number): string {
  const shown = target.length > TARGET_MAX ? `${target.slice(0, TARGET_MAX)}…` : target;
  // Two decimals below 1 ms: an answer from memory takes a few hundredths, which 0.0 would hide.
  return `${method} ${shown} ${status} ${ms < 1 ? ms.toFixed(2) : ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** Writes lines to `out` in batches of one event-loop turn. */
function batched(out: (text: string) => void): (line: string) => void {
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    if (text) out(text);
  };
  return (line) => {
    if (!pending) setImmediate(flush);
    pending += line + '\n';
    if (pending.length >= FLUSH_BYTES) flush();
  };
}

/**
 * Logs every request `server` answers, timed from its arrival to the last byte handed to the socket.
 * A client that goes before the answer is complete is logged as `closed`.
 */
export function logRequests<S extends Server>(
  server: S,
  out: (text: string) => void = (t) => process.stderr.write(t),
): S {
  const write = batched(out);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const t0 = performance.now();
    const done = (status: number | string) =>
      write(requestLine(req.method ?? '-', req.url ?? '-', status, performance.now() - t0));
    res.once('finish', () => done(res.statusCode));
    res.once('close', () => res.writableFinished || done('closed'));
  });
  return server;
}
