// The explorer at /: pick an operation and its parameters, see the answer as a chart, a table, JSON and
// the request, and take the table away as CSV. The page URL's hash holds the state (see state.ts); the
// page reads only its own origin: explorer/operations.json (the manifest's operations, which the on-demand
// server gives at once where the manifest counts every file first), and the API through api.ts.

import { ask } from './api.ts';
import { rowsOf, toCsv, valueAt, type Row } from '../runtime/view.ts';
import { drawChart } from './chart.ts';
import { codeSpans, h } from './dom.ts';
import { paramFields } from './form.ts';
import { FAMILY_TABLE } from '../runtime/families.ts';
import type { ExplorerOperation, ExplorerOperations } from '../runtime/manifest-types.ts';
import { formatHash, HOME, linkRequest, parseHash, requestPath, settle, valueAxisLabel, type State } from './state.ts';
import { drawTable } from './table.ts';
import { shownUrl, type Shown } from './host.ts';
import { originAt, originOfAnswer } from '../runtime/origin.ts';

const $ = (id: string) => document.getElementById(id)!;
let operations: ExplorerOperation[];
let shown = 0;
/** What is shown: the answer's rows, and the years in which some of its figures are official (a mixed origin). */
let drawn: {
  op: ExplorerOperation;
  rows: Row[];
  result: unknown;
  officialYears?: number[];
  /** The value axis's label where the request decides what is drawn (see valueAxisLabel). */
  yLabel?: string;
} | null = null;

function setState(state: 'loading' | 'ready' | 'error' | 'empty') {
  document.body.dataset.state = state;
}

async function boot() {
  setState('loading');
  const res = await fetch(new URL('explorer/operations.json', document.baseURI));
  if (!res.ok)
    throw new Error(`explorer/operations.json answered ${res.status}: is this page served from a regstat dist?`);
  operations = ((await res.json()) as ExplorerOperations).operations;
  operationPicker();
  // In-page anchors (#sources) are not states: following one leaves the view as it is.
  window.addEventListener(
    'hashchange',
    () => void (location.hash === '' || parseHash(location.hash) ? show() : undefined),
  );
  new ResizeObserver(onWidthChange(redraw, 150)).observe($('chart'));
  $('copy').addEventListener('click', copyRequest);
  await show();
}

function available(path: string) {
  return operations.find((o) => o.path === path && o.available);
}

function operationPicker() {
  const select = $('op') as HTMLSelectElement;
  const families = [...new Set(operations.map((o) => o.family))];
  for (const family of families) {
    const group = h('optgroup', { label: FAMILY_TABLE[family].title });
    for (const o of operations.filter((x) => x.family === family)) {
      const option = h('option', { value: o.path }, [`${o.title} / ${o.titleEn}`]);
      if (!o.available) option.setAttribute('disabled', '');
      group.append(option);
    }
    select.append(group);
  }
  select.addEventListener('change', () => {
    const op = available(select.value)!;
    go({ path: op.path, values: settle(op, currentValues()) });
  });
}

function currentValues(): Record<string, string> {
  return (parseHash(location.hash) ?? HOME).values;
}

function go(state: State) {
  // Loading from the moment the URL says so: hashchange (and show) only come a task later, and a page
  // that said ready in between would pair the new URL with the old view.
  const hash = formatHash(state);
  if (location.hash === hash) return; // no hashchange will come: the view stands
  setState('loading');
  location.hash = hash;
}

async function show() {
  const ticket = ++shown;
  // Loading from the moment the view changes: the page is not ready while the fields are being made.
  setState('loading');
  const link = parseHash(location.hash);
  const asked = link ?? HOME;
  const named = operations.find((o) => o.path === asked.path);
  if (named && !named.available) {
    // A shared link to an operation this build left out says so, as the API does, rather than showing another.
    $('title').textContent = `${named.title} / ${named.titleEn}`;
    $('params').replaceChildren();
    return fail(`${named.path} is not available in this build`, named.reason ?? '', 404);
  }
  // A link to a path no operation has shows the API's 404 for it, not the home chart in its place.
  if (!named && link) return unknownOperation(link, ticket);
  const op = named ?? operations.find((o) => o.available);
  if (!op) return fail('This build has no operation to show.', '');
  const { values, misfits } = linkRequest(op, asked.values);
  // The URL is completed only when it asks for something the operation takes: a link with a value it does
  // not take stays as it was shared, beside the API's error for it.
  const hash = formatHash({ path: op.path, values });
  if (misfits.length === 0 && location.hash !== hash) history.replaceState(null, '', hash);
  ($('op') as HTMLSelectElement).value = op.path;
  $('title').textContent = `${op.title} / ${op.titleEn}`;
  $('op-path').textContent = op.path;
  $('op-doc').replaceChildren(...codeSpans(op.description));
  // Whether these figures are official, said beside them (the sample mixes official and synthetic ones).
  const origin = $('op-origin');
  origin.hidden = !op.origin;
  origin.textContent = op.origin ? originOfAnswer(op.origin, values.cityCode) : '';
  const fields = await paramFields(op, values, (next) => go({ path: op.path, values: settle(op, next) }));
  if (ticket !== shown) return;
  $('params').replaceChildren(...fields);
  const body = await request(requestPath(op, values), ticket);
  if (!body) return;
  const rows = body.result === null ? [] : rowsOf(body.result, op.view);
  drawn = {
    op,
    rows,
    result: body.result,
    officialYears: op.origin && originAt(op.origin, values.cityCode).years,
    yLabel: valueAxisLabel(op, values),
  };
  $('status').textContent =
    body.result === null ? 'No data for this region: the API answers result null.' : `${rows.length} rows`;
  pager(op, values);
  $('table').replaceChildren(drawTable(rows, op.view.columns));
  csvLink(op, values, rows, body.data && `X-Regstat-Data: ${body.data}. ${$('op-origin').textContent}`.trim());
  redraw();
  setState(body.result === null ? 'empty' : 'ready');
}

/**
 * Asks the API for `path` with the request shown; its result (and what its X-Regstat-Data said) when it
 * has one, null once an error is shown.
 */
async function request(path: string, ticket: number): Promise<{ result: unknown; data?: string } | null> {
  showRequest({ url: new URL(path, location.href).href });
  setState('loading');
  $('status').textContent = 'Loading…';
  // An answer that takes more than a moment is most likely an operation's first on a server that makes
  // answers on demand: said, so a slow first chart does not look like a hang.
  const slow = setTimeout(() => {
    if (ticket === shown && document.body.dataset.state === 'loading')
      $('status').textContent =
        'Loading… (an operation’s first answer on a fresh npm start prepares its figures: a few seconds)';
  }, 1500);
  let status = 0;
  let body: any;
  let data: string | undefined;
  try {
    // The URL shown is one this host answers: the path form where it serves files only (host.ts).
    const [res, where] = await Promise.all([ask(path), shownUrl(path)]);
    if (ticket === shown) showRequest(where);
    status = res.status;
    data = res.data;
    body = JSON.parse(res.body);
  } catch (e) {
    if (ticket === shown) fail(`The request failed: ${(e as Error).message}`, '');
    return null;
  } finally {
    clearTimeout(slow);
  }
  if (ticket !== shown) return null;
  $('json-text').textContent = JSON.stringify(body, null, 2);
  if (!body || typeof body !== 'object' || !('result' in body)) {
    fail(body?.message ?? `HTTP ${status}`, body?.description ?? '', status);
    return null;
  }
  $('error').hidden = true;
  return { result: body.result, data };
}

function showRequest({ url, note }: Shown) {
  $('request-url').textContent = url;
  $('copy').textContent = 'Copy URL';
  $('curl').textContent = `curl '${url}'`;
  $('request-note').hidden = !note;
  $('request-note').textContent = note ?? '';
}

/** A link to a path that is no operation of this build: the request it makes, and what the API answers. */
async function unknownOperation(link: State, ticket: number) {
  ($('op') as HTMLSelectElement).selectedIndex = -1;
  $('title').textContent = 'Unknown operation';
  $('op-path').textContent = link.path;
  $('op-doc').textContent = 'This build has no operation at this path: pick one from the list.';
  $('op-origin').hidden = true;
  $('params').replaceChildren();
  const q = new URLSearchParams(link.values).toString();
  if (await request(link.path + (q ? `?${q}` : ''), ticket)) fail(`${link.path} is not an operation`, '', 404);
}

function redraw() {
  const box = $('chart');
  if (!drawn?.op.view.chart || drawn.rows.length === 0) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const chart = drawn.yLabel ? { ...drawn.op.view.chart, yLabel: drawn.yLabel } : drawn.op.view.chart;
  const boundary =
    drawn.op.view.chart.kind === 'line' && drawn.op.view.chart.boundary
      ? Number(valueAt(drawn.result, drawn.op.view.chart.boundary))
      : null;
  box.replaceChildren(
    drawChart({
      chart,
      rows: drawn.rows,
      columns: drawn.op.view.columns,
      width: Math.max(280, box.clientWidth),
      boundary,
      officialYears: drawn.officialYears,
    }),
  );
}

function fail(message: string, description: string, status?: number) {
  drawn = null;
  // No figures are shown, so nothing to say of their origin.
  $('op-origin').hidden = true;
  $('error').hidden = false;
  $('error').replaceChildren(
    h('strong', {}, [status ? `${status}: ` : '', message]),
    ...(description ? [h('p', {}, codeSpans(description))] : []),
  );
  $('status').textContent = '';
  $('table').replaceChildren();
  $('pager').replaceChildren();
  // No table, so nothing to download: a link without a target, still showing, was clicked in vain.
  ($('csv') as HTMLAnchorElement).removeAttribute('href');
  $('csv').hidden = true;
  redraw();
  setState('error');
}

/** Patents come 100 to a page: previous and next pages are requests with another offset. */
function pager(op: ExplorerOperation, values: Record<string, string>) {
  const box = $('pager');
  if (!op.paging) return box.replaceChildren();
  const offset = Number(values[op.paging.param] ?? 0);
  const size = op.paging.pageSize;
  const move = (to: number) => go({ path: op.path, values: { ...values, [op.paging!.param]: String(to) } });
  const prev = h('button', { type: 'button' }, ['← Previous']);
  const next = h('button', { type: 'button' }, ['Next →']);
  if (offset === 0) prev.setAttribute('disabled', '');
  if ((drawn?.rows.length ?? 0) < size) next.setAttribute('disabled', '');
  prev.addEventListener('click', () => move(Math.max(0, offset - size)));
  next.addEventListener('click', () => move(offset + size));
  box.replaceChildren(prev, h('span', {}, [` records ${offset + 1}–${offset + (drawn?.rows.length ?? 0)} `]), next);
}

let csvUrl = '';
/** The table as CSV, its first line saying whether its figures are official (`note`), as the API's header did. */
function csvLink(op: ExplorerOperation, values: Record<string, string>, rows: Row[], note?: string) {
  const a = $('csv') as HTMLAnchorElement;
  if (csvUrl) URL.revokeObjectURL(csvUrl);
  csvUrl = URL.createObjectURL(new Blob([toCsv(rows, op.view.columns, note)], { type: 'text/csv;charset=utf-8' }));
  a.href = csvUrl;
  a.hidden = false;
  const name = [
    op.path.slice('/api/v1/'.length).replace(/\//g, '-'),
    ...Object.entries(values).map(([k, v]) => `${k}-${v}`),
  ].join('_');
  a.download = `${name.replace(/[^\w.-]+/g, '_')}.csv`;
}

async function copyRequest() {
  const text = $('request-url').textContent ?? '';
  try {
    await navigator.clipboard.writeText(text);
    $('copy').textContent = 'Copied';
  } catch {
    // Clipboard access needs a secure context; selecting the text lets the person copy it themselves.
    getSelection()?.selectAllChildren($('request-url'));
  }
}

/** Calls f once the chart's box has kept a new width for `ms` (a height change, from drawing, is not one). */
function onWidthChange(f: () => void, ms: number) {
  let t: ReturnType<typeof setTimeout> | undefined;
  let width = 0;
  return () => {
    const w = $('chart').clientWidth;
    if (w === width) return;
    width = w;
    clearTimeout(t);
    t = setTimeout(f, ms);
  };
}

boot().catch((e) => fail((e as Error).message, ''));
