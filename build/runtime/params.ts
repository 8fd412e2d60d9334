// The table of parameter types. Each type says, once, what its raw text looks like, its canonical form
// (the text that goes into a file path), how to check it (or the 400 that names the parameter and says how
// to fix it), and which values it allows. The resolver, the zod query schema, OpenAPI, the manifest and the
// nginx, Vercel and Netlify rules and the explorer's pickers all read this table; none of them switches on a
// parameter's type.

import type { NameList } from './domains.ts';
import { apiError, badRequest, type ApiError } from './errors.ts';
import type {
  AreasParam,
  CityParam,
  CodeParam,
  CompiledRoutes,
  IntParam,
  ParamSpec,
  PrefParam,
  PresenceParam,
  RouteTable,
  TecsParam,
} from './routes.ts';

/** Canonical values of the parameters validated so far, by name. */
export type Canonical = Record<string, string | undefined>;

export interface Area {
  pref: string;
  city: string;
}

/** `settles`: canonical values of other parameters the value decides (a code's parent given as -). */
type Checked = { ok: true; value: string; areas?: Area[]; settles?: Canonical } | { ok: false; error: ApiError };

/** The values a parameter allows, as the manifest lists them and OpenAPI constrains them. */
type Allowed =
  | { values: (number | string)[] }
  | { min: number; max: number }
  /** Codes that depend on another parameter's value. */
  | { valuesBy: string; values: Record<string, string[]>; names?: Record<string, string> }
  | { values: string[]; names?: Record<string, string> }
  /** A comma-separated list; `values` maps the first part of an entry to the second's codes. */
  | { list: { separator: ','; max: number; entry: string }; values?: Record<string, string[]> };

interface ParamType<S extends ParamSpec> {
  /** What a valid value's canonical form is, for people (manifest, OpenAPI). */
  canonical: string;
  /**
   * The syntax of one raw value (one entry of a list), as a regular expression source without anchors:
   * hosts that match text (nginx, Vercel) check this, the resolver checks it first.
   */
  syntax(spec: S): string;
  /** Leading zeros are dropped and -0 is 0: the canonical form of an integer's text. */
  numeric: boolean;
  /** A comma-separated list composed at request time, never part of a file path. */
  list: boolean;
  /** What of the country's regions a value names: a prefecture, a municipality (- the whole prefecture), a list of regions. */
  region?: 'prefecture' | 'municipality' | 'regions';
  /** Where the names of its values come from: an API list, its domain's list (domains.ts), its doc ("1 exports, 2 imports."). */
  labels?: NameList | 'domain' | 'doc';
  /** `-` stands for every value (all codes; the whole prefecture), so a picker names it "all". */
  dashIsAll: boolean;
  /**
   * Every value but `-` has this one canonical form (a presence parameter's `any`): hosts that match text
   * map each code to it instead of capturing the code.
   */
  collapsed?: string;
  /** Whether a valid value may still fall outside the build's scope: a prefecture the build was not made for (a 404 naming the scope). */
  scoped(spec: S): boolean;
  /** The canonical value of raw text, given the canonical values of the parameters before it, or a 400. */
  check(spec: S, raw: string, got: Canonical, routes: CompiledRoutes): Checked;
  /** How to give the parameter right: the description of its 400s. */
  fix(spec: S, routes: CompiledRoutes): string;
  allowed(spec: S, table: RouteTable): Allowed;
  /**
   * The canonical values its files take, given the values of the parameters before it, in the order the
   * tables give them; null where they are no list (an offset's range), so the operation enumerates its
   * files itself. List parameters are never part of a file: they take none.
   */
  fileValues(spec: S, got: Canonical, routes: CompiledRoutes): readonly string[] | null;
}

type TypeName = ParamSpec['type'];
type SpecOf<T extends TypeName> = Extract<ParamSpec, { type: T }>;

const PREF_SYNTAX = '[0-9]{1,2}';
const CITY_SYNTAX = '[0-9]{5}';
const INT_SYNTAX = '-?[0-9]{1,9}';
const CODE_SYNTAX = '[A-Za-z0-9]{1,16}';
const AREA_SYNTAX = `(${PREF_SYNTAX})_(${CITY_SYNTAX})?`;
const TEC_SYNTAX = '([0-9]{1,3})?_([0-9]{1,3})?';
/** The canonical value of every code of a presence parameter. */
const ANY = 'any';
const whole = (syntax: string) => new RegExp(`^(?:${syntax})$`);
const PREF_RE = whole(PREF_SYNTAX);
const CITY_RE = whole(CITY_SYNTAX);
const INT_RE = whole(INT_SYNTAX);
const CODE_RE = whole(CODE_SYNTAX);
const AREA_RE = new RegExp(`^${AREA_SYNTAX}$`);
const TEC_RE = new RegExp(`^${TEC_SYNTAX}$`);

export const PARAM_TYPES: { [T in TypeName]: ParamType<SpecOf<T>> } = {
  pref: {
    canonical: 'the prefecture code as an integer without leading zeros (01 and 1 are 1)',
    syntax: (spec) => (spec.nation ? `-|${PREF_SYNTAX}` : PREF_SYNTAX),
    numeric: true,
    list: false,
    region: 'prefecture',
    labels: { path: '/prefectures', code: 'prefCode', name: 'prefName' },
    dashIsAll: false,
    scoped: (spec) => !spec.country,
    check: checkPref,
    fix: (spec, routes) =>
      `Give ${spec.name} as a prefecture code: ${spec.country ? 'an integer from 1 to 47' : prefRange(routes)} (see /api/v1/prefectures)${spec.nation ? `, or - for ${spec.nation}` : ''}.`,
    allowed: (spec, table) => ({
      values: [...(spec.nation ? ['-'] : []), ...(spec.country ? table.country : table.prefectures)],
    }),
    fileValues: (spec, _got, routes) => [
      ...(spec.nation ? ['-'] : []),
      ...[...(spec.country ? routes.country : routes.prefectures)].map(String),
    ],
  },
  city: {
    canonical: '- or the 5-digit municipality code',
    syntax: () => `-|${CITY_SYNTAX}`,
    numeric: false,
    list: false,
    region: 'municipality',
    labels: { path: '/cities', by: 'prefCode', code: 'cityCode', name: 'cityName' },
    dashIsAll: true,
    scoped: () => false,
    check: checkCity,
    fix: (spec) =>
      `Give ${spec.name} as - for the whole prefecture or as the 5-digit code of a municipality of that prefecture, for example 13101 (see /api/v1/cities?prefCode=13).`,
    allowed: (_, table) => ({ values: ['-', ...Object.values(table.cities).flat()] }),
    fileValues: (spec, got, routes) => ['-', ...(routes.cities.get(Number(got[spec.pref])) ?? [])],
  },
  int: {
    canonical: 'the integer without leading zeros (or -, an open bound)',
    syntax: (spec) => (spec.open ? `-|${INT_SYNTAX}` : INT_SYNTAX),
    numeric: true,
    list: false,
    labels: 'doc',
    dashIsAll: false,
    scoped: () => false,
    check: checkInt,
    fix: (spec) =>
      `Give ${spec.name} as ${spec.open ? `- (${spec.open}) or ` : ''}${spec.values ? `one of ${listValues(spec.values)}` : `an integer from ${spec.min} to ${spec.max}`}.`,
    allowed: (spec) =>
      spec.values
        ? { values: spec.open ? ['-', ...spec.values] : spec.values }
        : { min: spec.min ?? 0, max: spec.max ?? 999_999_999 },
    fileValues: (spec) => (spec.values ? [...(spec.open ? ['-'] : []), ...spec.values.map(String)] : null),
  },
  code: {
    canonical: "the code as listed (or -); with outsideParentIsAll, a code outside its parent's codes is -",
    syntax: (spec) => (spec.all ? `-|${CODE_SYNTAX}` : CODE_SYNTAX),
    numeric: false,
    list: false,
    labels: 'domain',
    dashIsAll: true,
    scoped: () => false,
    check: checkCode,
    fix(spec, routes) {
      const all = spec.all ? '- for all, or ' : '';
      if (spec.parent && spec.outsideParentIsAll)
        return `Give ${spec.name} as - or one of the codes listed for it in /manifest.json; a code outside the given ${spec.parent} counts as -.`;
      if (spec.parent) return `Give ${spec.name} as ${all}a code that belongs to the given ${spec.parent}.`;
      const codes = [...((routes.domains.get(spec.domain) as Set<string> | undefined) ?? [])];
      return `Give ${spec.name} as ${all}${codes.length <= 30 ? `one of ${codes.join(', ')}` : `one of the ${codes.length} codes of this build`}.`;
    },
    allowed(spec, table) {
      const domain = table.domains[spec.domain] ?? [];
      const all = spec.all ? ['-'] : [];
      const names = table.labels[spec.domain];
      const named = names ? { names } : {};
      // A parented domain lists the codes allowed under each value of the parent parameter.
      if (Array.isArray(domain)) return { values: [...all, ...domain], ...named };
      return {
        valuesBy: spec.parent ?? '',
        values: Object.fromEntries(Object.entries(domain).map(([k, v]) => [k, [...all, ...v]])),
        ...named,
      };
    },
    fileValues: codeFileValues,
  },
  areas: {
    canonical: 'the entries in the order given, prefecture codes without leading zeros',
    syntax: (spec) => (spec.city ? AREA_SYNTAX : `(${PREF_SYNTAX})_`),
    numeric: false,
    list: true,
    region: 'regions',
    dashIsAll: false,
    scoped: () => false,
    check: checkAreas,
    fix: (spec) =>
      spec.city
        ? `Give ${spec.name} as up to ${spec.max} comma-separated entries: <prefCode>_ when ${spec.city} is -, <prefCode>_<cityCode> otherwise, for example ${spec.name}=12_,14_ or ${spec.name}=13_13101,14_14100.`
        : `Give ${spec.name} as up to ${spec.max} comma-separated prefecture entries <prefCode>_, for example ${spec.name}=12_,14_.`,
    allowed: (spec) => ({
      list: {
        separator: ',',
        max: spec.max,
        entry: spec.city ? '<prefCode>_ or <prefCode>_<cityCode>' : '<prefCode>_',
      },
    }),
    fileValues: () => [],
  },
  presence: {
    canonical: `- when absent or -, ${ANY} for any code (every code gives the same answer)`,
    syntax: (spec) => `-|${ANY}|${spec.syntax}`,
    numeric: false,
    list: false,
    dashIsAll: true,
    collapsed: ANY,
    scoped: () => false,
    check: checkPresence,
    fix: (spec) =>
      `Give ${spec.name} as - or as ${spec.what}; any such code gives the same answer (the original's), so ${ANY} stands for them all.`,
    allowed: () => ({ values: ['-', ANY] }),
    fileValues: () => ['-', ANY],
  },
  tecs: {
    canonical: 'the entries sorted, without repeats or themes of a whole field given; _ alone when any entry is _',
    syntax: () => TEC_SYNTAX,
    numeric: false,
    list: true,
    labels: 'domain',
    dashIsAll: false,
    scoped: () => false,
    check: checkTecs,
    fix: (spec) =>
      `Give ${spec.name} as up to ${spec.max} comma-separated entries <field>_<theme>: _ for no filter, 1_ for a technology field, 1_2 for a theme of it (see /api/v1/patents/broad and /api/v1/patents/middle?tecCode=1).`,
    allowed: (spec, table) => ({
      list: { separator: ',', max: spec.max, entry: '<tecCode>_<themeCode>, either part may be empty' },
      values: (table.domains[spec.domain] ?? {}) as Record<string, string[]>,
    }),
    fileValues: () => [],
  },
};

/** The table's row for a parameter, typed by its spec. */
/** List parameters: they are never part of a file path, and a non-empty value composes. */
export const isListParam = (p: ParamSpec) => PARAM_TYPES[p.type].list;

export const typeOf = <S extends ParamSpec>(spec: S): ParamType<S> => PARAM_TYPES[spec.type] as unknown as ParamType<S>;

export const checkParam = (spec: ParamSpec, raw: string, got: Canonical, routes: CompiledRoutes): Checked =>
  typeOf(spec).check(spec, raw, got, routes);

export const describe = (spec: ParamSpec, routes: CompiledRoutes): string => typeOf(spec).fix(spec, routes);

function fail(spec: ParamSpec, message: string, routes: CompiledRoutes): Checked {
  return { ok: false, error: badRequest(message, describe(spec, routes)) };
}

function checkPref(spec: PrefParam, raw: string, _got: Canonical, routes: CompiledRoutes): Checked {
  if (spec.nation && raw === '-') return { ok: true, value: raw };
  if (!PREF_RE.test(raw))
    return fail(
      spec,
      `${spec.name} must be a prefecture code (an integer)${spec.nation ? ' or -' : ''}, got ${quote(raw)}`,
      routes,
    );
  const code = Number(raw);
  if (spec.country ? routes.country.has(code) : routes.prefectures.has(code)) return { ok: true, value: String(code) };
  if (routes.country.has(code)) return { ok: false, error: outsideScope(`${spec.name} ${code}`, routes) };
  return fail(spec, `${spec.name} ${code} is not a prefecture code`, routes);
}

/** The 404 of a prefecture the country has and this build was not made for: it names the scope. */
export function outsideScope(what: string, routes: CompiledRoutes): ApiError {
  return apiError(
    404,
    `${what} is outside this build's scope`,
    `This build serves the data of prefectures ${listValues(routes.table.prefectures)} only (it was built with --prefs); /api/v1/prefectures and /api/v1/cities list the whole country. A build without --prefs serves every prefecture.`,
  );
}

function checkCity(spec: CityParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  if (raw === '-') return { ok: true, value: raw };
  if (!CITY_RE.test(raw))
    return fail(spec, `${spec.name} must be - or a 5-digit municipality code, got ${quote(raw)}`, routes);
  const pref = got[spec.pref];
  if (pref === undefined) return { ok: true, value: raw }; // the prefecture error is reported instead
  if (pref === '-') return fail(spec, `${spec.name} must be - when ${spec.pref} is - (the nation)`, routes);
  if (!routes.cities.get(Number(pref))?.has(raw)) {
    return fail(spec, `${spec.name} ${raw} is not a municipality of ${spec.pref} ${pref}`, routes);
  }
  return { ok: true, value: raw };
}

function checkInt(spec: IntParam, raw: string, _got: Canonical, routes: CompiledRoutes): Checked {
  if (spec.open && raw === '-') return { ok: true, value: raw };
  if (!INT_RE.test(raw))
    return fail(spec, `${spec.name} must be an integer${spec.open ? ' or -' : ''}, got ${quote(raw)}`, routes);
  const n = Number(raw);
  const ok = spec.values ? spec.values.includes(n) : n >= (spec.min ?? -Infinity) && n <= (spec.max ?? Infinity);
  if (!ok) return fail(spec, `${spec.name} ${n} is out of range`, routes);
  return { ok: true, value: String(n) };
}

function checkCode(spec: CodeParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  if (spec.all && raw === '-') return { ok: true, value: raw };
  if (!CODE_RE.test(raw))
    return fail(spec, `${spec.name} must be a code${spec.all ? ' or -' : ''}, got ${quote(raw)}`, routes);
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
    if (parent === '-') {
      if (!spec.parentFromCode) return fail(spec, `${spec.name} must be - when ${spec.parent} is -`, routes);
      const owner = [...((domain as Map<string, Set<string>> | undefined) ?? [])].find(([, codes]) =>
        codes.has(raw),
      )?.[0];
      if (owner === undefined) return fail(spec, `${spec.name} ${raw} is not a code of this build`, routes);
      return { ok: true, value: raw, settles: { [spec.parent]: owner } };
    }
    if (!(domain as Map<string, Set<string>> | undefined)?.get(parent)?.has(raw)) {
      return fail(spec, `${spec.name} ${raw} does not belong to ${spec.parent} ${parent}`, routes);
    }
  } else if (!(domain as Set<string> | undefined)?.has(raw)) {
    return fail(spec, `${spec.name} ${raw} is not a code of this build`, routes);
  }
  return { ok: true, value: raw };
}

/**
 * A code's file values: its domain's codes (those of the parent's value, for a parented domain) after `-`
 * for all. Under a parent of `-` only `-` is canonical: a code given then names its parent (parentFromCode)
 * or is refused; a code outside its parent's codes counts as `-` (outsideParentIsAll).
 */
function codeFileValues(spec: CodeParam, got: Canonical, routes: CompiledRoutes): string[] {
  const all = spec.all ? ['-'] : [];
  const domain = routes.domains.get(spec.domain);
  if (domain instanceof Set) return [...all, ...domain];
  const parent = spec.parent === undefined ? undefined : got[spec.parent];
  return [...all, ...(parent === undefined ? [] : (domain?.get(parent) ?? []))];
}

function checkPresence(spec: PresenceParam, raw: string, _got: Canonical, routes: CompiledRoutes): Checked {
  if (raw === '-' || raw === ANY) return { ok: true, value: raw };
  if (!whole(spec.syntax).test(raw))
    return fail(spec, `${spec.name} must be - or ${spec.what}, got ${quote(raw)}`, routes);
  return { ok: true, value: ANY };
}

function checkAreas(spec: AreasParam, raw: string, got: Canonical, routes: CompiledRoutes): Checked {
  const entries = raw.split(',');
  if (entries.length > spec.max) {
    return fail(spec, `${spec.name} has ${entries.length} entries; at most ${spec.max} are allowed`, routes);
  }
  // The nation holds every region already: nothing can be added to it.
  if (got[spec.pref] === '-')
    return fail(spec, `${spec.name} adds regions to a region; ${spec.pref} - (the nation) holds them all`, routes);
  const municipal = spec.city !== undefined && got[spec.city] !== undefined && got[spec.city] !== '-';
  const seen = new Set<string>([`${got[spec.pref]}_${municipal ? got[spec.city!] : ''}`]);
  const areas: Area[] = [];
  for (const entry of entries) {
    const m = AREA_RE.exec(entry);
    if (!m)
      return fail(
        spec,
        `${spec.name} entry ${quote(entry)} is not <prefCode>_${spec.city ? ' or <prefCode>_<cityCode>' : ''}`,
        routes,
      );
    const area = { pref: String(Number(m[1])), city: m[2] ?? '' };
    const problem = areaProblem(spec, entry, area, municipal, routes);
    if (problem) return fail(spec, problem, routes);
    const key = `${area.pref}_${area.city}`;
    if (seen.has(key)) {
      return fail(
        spec,
        `${spec.name} entry ${quote(entry)} repeats a region already in the request; each region is counted once`,
        routes,
      );
    }
    seen.add(key);
    areas.push({ pref: area.pref, city: area.city || '-' });
  }
  return { ok: true, value: areas.map((a) => `${a.pref}_${a.city === '-' ? '' : a.city}`).join(','), areas };
}

/**
 * What is wrong with one well-formed entry (prefecture, then municipality, then whether its level
 * matches the request's own region), or null.
 */
function areaProblem(
  spec: AreasParam,
  entry: string,
  { pref, city }: { pref: string; city: string },
  municipal: boolean,
  routes: CompiledRoutes,
): string | null {
  const named = `${spec.name} entry ${quote(entry)}`;
  if (!routes.prefectures.has(Number(pref))) {
    // A 400 as for any bad entry (config-only hosts judge entries by pattern), which names the scope.
    return routes.country.has(Number(pref))
      ? `${named} names prefecture ${pref}, outside this build's scope (${listValues(routes.table.prefectures)})`
      : `${named} names prefecture ${pref}, which is not a prefecture code`;
  }
  if (!spec.city && city !== '')
    return `${named} names a municipality; this operation adds prefectures only (<prefCode>_)`;
  if (municipal && city === '')
    return `${named} is prefecture-level but ${spec.city} is a municipality; add municipalities as <prefCode>_<cityCode>`;
  if (spec.city && !municipal && city !== '')
    return `${named} names a municipality but ${spec.city} is -; add prefectures as <prefCode>_`;
  if (city !== '' && !routes.cities.get(Number(pref))?.has(city))
    return `${named}: ${city} is not a municipality of prefecture ${pref}`;
  return null;
}

/** Canonical form: entries sorted and without repeats; `_` alone when any entry selects everything. */
function checkTecs(spec: TecsParam, raw: string, _got: Canonical, routes: CompiledRoutes): Checked {
  const entries = raw.split(',');
  if (entries.length > spec.max) {
    return fail(spec, `${spec.name} has ${entries.length} entries; at most ${spec.max} are allowed`, routes);
  }
  const themes = routes.domains.get(spec.domain) as Map<string, Set<string>> | undefined;
  const keys: [number, number][] = [];
  for (const entry of entries) {
    const m = TEC_RE.exec(entry);
    if (!m)
      return fail(spec, `${spec.name} entry ${quote(entry)} is not <field>_<theme> (either may be empty)`, routes);
    const [, tec, theme] = m;
    if (tec === undefined && theme !== undefined)
      return fail(spec, `${spec.name} entry ${quote(entry)} gives a theme without its technology field`, routes);
    if (tec === undefined) return { ok: true, value: '_' };
    const t = String(Number(tec));
    if (!themes?.has(t))
      return fail(spec, `${spec.name} entry ${quote(entry)}: ${t} is not a technology field of this build`, routes);
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
function quote(raw: string): string {
  const s = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return JSON.stringify(s);
}
