// dist/index.html: the page a person sees when opening the served dist in a browser. It states where
// the numbers come from before anything else.

import type { Provenance } from '../../sources/estat/import.ts';
import type { Canonical } from '../runtime/params.ts';
import type { RouteOp } from '../runtime/routes.ts';

export interface DocsEntry {
  route: RouteOp;
  title: string;
  files: number;
  example?: Canonical;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function docsPage(dataset: { kind: string; notice: string; provenance?: unknown }, entries: DocsEntry[]): string {
  const rows = entries.map(({ route, title, files, example }) => {
    const q = example ? new URLSearchParams(Object.entries(example) as [string, string][]).toString() : '';
    const queryUrl = route.path + (q ? `?${q}` : '');
    const pathUrl =
      route.path +
      (example
        ? Object.entries(example)
            .map(([k, v]) => `/${k}/${v}`)
            .join('')
        : '');
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
${dataset.provenance ? provenanceSection(dataset.provenance as Provenance) : ''}<p>Call the operations as the original API was called, for example <code>/api/v1/population/composition/perYear?prefCode=13&amp;cityCode=-</code>, or by their path form. The <code>X-API-KEY</code> header is accepted and ignored. Every operation with its parameters, as JSON: <a href="api/v1/">/api/v1/</a>. What was built from what: <a href="manifest.json">manifest.json</a>.</p>
<table><thead><tr><td>Operation</td><td>Path and parameters</td><td>Try it</td><td>Files</td></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</body></html>
`;
}

/** The tables an import read, with the attributions their licences ask for and what each year covers. */
function provenanceSection(p: Provenance): string {
  const tables = p.tables.map(
    (t) =>
      `<tr><td><code>${esc(t.file)}</code></td><td>${esc(t.table)}<br><small>${esc(t.title)}</small></td><td>${t.years.join(', ')}</td><td>${t.rows.toLocaleString('en')} rows<br><small title="sha256">${t.sha256.slice(0, 12)}…</small></td></tr>`,
  );
  const coverage = p.coverage.map(
    (c) =>
      `<li>${c.year} (${c.kind === 'actual' ? 'census' : 'projection'}): ${c.regions.toLocaleString('en')} regions${c.missing ? `; ${c.missing} regions RESAS listed have no figure (their responses are null)` : ''}</li>`,
  );
  return `<section><h2>Where the figures come from</h2>
${p.credits.map((c) => `<p>${esc(c)}</p>`).join('\n')}
<table><thead><tr><td>File</td><td>Table</td><td>Years</td><td>Size</td></tr></thead><tbody>
${tables.join('\n')}
</tbody></table>
<p>Years by region (population): years and regions no table covers are absent, never estimated.</p>
<ul>${coverage.join('')}</ul>
</section>
`;
}
