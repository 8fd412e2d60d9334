// The route table: the serializable form of the operation declarations that every server reads.
// The build writes it to dist/routes.json; the resolver interprets it. Keeping it plain data lets
// config-only hosts (nginx, redirects files) be generated from the same table later.

import type { Domain } from './domains.ts';
import type { ErrorMode } from './errors.ts';
import type { OpDataKind } from './origin.ts';
import { UserError } from '../user-error.ts';

export const ROUTES_FORMAT = 'regstat-routes/2';
export const API_PREFIX = '/api/v1';
/** The API's own index (/api/v1/), a file of dist like the responses. */
export const API_INDEX = `${API_PREFIX}/index.json`;

interface ParamBase {
  name: string;
  required: boolean;
  /** What the parameter means, for error descriptions and the manifest. */
  doc: string;
  /**
   * The parameter takes effect only while an earlier parameter has one of these canonical values.
   * Otherwise it is ignored: not required, not checked, and not part of the file path, so requests
   * that differ only in it share one file.
   */
  activeWhen?: Condition | Condition[];
  /** Other names the parameter is accepted under (the path form uses `name`). */
  aliases?: string[];
  /** Accepted for compatibility and never read: it is not checked and is not part of any file path. */
  ignored?: boolean;
}

/**
 * Holds while the canonical value of `param` is one of `values`; `''` stands for a parameter that is
 * absent or itself ignored. A list of conditions holds when all of them do.
 */
export interface Condition {
  param: string;
  values: string[];
}

/**
 * A rule across parameters: the values of `param` allowed for each combination of the `by` parameters.
 * A `by` parameter reads as its canonical value or, with `given`, as `*` when it holds anything but `-`
 * (absent and ignored parameters read as `-`). Keys are the readings joined with `|`; a combination
 * not listed allows no value.
 */
export interface Constraint {
  param: string;
  by: { param: string; given?: boolean }[];
  cases: Record<string, { values: string[]; doc: string }>;
}

/** A prefecture code of the build's scope; canonical form is the integer without leading zeros. */
export interface PrefParam extends ParamBase {
  type: 'pref';
  /**
   * Only with `nation`: an absent prefCode means `-`, so that every answer has a path segment of its own
   * and none lies at the bare operation path, where a host blind to queries would serve it for any query.
   */
  default?: '-';
  /** A master's: any prefecture of the country, whatever the build's scope (the original always listed 47). */
  country?: boolean;
  /**
   * `-` is a value too and stands for the nation (the original's clients sent prefCode=- for a national
   * figure); what it is called, for people. Its municipality parameter is then `-` and it adds no areas.
   */
  nation?: string;
}

/** `-` (the whole prefecture) or a 5-digit municipality code inside the prefecture named by `pref`. */
export interface CityParam extends ParamBase {
  type: 'city';
  pref: string;
  default?: '-';
}

/** An integer from a fixed list (years, modes) or from a range (offsets). */
export interface IntParam extends ParamBase {
  type: 'int';
  values?: number[];
  min?: number;
  max?: number;
  default?: number;
  /** `-` is a value too, an open bound; what it means, for people ("no lower bound: from age 0"). */
  open?: string;
}

/**
 * A code from a named domain of the route table (industry, occupation, patent holder…). With `parent`,
 * the domain maps each value of that parameter to its own codes. With `all`, `-` stands for all codes.
 */
export interface CodeParam extends ParamBase {
  type: 'code';
  domain: Domain;
  parent?: string;
  all?: boolean;
  /**
   * With `parent` and `all`: a known code outside the parent's codes (or any code while the parent is
   * `-`) counts as `-` instead of being an error, as the airport operation's spec asks.
   */
  outsideParentIsAll?: boolean;
  /**
   * With `parent` and `all`: a code given while the parent is `-` names its parent too (the original
   * answered sicCode=-&simcCode=01 as middle class 01, and clients rely on it).
   */
  parentFromCode?: boolean;
  default?: string;
}

/**
 * A comma-separated list of regions (`<prefCode>_` or `<prefCode>_<cityCode>`) whose counts are summed
 * with the main region at request time. Entries are prefecture-level when the `city` parameter is `-`
 * (or when there is no city parameter at all) and municipal otherwise.
 */
export interface AreasParam extends ParamBase {
  type: 'areas';
  default?: undefined;
  max: number;
  pref: string;
  city?: string;
}

/**
 * A comma-separated list of `<field>_<theme>` filters (`_` none, `1_` a field, `1_2` a theme of it);
 * `domain` maps field codes to their theme codes.
 */
export interface TecsParam extends ParamBase {
  type: 'tecs';
  domain: Domain;
  max: number;
  default?: string;
}

/**
 * `-` or a code (a municipality, a secondary medical area…) that is read only for whether it is given:
 * the original answered every code alike (all the prefecture's municipalities, all the areas), so every
 * code has one canonical form, `any`, and one file. Codes are checked for their form only, as the
 * original accepted any.
 */
export interface PresenceParam extends ParamBase {
  type: 'presence';
  /** The form of a code, as a regular expression source without anchors, such as `[0-9]{5}`. */
  syntax: string;
  /** What a code names and an example, for the 400's fix: "a 5-digit municipality code such as 13101". */
  what: string;
  default?: '-';
}

export type ParamSpec = PrefParam | CityParam | IntParam | CodeParam | AreasParam | TecsParam | PresenceParam;

/** Whether a parameter takes effect, given the canonical values of the parameters before it. */
export function isActive(
  spec: Pick<ParamBase, 'ignored' | 'activeWhen'>,
  values: Record<string, string | undefined>,
): boolean {
  if (spec.ignored) return false;
  if (!spec.activeWhen) return true;
  const conditions = Array.isArray(spec.activeWhen) ? spec.activeWhen : [spec.activeWhen];
  return conditions.every((c) => c.values.includes(values[c.param] ?? ''));
}

/** The row of a constraint that canonical values select, as its key. */
export function constraintKey(c: Constraint, values: Record<string, string | undefined>): string {
  return c.by
    .map((b) => {
      const v = values[b.param] ?? '-';
      return b.given ? (v === '-' ? '-' : '*') : v;
    })
    .join('|');
}

/** " when mode is 1", " when matter2 is 204 or 205 and cityCode is - or absent"; `code` marks names and values (Markdown). */
export function describeConditions(spec: ParamSpec, code = (s: string) => s): string {
  if (!spec.activeWhen) return '';
  const conditions = Array.isArray(spec.activeWhen) ? spec.activeWhen : [spec.activeWhen];
  return (
    ' when ' +
    conditions
      .map((c) => `${code(c.param)} is ${c.values.map((v) => (v === '' ? 'absent' : code(v))).join(' or ')}`)
      .join(' and ')
  );
}

/** The parameter whose non-empty value composes at request time (addArea, addTec), if the operation has one. */
export const composingParam = (op: Pick<RouteOp, 'compose'>): string | undefined => op.compose?.param;

/** A paged list's key in the route table's counts: the canonical values of its list parameters. */
export const listKey = (names: readonly string[], values: Record<string, string | undefined>): string =>
  names.map((n) => values[n] ?? '').join('|');

export interface RouteOp {
  path: string;
  params: readonly ParamSpec[];
  /** Present when a list parameter is composed at request time from other files of dist/. */
  compose?: {
    /** The list parameter that triggers composition. */
    param: string;
    /** Operation whose files are read (its params are a subset of this one's). */
    from: string;
    /** Name of the combine function in runtime/compose. */
    composer: string;
  };
  /** Present when the response is one page of a longer list. */
  paging?: Paging;
  /**
   * The compact layout: only files whose `left` and `right` values are equal exist; a request for two
   * different values composes the `left` half of the first's file with the `right` half of the second's
   * (the halves of the result are keyed by the parameter names).
   */
  pairs?: { left: string; right: string };
  /** Cross-parameter rules, checked after every parameter is canonical. */
  constraints?: Constraint[];
  /** Set when the build's sources lack what the operation needs: requests get a 404 saying why. */
  unavailable?: string;
  /** Whether its figures are official, sent as X-Regstat-Data (runtime/data-kind.ts). */
  data?: OpDataKind;
}

/**
 * A paged list: files hold pages at offsets 0, size, 2·size…; other offsets compose two pages. Lists
 * are identified by the canonical values of `list`; `counts` names the table of their lengths (lists
 * not in it are empty). Past the end of a list, and for every ordering of an empty list, one "end" file
 * answers: the ordering parameters at their first value and the offset at the end of the list.
 */
export interface Paging {
  offset: string;
  size: number;
  list: string[];
  order: { name: string; first: string }[];
  counts: string;
  /** Combines two pages into one that starts inside the first. */
  composer: string;
}

/** A domain's codes: one list, or a list per code of its parent. */
type DomainCodes = string[] | Record<string, string[]>;

export interface RouteTable {
  format: typeof ROUTES_FORMAT;
  operations: RouteOp[];
  /** Prefecture codes in the build's scope, ascending. */
  prefectures: number[];
  /** Every prefecture code of the country, ascending: the masters list them all, whatever the scope. */
  country: number[];
  /** Municipality codes per prefecture code, ascending. */
  cities: Record<string, string[]>;
  /** Code lists named by `code` and `tecs` parameters (the domains of domains.ts). */
  domains: Partial<Record<Domain, DomainCodes>>;
  /** Names of codes, for composers that match records by the names they print. */
  labels: Record<string, Record<string, string>>;
  /** List lengths for paged operations. */
  counts: Record<string, Record<string, number>>;
  /** How errors are answered (see ErrorMode); absent means real status codes. */
  errors?: ErrorMode;
}

/** What an operation adds to the route table besides its route: code lists, labels, list lengths. */
export type RouteData = Partial<Pick<RouteTable, 'domains' | 'labels' | 'counts'>>;

/** A route table with lookup indexes, built once per process. */
export interface CompiledRoutes {
  table: RouteTable;
  byPath: Map<string, RouteOp>;
  prefectures: Set<number>;
  country: Set<number>;
  cities: Map<number, Set<string>>;
  /** Flat domains as sets; parented domains as a set per parent value. */
  domains: Map<string, Set<string> | Map<string, Set<string>>>;
  /** The largest number of path segments of an operation path, for path-form matching. */
  maxDepth: number;
  errors: ErrorMode;
}

export function compileRoutes(table: RouteTable): CompiledRoutes {
  if (table.format !== ROUTES_FORMAT) {
    throw new UserError(
      `routes.json has format ${JSON.stringify(table.format)}; this server reads ${ROUTES_FORMAT}. Rebuild dist with this version.`,
    );
  }
  const byPath = new Map(table.operations.map((op) => [op.path, op]));
  const cities = new Map<number, Set<string>>();
  for (const [pref, codes] of Object.entries(table.cities)) cities.set(Number(pref), new Set(codes));
  const domains = new Map<string, Set<string> | Map<string, Set<string>>>();
  // A domain the table holds is never undefined (routes.json is JSON); Partial only says not every domain is there.
  for (const [name, d] of Object.entries(table.domains) as [Domain, DomainCodes][]) {
    domains.set(name, Array.isArray(d) ? new Set(d) : new Map(Object.entries(d).map(([k, v]) => [k, new Set(v)])));
  }
  const maxDepth = Math.max(...table.operations.map((op) => op.path.split('/').length));
  const prefectures = new Set(table.prefectures);
  return {
    table,
    byPath,
    prefectures,
    country: new Set(table.country),
    cities,
    domains,
    maxDepth,
    errors: table.errors ?? 'status',
  };
}
