// One validator per parameter type. Each turns the raw text of one parameter into its canonical form
// (the text that goes into a file path) or into a 400 that names the parameter and says how to fix it.

import { badRequest, type ApiError } from './errors.ts';
import type { AreasParam, CityParam, CodeParam, CompiledRoutes, IntParam, ParamSpec, PrefParam, TecsParam } from './routes.ts';

/** Canonical values of the parameters validated so far, by name. */
export type Canonical = Record<string, string | undefined>;

export interface Area {
  pref: string;
  city: string;
}

export type Checked = { ok: true; value: string; areas?: Area[] } | { ok: false; error: ApiError };

const PREF_RE = /^[0-9]{1,2}$/;
const CITY_RE = /^[0-9]{5}$/;
const INT_RE = /^-?[0-9]{1,9}$/;
const CODE_RE = /^[A-Za-z0-9]{1,16}$/;
const AREA_RE = /^([0-9]{1,2})_([0-9]{5})?$/;
const TEC_RE = /^([0-9]{1,3})?_([0-9]{1,3})?$/;

export function checkParam(spec: ParamSpec, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  switch (spec.type) {
    case 'pref':
      return checkPref(spec, raw, routes);
    case 'city':
      return checkCity(spec, raw, got, routes);
    case 'int':
      return checkInt(spec, raw, routes);
    case 'code':
      return checkCode(spec, raw, got, routes);
    case 'areas':
      return checkAreas(spec, raw, got, routes);
    case 'tecs':
      return checkTecs(spec, raw, routes);
  }
}

export function describe(spec: ParamSpec, routes: CompiledRoutes): string {
  switch (spec.type) {
    case 'pref':
      return `Give ${spec.name} as a prefecture code: ${prefRange(routes)} (see /api/v1/prefectures).`;
    case 'city':
      return `Give ${spec.name} as - for the whole prefecture or as the 5-digit code of a municipality of that prefecture, for example 13101 (see /api/v1/cities?prefCode=13).`;
    case 'int':
      return `Give ${spec.name} as ${spec.values ? `one of ${listValues(spec.values)}` : `an integer from ${spec.min} to ${spec.max}`}.`;
    case 'code': {
      const all = spec.all ? '- for all, or ' : '';
      if (spec.parent && spec.outsideParentIsAll) return `Give ${spec.name} as - or one of the codes listed for it in /manifest.json; a code outside the given ${spec.parent} counts as -.`;
      if (spec.parent) return `Give ${spec.name} as ${all}a code that belongs to the given ${spec.parent}.`;
      const codes = [...((routes.domains.get(spec.domain) as Set<string> | undefined) ?? [])];
      return `Give ${spec.name} as ${all}${codes.length <= 30 ? `one of ${codes.join(', ')}` : `one of the ${codes.length} codes of this build`}.`;
    }
    case 'areas':
      return spec.city
        ? `Give ${spec.name} as up to ${spec.max} comma-separated entries: <prefCode>_ when ${spec.city} is -, <prefCode>_<cityCode> otherwise, for example ${spec.name}=12_,14_ or ${spec.name}=13_13101,14_14100.`
        : `Give ${spec.name} as up to ${spec.max} comma-separated prefecture entries <prefCode>_, for example ${spec.name}=12_,14_.`;
    case 'tecs':
      return `Give ${spec.name} as up to ${spec.max} comma-separated entries <field>_<theme>: _ for no filter, 1_ for a technology field, 1_2 for a theme of it (see /api/v1/patents/broad and /api/v1/patents/middle?tecCode=1).`;
  }
}

function fail(spec: ParamSpec, message: string, routes: CompiledRoutes): Checked {
  return { ok: false, error: badRequest(message, describe(spec, routes)) };
}

function checkPref(spec: PrefParam, raw: string, routes: CompiledRoutes): Checked {
  if (!PREF_RE.test(raw)) return fail(spec, `${spec.name} must be a prefecture code (an integer), got ${quote(raw)}`, routes);
  const code = Number(raw);
  if (!routes.prefectures.has(code)) return fail(spec, `${spec.name} ${code} is not a prefecture of this build`, routes);
  return { ok: true, value: String(code) };
}

function checkCity(spec: CityParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  if (raw === '-') return { ok: true, value: raw };
  if (!CITY_RE.test(raw)) return fail(spec, `${spec.name} must be - or a 5-digit municipality code, got ${quote(raw)}`, routes);
  const pref = got[spec.pref];
  if (pref === undefined) return { ok: true, value: raw }; // the prefecture error is reported instead
  if (!routes.cities.get(Number(pref))?.has(raw)) {
    return fail(spec, `${spec.name} ${raw} is not a municipality of ${spec.pref} ${pref}`, routes);
  }
  return { ok: true, value: raw };
}

function checkInt(spec: IntParam, raw: string, routes: CompiledRoutes): Checked {
  if (!INT_RE.test(raw)) return fail(spec, `${spec.name} must be an integer, got ${quote(raw)}`, routes);
  const n = Number(raw);
  const ok = spec.values ? spec.values.includes(n) : n >= (spec.min ?? -Infinity) && n <= (spec.max ?? Infinity);
  if (!ok) return fail(spec, `${spec.name} ${n} is out of range`, routes);
  return { ok: true, value: String(n) };
}

function checkCode(spec: CodeParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  if (spec.all && raw === '-') return { ok: true, value: raw };
  if (!CODE_RE.test(raw)) return fail(spec, `${spec.name} must be a code${spec.all ? ' or -' : ''}, got ${quote(raw)}`, routes);
  const domain = routes.domains.get(spec.domain);
  if (spec.parent && spec.outsideParentIsAll) {
    const byParent = domain as Map<string, Set<string>> | undefined;
    let known = false;
    for (const codes of byParent?.values() ?? []) known ||= codes.has(raw);
    if (!known) return fail(spec, `${spec.name} ${raw} is not a code of this build`, routes);
    const parent = got[spec.parent];
    if (parent === undefined) return { ok: true, value: raw }; // the parent's error is reported instead
    return { ok: true, value: byParent!.get(parent)?.has(raw) ? raw : '-' };
  }
  if (spec.parent) {
    const parent = got[spec.parent];
    if (parent === undefined) return { ok: true, value: raw }; // the parent's error is reported instead
    if (parent === '-') return fail(spec, `${spec.name} must be - when ${spec.parent} is -`, routes);
    if (!(domain as Map<string, Set<string>> | undefined)?.get(parent)?.has(raw)) {
      return fail(spec, `${spec.name} ${raw} does not belong to ${spec.parent} ${parent}`, routes);
    }
  } else if (!(domain as Set<string> | undefined)?.has(raw)) {
    return fail(spec, `${spec.name} ${raw} is not a code of this build`, routes);
  }
  return { ok: true, value: raw };
}

function checkAreas(spec: AreasParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  const entries = raw.split(',');
  if (entries.length > spec.max) {
    return fail(spec, `${spec.name} has ${entries.length} entries; at most ${spec.max} are allowed`, routes);
  }
  const municipal = spec.city !== undefined && got[spec.city] !== undefined && got[spec.city] !== '-';
  const seen = new Set<string>([`${got[spec.pref]}_${municipal ? got[spec.city!] : ''}`]);
  const areas: Area[] = [];
  for (const entry of entries) {
    const m = AREA_RE.exec(entry);
    if (!m) return fail(spec, `${spec.name} entry ${quote(entry)} is not <prefCode>_${spec.city ? ' or <prefCode>_<cityCode>' : ''}`, routes);
    const pref = String(Number(m[1]));
    const city = m[2] ?? '';
    if (!routes.prefectures.has(Number(pref))) {
      return fail(spec, `${spec.name} entry ${quote(entry)} names prefecture ${pref}, which is not a prefecture of this build`, routes);
    }
    if (!spec.city && city !== '') {
      return fail(spec, `${spec.name} entry ${quote(entry)} names a municipality; this operation adds prefectures only (<prefCode>_)`, routes);
    }
    if (municipal && city === '') {
      return fail(spec, `${spec.name} entry ${quote(entry)} is prefecture-level but ${spec.city} is a municipality; add municipalities as <prefCode>_<cityCode>`, routes);
    }
    if (spec.city && !municipal && city !== '') {
      return fail(spec, `${spec.name} entry ${quote(entry)} names a municipality but ${spec.city} is -; add prefectures as <prefCode>_`, routes);
    }
    if (city !== '' && !routes.cities.get(Number(pref))?.has(city)) {
      return fail(spec, `${spec.name} entry ${quote(entry)}: ${city} is not a municipality of prefecture ${pref}`, routes);
    }
    const key = `${pref}_${city}`;
    if (seen.has(key)) {
      return fail(spec, `${spec.name} entry ${quote(entry)} repeats a region already in the request; each region is counted once`, routes);
    }
    seen.add(key);
    areas.push({ pref, city: city || '-' });
  }
  return { ok: true, value: areas.map((a) => `${a.pref}_${a.city === '-' ? '' : a.city}`).join(','), areas };
}

/** Canonical form: entries sorted and without repeats; `_` alone when any entry selects everything. */
function checkTecs(spec: TecsParam, raw: string, routes: CompiledRoutes): Checked {
  const entries = raw.split(',');
  if (entries.length > spec.max) {
    return fail(spec, `${spec.name} has ${entries.length} entries; at most ${spec.max} are allowed`, routes);
  }
  const themes = routes.domains.get(spec.domain) as Map<string, Set<string>> | undefined;
  const keys: [number, number][] = [];
  for (const entry of entries) {
    const m = TEC_RE.exec(entry);
    if (!m) return fail(spec, `${spec.name} entry ${quote(entry)} is not <field>_<theme> (either may be empty)`, routes);
    const [, tec, theme] = m;
    if (tec === undefined && theme !== undefined) return fail(spec, `${spec.name} entry ${quote(entry)} gives a theme without its technology field`, routes);
    if (tec === undefined) return { ok: true, value: '_' };
    const t = String(Number(tec));
    if (!themes?.has(t)) return fail(spec, `${spec.name} entry ${quote(entry)}: ${t} is not a technology field of this build`, routes);
    const th = theme === undefined ? 0 : Number(theme);
    if (theme !== undefined && !themes.get(t)!.has(String(th))) {
      return fail(spec, `${spec.name} entry ${quote(entry)}: ${th} is not a theme of technology field ${t}`, routes);
    }
    keys.push([Number(t), th]);
  }
  // A whole field covers its themes; sorting makes every spelling of one filter one canonical text.
  const fields = new Set(keys.filter(([, th]) => th === 0).map(([t]) => t));
  const kept = keys.filter(([t, th]) => th === 0 || !fields.has(t));
  const canonical = [...new Set(kept.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([t, th]) => `${t}_${th || ''}`))];
  return { ok: true, value: canonical.join(',') };
}

function prefRange(routes: CompiledRoutes): string {
  const codes = routes.table.prefectures;
  if (codes.length === 47) return 'an integer from 1 to 47';
  return `this build serves ${listValues(codes)}`;
}

/** "1980 to 2045 in steps of 5" for long arithmetic runs, the plain list otherwise. */
export function listValues(values: readonly number[]): string {
  const [first, second] = values;
  if (values.length > 4 && first !== undefined && second !== undefined) {
    const step = second - first;
    if (values.every((v, i) => v === first + i * step)) {
      return `${first} to ${values[values.length - 1]}${step === 1 ? '' : ` in steps of ${step}`}`;
    }
  }
  return values.join(', ');
}

/** Quotes user input for a message, shortened so that a huge value cannot bloat the error body. */
export function quote(raw: string): string {
  const s = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return JSON.stringify(s);
}
