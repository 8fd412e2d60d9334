import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const close = (server: Server) => new Promise<void>((ok) => server.close(() => ok()));

/** A raw GET whose path is sent exactly as given (fetch would normalize ../ away). */
export function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => ok({ status: res.statusCode!, body }));
    });
    req.on('error', fail);
    req.end();
  });
}
