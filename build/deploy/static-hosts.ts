// What hosts that serve files and run no code (`npx serve`, GitHub Pages, S3 website hosting) need
// beside the files. They never see a query string, so a query-form request reaches the folder of its
// operation, which has no file (no answer lies at a bare operation path that takes parameters): they answer
// 404, with this page where they allow one, the API's error body saying which URL form they answer. And
// they serve every file they hold, the other hosts' configurations too, unless told not to.

import { apiError, type ApiError } from '../runtime/errors.ts';

/** serve answers its 404s with `<root>/404.html`, GitHub Pages too; S3 takes it as the error document. */
export const NOT_FOUND_PAGE = '/404.html';

export const STATIC_NOT_FOUND: ApiError = apiError(
  404,
  'No file at this path',
  'A host that serves files only (npx serve, GitHub Pages, S3) cannot read query strings: ask for the path form, the parameters as name/value segments in the declared order, for example /api/v1/cities/prefCode/13/index.json for /api/v1/cities?prefCode=13 (index.json may be left out on npx serve). Each operation and its parameters: /api/v1/index.json.',
);

/**
 * Files of dist that another host reads as its configuration or script (Cloudflare, Netlify, Vercel,
 * CloudFront, serve itself) and the error bodies Netlify's and Vercel's rules answer with: a static host
 * would publish them (vercel.json: 686,912 bytes in the test sample of prefectures 1 and 13). Folders
 * end in `/`.
 */
export const HOST_FILES = [
  '/_worker.js',
  '/_headers',
  '/_redirects',
  '/vercel.json',
  '/serve.json',
  '/_deploy/',
  '/_errors/',
] as const;
