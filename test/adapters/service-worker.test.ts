// The service worker's answers without a browser: `handle` is a function of the request, the API over the
// worker's cache and the network, so each case is a call. browser.test.ts runs the whole worker in Chromium.

import { describe, expect, it } from 'vitest';
import { handle } from '../../build/adapters/service-worker.ts';
import { COMMON_HEADERS, ERROR_CACHE_CONTROL, JSON_TYPE } from '../../build/runtime/respond.ts';

const request = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });
const unreachable = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};
const notCached = async (): Promise<Response> => {
  throw new Error('routes.json is not cached and the network is unreachable');
};

describe('service worker', () => {
  it('answers 503 when neither its cache nor the network has what a request needs, with the headers of every other error', async () => {
    const res = await handle(request('/api/v1/prefectures'), notCached, unreachable);
    expect(res.status).toBe(503);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    for (const [name, value] of Object.entries(COMMON_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('Content-Type')).toBe(JSON_TYPE);
    expect(res.headers.get('Cache-Control')).toBe(ERROR_CACHE_CONTROL);
    expect(await res.json()).toEqual({
      statusCode: '503',
      message: 'Not available offline',
      description: 'routes.json is not cached and the network is unreachable',
    });
  });

  it('answers 503 too when a path the API leaves alone cannot be fetched', async () => {
    const res = await handle(request('/api/v2/elsewhere'), async () => null, unreachable);
    expect(res.status).toBe(503);
    expect((await res.json()).description).toBe('Failed to fetch');
  });

  it("gives the API's answer, or the network's for a path the API leaves alone", async () => {
    const api = new Response('{"message":null,"result":[]}', { status: 200 });
    const network = new Response('elsewhere', { status: 404 });
    expect(await handle(request('/api/v1/prefectures'), async () => api, unreachable)).toBe(api);
    expect(
      await handle(
        request('/api/v2/elsewhere'),
        async () => null,
        async () => network,
      ),
    ).toBe(network);
  });
});
