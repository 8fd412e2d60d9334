// dist/index.html: the explorer (build/explorer, bundled into explorer/app.js) and what it stands on. The
// page states where the numbers come from before anything else, and lists every operation for readers
// without JavaScript.

import type { DatasetInfo, Provenance } from '../../sources/dataset.ts';
import type { Canonical } from '../runtime/params.ts';
import type { RouteOp } from '../runtime/routes.ts';
import { originLine, type OperationOrigin } from '../runtime/origin.ts';

export interface DocsEntry {
  route: RouteOp;
  title: string;
  example?: Canonical;
  origin?: OperationOrigin;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The prefectures a scoped build serves, named; absent for a build of the whole country. */
export type Scope = { names: string[] } | undefined;

/** One operation's row of the list: its title and figures, path and parameters, links (or why it is not available). */
function operationRow({ route, title, example, origin }: DocsEntry): string {
  const q = example ? new URLSearchParams(Object.entries(example) as [string, string][]).toString() : '';
  const queryUrl = route.path + (q ? `?${q}` : '');
  const pathUrl =
    route.path +
    (example
      ? Object.entries(example)
          .map(([k, v]) => `/${k}/${v}`)
          .join('')
      : '');
  const explore = '#' + route.path.slice('/api/v1'.length) + (q ? `?${q}` : '');
  const params = route.params.map((p) => `${p.name}${p.required ? '' : '?'}`).join(', ');
  const figures = origin ? `<br><small class="origin">${esc(originLine(origin))}</small>` : '';
  return `<tr><td>${esc(title)}${figures}</td><td><code>${esc(route.path)}</code><br><small>${esc(params)}</small></td><td>${route.unavailable ? `<em>not available: ${esc(route.unavailable)}</em>` : `<a href="${esc(explore)}">explore</a> · <a href="${esc(queryUrl)}">query form</a> · <a href="${esc(pathUrl)}">path form</a>`}</td></tr>`;
}

export function docsPage(dataset: DatasetInfo, entries: DocsEntry[], scope?: Scope): string {
  const rows = entries.map(operationRow);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>regstat explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="explorer/app.css">
<script src="explorer/app.js" defer></script>
</head><body data-state="loading">
<header><h1><span lang="ja">地域統計</span> regstat</h1>
<nav><a href="./">Explorer</a> <a href="reference/">API reference</a> <a href="openapi.json">openapi.json</a> <a href="openapi.d.ts">openapi.d.ts</a> <a href="manifest.json">manifest.json</a> <a href="api/v1/">/api/v1/</a> <a href="offline.html">Offline use</a></nav></header>
${datasetBanners(dataset, scope)}
<main>
<section id="controls" aria-label="Request">
<div class="field"><label for="op">Operation</label><select id="op"></select></div>
<div id="params"></div>
</section>
<section id="answer" aria-live="polite">
<h2 id="title">regstat</h2>
<p><code id="op-path"></code></p>
<p id="op-doc"></p>
<p id="op-origin" class="origin" hidden></p>
<div id="error" role="alert" hidden></div>
<p id="status" role="status"><noscript>The explorer needs JavaScript; every operation can still be requested directly (see the list below).</noscript></p>
<figure id="chart" hidden></figure>
<div id="request"><div><code id="request-url"></code> <button id="copy" type="button">Copy URL</button></div><div><code id="curl"></code></div><p id="request-note" hidden></p></div>
<div id="table-tools"><a id="csv" download="regstat.csv">Download CSV</a> <span id="pager"></span></div>
<div id="table" class="scroll" tabindex="0" aria-label="Table"></div>
<details id="json"><summary>JSON</summary><pre id="json-text"></pre></details>
</section>
</main>
<footer>
<details><summary>All operations (${entries.length})</summary>
<p>Call the operations as the original API was called, for example <code>/api/v1/population/composition/perYear?prefCode=13&amp;cityCode=-</code>, or by their path form. The <code>X-API-KEY</code> header is accepted and ignored. Every operation with its parameters, as JSON: <a href="api/v1/">/api/v1/</a>. What was built from what, with each operation's file count: <a href="manifest.json">manifest.json</a>.</p>
<div class="scroll"><table><thead><tr><th>Operation</th><th>Path and parameters</th><th>Try it</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>
</details>
${dataset.provenance ? provenanceSection(dataset.provenance) : ''}</footer>
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
      `<li>${c.year} (${c.kind === 'actual' ? 'census' : 'projection'}): ${c.regions.toLocaleString('en')} regions${c.missing ? `; ${c.missing} regions RESAS listed have no figure (their responses are null)` : ''}${c.ages === 'groups' ? '; 0–14 / 15–64 / 65+ only, so no pyramid (null)' : ''}</li>`,
  );
  const events = p.events?.length
    ? `<p>Births, deaths and moves (population/sum/estimate): ${p.events.map((e) => `${e.year} (${e.regions.toLocaleString('en')} regions)`).join(', ')}.</p>`
    : '';
  return `<section id="sources"><h2>Where the figures come from</h2>
${p.credits.map((c) => `<p>${esc(c)}</p>`).join('\n')}
<div class="scroll"><table><thead><tr><th>File</th><th>Table</th><th>Years</th><th>Size</th></tr></thead><tbody>
${tables.join('\n')}
</tbody></table></div>
<p>Years by region (population): years and regions no table covers are absent, never estimated.</p>
<ul>${coverage.join('')}</ul>
${events}</section>
`;
}

/** Whose data this is (synthetic said first, as a user could take it for official), and the build's scope. */
function datasetBanners(dataset: DatasetInfo, scope: Scope): string {
  const synthetic = dataset.kind === 'sample';
  // The sample's notice, which names every official table under it, is 2,841 characters: in full the banner
  // was 1,379 px tall on a 390 × 844 phone (83 px folded). The warning stays in sight; the rest opens on demand.
  const notice = synthetic
    ? `<details><summary>What is official and what is synthetic</summary>${esc(dataset.notice)}</details>`
    : esc(dataset.notice);
  return `<div id="dataset" class="${synthetic ? 'banner synthetic' : 'banner'}"><strong>${synthetic ? 'Synthetic sample data — not official statistics.' : `Data: ${esc(dataset.kind)}.`}</strong> ${notice}${dataset.provenance ? ' <a href="#sources">The tables this build read.</a>' : ''}</div>${
    scope
      ? `\n<div id="scope" class="banner">This build serves the data of ${esc(scope.names.join(', '))} only (it was built with <code>--prefs</code>): other prefectures answer 404 naming this scope. The prefecture and municipality lists hold the whole country.</div>`
      : ''
  }`;
}
