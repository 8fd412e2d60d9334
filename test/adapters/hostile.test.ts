// Hostile requests, sent byte for byte over a socket, against every server that runs here: the Node
// server, the offline bundle (node serve.mjs) and real nginx with its generated configuration. None may
// answer with a file outside dist, and every answer under /api/ is JSON: an error there has the error
// shape with the status it travels with, so no input can forge a field (JSON injection) or break parsing.

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../build/server/node.ts';
import { close, listen } from '../helpers/http.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { rawRequest, type RawAnswer } from '../helpers/raw.ts';
import { hasNginx, NGINX_SKIP, startBundle, startNginx, type Running } from '../helpers/servers.ts';

interface Hostile {
  name: string;
  /** The request line (method, target, version), or a whole request ending in a blank line. */
  request: string;
  /** Whether the answer belongs to the API (JSON) rather than to the static files. */
  api: boolean;
  /** What the answer must be, when more is known than "not an escape". */
  expect?: (a: RawAnswer) => void;
}

const long = (n: number) => 'a'.repeat(n);
const line = (target: string, method = 'GET') => `${method} ${target} HTTP/1.1`;
const api = (name: string, target: string, expectation?: Hostile['expect'], method = 'GET'): Hostile => ({
  name,
  request: line(target, method),
  api: true,
  expect: expectation,
});
const other = (name: string, target: string): Hostile => ({ name, request: line(target), api: false });
const status =
  (...codes: number[]) =>
  (a: RawAnswer) =>
    expect(codes, `status ${a.status}: ${a.body.slice(0, 200)}`).toContain(a.status);
const sameAs = (file: string) => (a: RawAnswer) => {
  expect(a.status).toBe(200);
  expect(a.body).toBe(readFileSync(join(SAMPLE_DIST, file), 'utf8'));
};
const PREFECTURES = 'api/v1/prefectures/index.json';

export const HOSTILE: Hostile[] = [
  // Traversal, plain and encoded, in the path, the path form and the query
  other('dot segments to /etc/passwd', '/api/v1/../../../../etc/passwd'),
  other('encoded dot segments', '/api/v1/%2e%2e/%2e%2e/%2e%2e/etc/passwd'),
  other('encoded slashes', '/api/v1/prefectures/..%2f..%2f..%2f..%2fetc%2fpasswd'),
  other('static traversal', '/..%2f..%2f..%2fetc%2fpasswd'),
  other('static traversal to package.json', '/%2e%2e/package.json'),
  other('backslashes', '/..%5c..%5cpackage.json'),
  other('overlong UTF-8 dots', '/api/v1/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd'),
  other('double-encoded dots', '/api/v1/%252e%252e/%252e%252e/etc/passwd'),
  api(
    'traversal in a path-form value',
    '/api/v1/population/composition/perYear/prefCode/..%2F..%2F..%2Fetc/cityCode/-',
    status(400, 404),
  ),
  api('traversal in a query value', '/api/v1/population/composition/perYear?prefCode=../../../etc/passwd', status(400)),
  api(
    'encoded traversal in a query value',
    '/api/v1/population/composition/perYear?prefCode=13&cityCode=..%2F..%2F..%2Fetc%2Fpasswd',
    status(400),
  ),
  api(
    'traversal in a code',
    '/api/v1/industry/patent/list?year=2019&mode=2&prefCode=13&patentHolderId=..%2F..%2F..',
    status(400),
  ),
  // Encodings
  api('NUL in the path', '/api/v1/prefectures%00.json', status(400, 404)),
  other('NUL in a static path', '/%00x'),
  api('NUL in a value', '/api/v1/population/composition/perYear?prefCode=13%00', status(400)),
  api('bad percent-encoding in the query', '/api/v1/population/composition/perYear?prefCode=%ZZ', status(400)),
  api('bad percent-encoding in the path', '/api/v1/population/composition/perYear/prefCode/%E0%A4%A', status(400, 404)),
  api('invalid UTF-8 in a value', '/api/v1/cities?prefCode=%ff%fe', status(400)),
  api('fullwidth digits', '/api/v1/cities?prefCode=%EF%BC%91%EF%BC%93', status(400)),
  // Injection into every place an answer echoes
  api('JSON injection into the 404 path', '/api/v1/x%22,%22statusCode%22:%22200', status(404)),
  api('a raw quote and brace in the path', '/api/v1/x"}<script>alert(1)</script>', status(400, 404)),
  api('a newline in the path', '/api/v1/x%0a%22statusCode%22:%22200%22', status(404)),
  api('a backslash in the path', '/api/v1/x%5C%22', status(404)),
  api('injection into a value', '/api/v1/cities?prefCode=13%22,%22statusCode%22:%22200', status(400)),
  api(
    'injection into an addArea entry',
    '/api/v1/population/composition/perYear?prefCode=13&addArea=%22%7D%3Cscript%3E',
    status(400),
  ),
  api('injection into a parameter name', '/api/v1/cities?prefCode=13&%22%3A1%7D=1', status(200)),
  api('injection into the method', '/api/v1/prefectures', status(400, 405, 501), 'PR"OPFIND'),
  // Request-target forms
  api('absolute-form', 'http://127.0.0.1/api/v1/prefectures', sameAs(PREFECTURES)),
  api('absolute-form naming another host', 'http://evil.example/api/v1/prefectures', sameAs(PREFECTURES)),
  other('absolute-form with traversal', 'http://evil.example/../../etc/passwd'),
  api('a base URL with a trailing slash', '//api/v1/prefectures', sameAs(PREFECTURES)),
  api('slashes doubled inside', '/api//v1///prefectures', sameAs(PREFECTURES)),
  other('asterisk-form on GET', '*'),
  // Oversize
  api('a 9 KB query', `/api/v1/cities?prefCode=13&x=${long(9000)}`, status(400, 414)),
  api('a 3 KB path', `/api/v1/${long(3000)}`, status(404, 414)),
  api('a 40 KB target', `/api/v1/cities?prefCode=13&x=${long(40_000)}`, status(400, 414, 431)),
  api(
    '1,000 parameters',
    `/api/v1/cities?${Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')}`,
    status(200, 400),
  ),
  api(
    'an addArea of 1,000 entries',
    `/api/v1/population/composition/perYear?prefCode=13&addArea=${Array(1000).fill('1_').join(',')}`,
    status(400),
  ),
  api(
    'an offset of 30 digits',
    '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=999999999999999999999999999999',
    status(400),
  ),
  // Methods
  ...['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND'].map((m) =>
    api(`method ${m}`, '/api/v1/prefectures', status(405), m),
  ),
  api('lowercase method', '/api/v1/prefectures', status(400, 405, 501), 'get'),
  // Headers
  {
    name: 'a huge header',
    request: `GET /api/v1/prefectures HTTP/1.1\r\nHost: x\r\nX-Junk: ${long(70_000)}\r\nConnection: close\r\n\r\n`,
    api: true,
    expect: status(400, 431, 494),
  },
  {
    name: 'gzip refused with q=0',
    request:
      'GET /api/v1/cities?prefCode=13 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip;q=0, identity\r\nConnection: close\r\n\r\n',
    api: true,
    expect: (a) => expect(a.headers['content-encoding']).toBeUndefined(),
  },
  {
    name: 'a junk Host header',
    request: 'GET /api/v1/prefectures HTTP/1.1\r\nHost: "}<x>\r\nConnection: close\r\n\r\n',
    api: true,
    expect: status(200, 400),
  },
];

/** Bytes that only files outside dist hold. */
const OUTSIDE = [
  'root:x:0:0',
  '"name": "regstat"',
  'offline bundle server',
  '# Generated by regstat from routes.json',
  'daemon off;',
];

function check(h: Hostile, a: RawAnswer): void {
  for (const marker of OUTSIDE) expect(a.body.includes(marker), `${h.name}: the answer holds ${marker}`).toBe(false);
  expect(a.status, `${h.name}: no answer`).toBeGreaterThan(0);
  if (!h.api) {
    expect(a.status, `${h.name}: ${a.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
  } else if (a.status !== 204 && !h.request.startsWith('HEAD ')) {
    let body: any;
    expect(
      () => (body = JSON.parse(a.body)),
      `${h.name}: status ${a.status}, not JSON: ${a.body.slice(0, 200)}`,
    ).not.toThrow();
    if (a.status >= 400) {
      expect(a.headers['content-type'], h.name).toMatch(/^application\/json/);
      expect(Object.keys(body).sort(), h.name).toEqual(['description', 'message', 'statusCode']);
      expect(body.statusCode, `${h.name}: the status in the body`).toBe(String(a.status));
      expect(typeof body.message === 'string' && typeof body.description === 'string', h.name).toBe(true);
    } else {
      expect(body.message, h.name).toBeNull();
      expect(body).toHaveProperty('result');
    }
  }
  h.expect?.(a);
}

function suite(name: string, start: () => Promise<Running>, skip: string | false = false) {
  describe.skipIf(skip !== false)(`${name}${skip ? ` (${skip})` : ''}`, () => {
    let running: Running;
    beforeAll(async () => {
      running = await start();
    }, 120_000);
    afterAll(() => running?.stop());
    it.each(HOSTILE.map((h) => [h.name, h] as const))('%s', async (_, h) => {
      check(h, await rawRequest(running.port, h.request));
    });
    it('still answers after all of them', async () => {
      const a = await rawRequest(running.port, line('/api/v1/prefectures'));
      sameAs(PREFECTURES)(a);
    });
  });
}

suite('Node server', async () => {
  const server = createApiServer({ dir: SAMPLE_DIST });
  const base = await listen(server);
  return { base, port: Number(new URL(base).port), work: '', stop: () => void close(server) };
});
suite('offline bundle (node serve.mjs)', () => startBundle(SAMPLE_DIST));
suite('nginx with the generated configuration', () => startNginx(SAMPLE_DIST), hasNginx ? false : NGINX_SKIP);
