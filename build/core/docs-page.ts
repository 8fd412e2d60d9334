// dist/index.html: the page a person sees when opening the served dist in a browser. It states where
// the numbers come from before anything else.

import type { Canonical } from '../runtime/params.ts';
import type { RouteOp } from '../runtime/routes.ts';

export interface DocsEntry {
  route: RouteOp;
  title: string;
  files: number;
  example?: Canonical;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function docsPage(dataset: { kind: string; notice: string }, entries: DocsEntry[]): string {
  const rows = entries.map(({ route, title, files, example }) => {
    const q = example ? new URLSearchParams(Object.entries(example) as [string, string][]).toString() : '';
    const queryUrl = route.path + (q ? `?${q}` : '');
    const pathUrl = route.path + (example ? Object.entries(example).map(([k, v]) => `/${k}/${v}`).join('') : '');
    const params = route.params.map((p) => `${p.name}${p.required ? '' : '?'}`).join(', ');
    const status = route.unavailable ? `<em>not available: ${esc(route.unavailable)}</em>` : `${files} files`;
    return `<tr><td>${esc(title)}</td><td><code>${esc(route.path)}</code><br><small>${esc(params)}</small></td><td>${route.unavailable ? '' : `<a href="${esc(queryUrl)}">query form</a> · <a href="${esc(pathUrl)}">path form</a>`}</td><td>${status}</td></tr>`;
  });
  const banner = dataset.kind === 'sample' ? 'banner synthetic' : 'banner';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>regstat API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.4rem;vertical-align:top}.banner{padding:1rem;border:2px solid #888;margin:1rem 0}.synthetic{border-color:#c00;background:#fee}</style>
</head><body>
<h1>regstat: a RESAS API v1 compatible static API</h1>
<div class="${banner}"><strong>Data: ${esc(dataset.kind)}.</strong> ${esc(dataset.notice)}</div>
<p>Call the operations as the original API was called, for example <code>/api/v1/population/composition/perYear?prefCode=13&amp;cityCode=-</code>, or by their path form. The <code>X-API-KEY</code> header is accepted and ignored. Every operation with its parameters, as JSON: <a href="api/v1/">/api/v1/</a>. What was built from what: <a href="manifest.json">manifest.json</a>.</p>
<table><thead><tr><td>Operation</td><td>Path and parameters</td><td>Try it</td><td>Files</td></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</body></html>
`;
}
