// The files of dist that let hosts other than the Node server serve it: scripts for hosts that run code,
// rule files for hosts that only configure, and the error bodies those rules point at.

import { createHash } from 'node:crypto';
import { apiError, compositionNeedsCode, notFound, resasForm, type ApiError } from '../runtime/errors.ts';
import type { RouteTable } from '../runtime/routes.ts';
import { netlifyHeaders, netlifyRedirects } from './netlify.ts';
import { offlinePage } from './offline-page.ts';
import { cloudFrontScript, serviceWorkerScript, workerScript } from './scripts.ts';
import { vercelConfig } from './vercel.ts';
import { NGINX_GENERIC_400 } from './nginx.ts';
import { NOT_FOUND_PAGE, STATIC_NOT_FOUND } from './static-hosts.ts';

export function deployFiles(table: RouteTable, manifestText: string, notice: string): [string, string][] {
  // The service worker's cache is per build: files of another build must not answer for this one.
  const buildId = createHash('sha256').update(JSON.stringify(table)).update(manifestText).digest('hex').slice(0, 16);
  // In the resas error mode, the bodies the original answered (with HTTP 200, in the rules that serve them).
  const body = (e: ApiError) => (table.errors === 'resas' ? resasForm(e)?.body : undefined) ?? JSON.stringify(e.body);
  return [
    ['/_worker.js', workerScript()],
    ['/sw.js', serviceWorkerScript(buildId)],
    ['/offline.html', offlinePage(notice)],
    ['/_deploy/cloudfront-function.js', cloudFrontScript(table)],
    ['/_redirects', netlifyRedirects(table)],
    ['/_headers', netlifyHeaders()],
    ['/vercel.json', JSON.stringify(vercelConfig(table), null, 2) + '\n'],
    ['/_errors/404.json', body(apiError(404, 'No operation or file at this path', notFound('').body.description))],
    // JSON despite its name: the page serve and GitHub Pages answer their 404s with.
    [NOT_FOUND_PAGE, body(STATIC_NOT_FOUND)],
    ['/_errors/400.json', body(NGINX_GENERIC_400)],
    [
      '/_errors/composition.json',
      body(compositionNeedsCode('This operation', 'a list parameter (addArea, addTec) or an offset between pages')),
    ],
  ];
}
