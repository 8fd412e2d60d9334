// One validator per parameter type. Each turns the raw text of one parameter into its canonical form
// (the text that goes into a file path) or into a 400 that names the parameter and says how to fix it.

import { badRequest, type ApiError } from './errors.ts';
import type { AreasParam, CityParam, CompiledRoutes, IntParam, ParamSpec, PrefParam } from './routes.ts';

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
const AREA_RE = /^([0-9]{1,2})_([0-9]{5})?$/;

export function checkParam(spec: ParamSpec, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  switch (spec.type) {
    case 'pref':
      return checkPref(spec, raw, routes);
    case 'city':
      return checkCity(spec, raw, got, routes);
    case 'int':
      return checkInt(spec, raw);
    case 'areas':
      return checkAreas(spec, raw, got, routes);
  }
}

export function describe(spec: ParamSpec, routes: CompiledRoutes): string {
  switch (spec.type) {
    case 'pref':
      return `Give ${spec.name} as a prefecture code: ${prefRange(routes)} (see /api/v1/prefectures).`;
    case 'city':
      return `Give ${spec.name} as - for the whole prefecture or as the 5-digit code of a municipality of that prefecture, for example 13101 (see /api/v1/cities?prefCode=13).`;
    case 'int':
      return `Give ${spec.name} as one of ${listValues(spec.values)}.`;
    case 'areas':
      return `Give ${spec.name} as up to ${spec.max} comma-separated entries: <prefCode>_ when ${spec.city} is -, <prefCode>_<cityCode> otherwise, for example ${spec.name}=12_,14_ or ${spec.name}=13_13101,14_14100.`;
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

function checkInt(spec: IntParam, raw: string): Checked {
  const description = `Give ${spec.name} as one of ${listValues(spec.values)}.`;
  if (!INT_RE.test(raw)) {
    return { ok: false, error: badRequest(`${spec.name} must be an integer, got ${quote(raw)}`, description) };
  }
  const n = Number(raw);
  if (!spec.values.includes(n)) {
    return { ok: false, error: badRequest(`${spec.name} ${n} is out of range`, description) };
  }
  return { ok: true, value: String(n) };
}

function checkAreas(spec: AreasParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  const entries = raw.split(',');
  if (entries.length > spec.max) {
    return fail(spec, `${spec.name} has ${entries.length} entries; at most ${spec.max} are allowed`, routes);
  }
  const municipal = got[spec.city] !== undefined && got[spec.city] !== '-';
  const seen = new Set<string>([`${got[spec.pref]}_${municipal ? got[spec.city] : ''}`]);
  const areas: Area[] = [];
  for (const entry of entries) {
    const m = AREA_RE.exec(entry);
    if (!m) return fail(spec, `${spec.name} entry ${quote(entry)} is not <prefCode>_ or <prefCode>_<cityCode>`, routes);
    const pref = String(Number(m[1]));
    const city = m[2] ?? '';
    if (!routes.prefectures.has(Number(pref))) {
      return fail(spec, `${spec.name} entry ${quote(entry)} names prefecture ${pref}, which is not a prefecture of this build`, routes);
    }
    if (municipal && city === '') {
      return fail(spec, `${spec.name} entry ${quote(entry)} is prefecture-level but ${spec.city} is a municipality; add municipalities as <prefCode>_<cityCode>`, routes);
    }
    if (!municipal && city !== '') {
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
