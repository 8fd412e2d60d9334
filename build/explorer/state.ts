// What the page shows, as the page URL holds it: `#/population/sum/perYear?prefCode=13&cityCode=-` is the
// operation's path below /api/v1 and its parameters, so any view can be bookmarked or shared. `settle`
// completes what a URL gives into values the API accepts, choosing defaults where a parameter is missing
// or does not fit the others (a municipality of another prefecture, a year the operation lacks), as the
// pickers need; `linkRequest` is what a shared URL asks for, keeping the values it gives for the API to judge.

import type { ExplorerOperation, ManifestParam } from '../runtime/manifest-types.ts';
import { PARAM_TYPES } from '../runtime/params.ts';
import { constraintKey, isActive } from '../runtime/routes.ts';

export const API = '/api/v1';

export interface State {
  /** The operation's path, such as /api/v1/population/sum/perYear. */
  path: string;
  values: Record<string, string>;
}

/** The first chart a visitor sees: a prefecture's population. */
export const HOME: State = { path: `${API}/population/composition/perYear`, values: { prefCode: '13', cityCode: '-' } };

export function parseHash(hash: string): State | null {
  const text = hash.replace(/^#/, '');
  if (!text.startsWith('/')) return null;
  const at = text.indexOf('?');
  const path = API + (at < 0 ? text : text.slice(0, at));
  const values: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(at < 0 ? '' : text.slice(at + 1))) values[k] = v;
  return { path, values };
}

export function formatHash(s: State): string {
  const q = new URLSearchParams(s.values).toString();
  return '#' + s.path.slice(API.length) + (q ? `?${q}` : '');
}

/** The API request for settled values, parameters in declared order (list parameters only when given). */
export function requestPath(op: ExplorerOperation, values: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const p of op.params) if (values[p.name] !== undefined && values[p.name] !== '') q.set(p.name, values[p.name]!);
  const text = q.toString().replace(/%2C/g, ',');
  return op.path + (text ? `?${text}` : '');
}

const text = (v: string | number) => String(v);

/** The values a parameter may take next to the others already settled, or null when any value in a range (or list) will do. */
export function choices(op: ExplorerOperation, p: ManifestParam, settled: Record<string, string>): string[] | null {
  const constraint = op.constraints?.find((c) => c.param === p.name);
  if (constraint) return constraint.cases[constraintKey(constraint, settled)]?.values ?? [];
  if (PARAM_TYPES[p.type].list) return null;
  const values = p.values;
  if (!values) return null;
  if (Array.isArray(values)) {
    const all = values.map(text);
    // A municipality's codes begin with its prefecture's.
    if (PARAM_TYPES[p.type].region !== 'municipality' || !p.pref) return all;
    const pref = (settled[p.pref] ?? '').padStart(2, '0');
    return all.filter((v) => v === '-' || v.startsWith(pref));
  }
  const by = p.valuesBy ? settled[p.valuesBy] : undefined;
  const list = by !== undefined ? values[by] : undefined;
  return list ? list.map(text) : p.default !== undefined ? [text(p.default)] : [];
}

/** Complete values into a request the operation answers: active parameters only, each a value that fits. */
export function settle(
  op: ExplorerOperation,
  given: Record<string, string>,
  prefer: Record<string, string> = HOME.values,
): Record<string, string> {
  const out: Record<string, string> = {};
  const opens = op.view.opens ?? {};
  for (const p of op.params) {
    if (p.ignored || !isActive(p, out)) continue;
    const allowed = choices(op, p, out);
    const want = given[p.name];
    const type = PARAM_TYPES[p.type];
    if (type.list) {
      const kept = type.region === 'regions' ? fittingAreas(op, p, want ?? '', out) : want;
      if (kept) out[p.name] = kept;
      continue;
    }
    if (allowed === null) {
      const n = Number(want);
      const ok =
        want !== undefined &&
        want !== '' &&
        Number.isInteger(n) &&
        (p.min === undefined || n >= p.min) &&
        (p.max === undefined || n <= p.max);
      out[p.name] = ok ? String(n) : text(p.default ?? p.min ?? 0);
      continue;
    }
    const fallback = [
      prefer[type.region === 'prefecture' ? 'prefCode' : p.name],
      opens[p.name],
      p.default === undefined ? undefined : text(p.default),
    ].find((v) => v !== undefined && allowed.includes(v));
    const value = want !== undefined && allowed.includes(want) ? want : (fallback ?? allowed[0]);
    if (value !== undefined) out[p.name] = value;
  }
  return out;
}

/** What a shared link asks for: its values where the operation takes them, settled ones elsewhere. */
interface LinkRequest {
  values: Record<string, string>;
  /** The parameters whose given value `settle` would have replaced: the API decides what they mean. */
  misfits: string[];
}

/**
 * The request a page URL names. Values the link leaves out are settled (defaults, the home prefecture), but
 * a value it gives is never swapped for another: a link to prefCode=99 or year=1234 asks the API for exactly
 * that, and shows its error, where settling would silently show Tokyo or another year.
 */
export function linkRequest(op: ExplorerOperation, given: Record<string, string>): LinkRequest {
  const values = settle(op, given);
  const misfits = op.params
    .filter((p) => isActive(p, values))
    .map((p) => p.name)
    .filter((name) => given[name] !== undefined && given[name] !== '' && given[name] !== values[name]);
  for (const name of misfits) values[name] = given[name]!;
  return { values, misfits };
}

/**
 * addArea entries of the kind the main region takes: prefectures (`13_`) beside a prefecture, municipalities
 * (`13_13101`) beside a municipality, so changing the main region does not leave a request the API refuses.
 */
function fittingAreas(op: ExplorerOperation, p: ManifestParam, want: string, settled: Record<string, string>): string {
  const city = op.params.find((q) => PARAM_TYPES[q.type].region === 'municipality' && q.name in settled);
  const wholePrefecture = !city || settled[city.name] === '-';
  return want
    .split(',')
    .filter((e) => e !== '' && (wholePrefecture ? e.endsWith('_') : !e.endsWith('_')))
    .join(',');
}

/** Labels of an int parameter's values read from its doc ("1 exports, 2 imports."), when the doc names every value. */
export function intLabels(p: ManifestParam): Record<string, string> {
  const out: Record<string, string> = {};
  // A name ends at a semicolon, or a comma where `, <code> ` begins the next: names hold commas of their own
  // (`per 100,000 residents`, `保険料基準額, 円/月`), which cut them short.
  for (const m of p.doc.matchAll(/(?:^|[,;:] )(\d+) (.+?)(?=, \d+ |; |\.$|$)/g)) out[m[1]!] = m[2]!.trim();
  const values = Array.isArray(p.values) ? p.values.map(String) : [];
  // "2012 or 2016" names no value: labels count only when each value has its own.
  return values.length > 0 && values.every((v) => v in out) ? out : {};
}

/**
 * The value axis's label where the chart names the parameters it depends on (`yLabelOf`): the names of their
 * chosen values, those at their default left out; undefined where none names anything.
 */
export function valueAxisLabel(op: ExplorerOperation, values: Record<string, string>): string | undefined {
  const chart = op.view.chart;
  if (chart?.kind !== 'bar' || !chart.yLabelOf) return undefined;
  const names = chart.yLabelOf.flatMap((name) => {
    const p = op.params.find((q) => q.name === name);
    const value = values[name];
    if (!p || value === undefined || value === String(p.default ?? '')) return [];
    const label = intLabels(p)[value];
    return label ? [label] : [];
  });
  return names.length > 0 ? names.join(' · ') : undefined;
}
