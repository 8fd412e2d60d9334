// The pages of a dist beside the API, answered at their folder's path on every host (the Node servers,
// serve.json, nginx). serve resolves a path before it matches a rule, so a rule for /reference matches
// /reference/ too and cannot redirect one to the other: the page is served at both, and its links
// resolve the same from both.

/** The folder of the API reference (core/reference-page.ts). */
export const REFERENCE_FOLDER = '/reference';

export const PAGE_REWRITES = [
  { source: '/', destination: '/index.html' },
  { source: REFERENCE_FOLDER, destination: `${REFERENCE_FOLDER}/index.html` },
];
