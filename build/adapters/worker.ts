// Cloudflare: a Worker with static assets, or a Pages project in advanced mode (this file is dist's
// _worker.js). API requests are resolved here and read through the ASSETS binding; everything else is
// served as a static asset.

import { apiHandler, type WebHandler } from './handler.ts';

interface Env {
  ASSETS: { fetch(input: Request | URL | string): Promise<Response> };
}

let handle: WebHandler | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const origin = new URL(request.url).origin;
    handle ??= apiHandler(
      async () => (await env.ASSETS.fetch(new URL('/routes.json', origin))).json(),
      async (path) => {
        const r = await env.ASSETS.fetch(new URL(path, origin));
        return r.ok ? r.text() : null;
      },
    );
    return (await handle(request)) ?? env.ASSETS.fetch(request);
  },
};
