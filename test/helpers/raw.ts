// HTTP/1.1 over a bare socket: the request goes out byte for byte as written (no client normalizes the
// target, the method or the headers), and the answer comes back as status, headers and body.

import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(port: number, head: string): Promise<RawAnswer> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(head.slice(0, 80))}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' && chunks.length ? done() : fail(e)));
    socket.on('end', done);
    socket.write(head.includes('\r\n\r\n') ? head : `${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    function done() {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split < 0) return ok({ status: 0, headers: {}, body: all.toString('latin1') });
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let body: Buffer = all.subarray(split + 4);
      if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
      if (headers['content-encoding'] === 'gzip' && body.length) body = gunzipSync(body);
      ok({ status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') });
    }
  });
}

function unchunk(b: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = b.indexOf('\r\n', at);
    if (eol < 0) break;
    const n = parseInt(b.subarray(at, eol).toString('latin1'), 16);
    if (!n) break;
    out.push(b.subarray(eol + 2, eol + 2 + n));
    at = eol + 2 + n + 2;
  }
  return Buffer.concat(out);
}
