// HTTP/1.1 over a bare socket: the request goes out byte for byte as written (no client normalizes the
// target, the method or the headers), and the answer comes back as status, headers and body.

import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  /** Lower-cased names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /** The body as sent (de-chunked, still compressed). */
  bytes: Buffer;
  /** The body as UTF-8, gzip undone. */
  body: string;
}

export function rawRequest(port: number, head: string, extra = ''): Promise<RawAnswer> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(head.slice(0, 80))}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' && chunks.length ? done() : fail(e)));
    socket.on('end', done);
    socket.write(
      (head.includes('\r\n\r\n') ? head : `${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`) + extra,
    );
    function done() {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split < 0) return ok({ status: 0, headers: {}, bytes: all, body: all.toString('latin1') });
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        const k = l.slice(0, i).trim().toLowerCase();
        const v = l.slice(i + 1).trim();
        headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
      }
      let bytes: Buffer = all.subarray(split + 4);
      if (headers['transfer-encoding'] === 'chunked') bytes = unchunk(bytes);
      const body = headers['content-encoding'] === 'gzip' && bytes.length ? gunzipSync(bytes) : bytes;
      ok({ status: Number(statusLine!.split(' ')[1]), headers, bytes, body: body.toString('utf8') });
    }
  });
}

/** One request to `base` built from its parts, with Connection: close so the server ends the exchange. */
export function raw(
  base: string,
  target: string,
  { method = 'GET', headers = {} as Record<string, string>, extra = '', version = 'HTTP/1.1' } = {},
): Promise<RawAnswer> {
  const lines = [
    `${method} ${target} ${version}`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return rawRequest(Number(new URL(base).port), `${lines.join('\r\n')}\r\n\r\n`, extra);
}

function unchunk(b: Buffer): Buffer {
  const out: Buffer[] = [];
  for (let at = 0; ; ) {
    const eol = b.indexOf('\r\n', at);
    if (eol < 0) return Buffer.concat(out);
    const n = parseInt(b.subarray(at, eol).toString('latin1'), 16);
    if (!n) return Buffer.concat(out);
    out.push(b.subarray(eol + 2, eol + 2 + n));
    at = eol + 2 + n + 2;
  }
}
