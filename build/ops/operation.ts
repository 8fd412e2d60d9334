// The declaration of an operation: one object that drives its query schema (through its params), the
// enumeration of its files, the arquero computation behind each response, its file paths, its route
// table entry and its manifest entry.

import type { z } from 'zod';
import type { ShareKind } from '../../sources/scope.ts';
import type { Sources } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';
import type { Canonical } from '../runtime/params.ts';
import type { Composer } from '../runtime/composer.ts';
import type { Domain } from '../runtime/domains.ts';
import type { Family } from '../runtime/families.ts';
import type { View } from '../runtime/view.ts';
import type {
  AreasParam,
  CityParam,
  CodeParam,
  Constraint,
  IntParam,
  Paging,
  ParamSpec,
  PrefParam,
  RouteData,
  RouteOp,
} from '../runtime/routes.ts';

// The parameter values an operation's render sees, typed from its declared parameters: a parameter that
// always takes effect and is required or has a default is always a string; one that takes effect only
// sometimes (activeWhen) may be absent; list parameters are never part of a file.
type FileParam<S> = S extends { type: 'areas' | 'tecs' } | { ignored: true } ? never : S;
type Always<S> = S extends { activeWhen: object }
  ? false
  : S extends { required: true } | { default: string | number }
    ? true
    : false;

/** Canonical values of one file of an operation whose parameters are P. */
export type Values<P extends readonly ParamSpec[]> = {
  [S in FileParam<P[number]> as S extends { name: infer N extends string } ? N : never]: Always<S> extends true
    ? string
    : string | undefined;
};

export interface BuildContext {
  sources: Sources;
  /** Prefecture codes whose files this build writes. */
  prefs: number[];
  /** `compact` writes fewer files for hosts with file limits; operations that support it compose the rest. */
  layout?: 'full' | 'compact';
}

export type { RouteData } from '../runtime/routes.ts';

/**
 * An operation's route as declared: its parameters keep their literal names, which type its values, and
 * its composers are values (routes.json names them).
 */
type DeclaredRoute<P extends readonly ParamSpec[]> = Omit<RouteOp, 'params' | 'compose' | 'paging'> & {
  params: P;
  compose?: Omit<NonNullable<RouteOp['compose']>, 'composer'> & { composer: Composer };
  paging?: Omit<Paging, 'composer'> & { composer: Composer };
};

/** The serializable route of a declared one, as routes.json holds it. */
export function routeOf(route: DeclaredRoute<readonly ParamSpec[]>): RouteOp {
  const { compose, paging, ...rest } = route;
  return {
    ...rest,
    ...(compose ? { compose: { ...compose, composer: compose.composer.name } } : {}),
    ...(paging ? { paging: { ...paging, composer: paging.composer.name } } : {}),
  };
}

/** The columns an operation reads of a table, per value of `param` (each value its own list). */
interface ReadsBy {
  param: string;
  cases: Readonly<Record<string, readonly string[]>>;
}

export interface Operation<State = unknown, P extends readonly ParamSpec[] = readonly ParamSpec[]> {
  route: DeclaredRoute<P>;
  /** The original's title, for people reading the manifest. */
  title: string;
  /** The title in English, for the explorer and the reference. */
  titleEn: string;
  /** The issue-sized group it belongs to (population, industry…), for build and bench reports. */
  family: Family;
  /** What it answers, in Markdown: parameter names, values and fields in code spans. */
  description: string;
  /** Example requests as canonical parameter values, first the one the docs page links; valid for prefectures 1 and 13. */
  examples: Canonical[];
  /** The `result` member of its responses, exact: field types, nullability and the original's key order. */
  result: z.ZodType;
  /** How the explorer shows an answer: its rows, table columns (and CSV) and chart. */
  view: View;
  /** Source tables it reads; an inner list means any one of them will do. */
  needs: (TableName | TableName[])[];
  /**
   * Tables it reads where the sources have them and answers without (the medical chart's census population,
   * for its per-100,000 figures): not needed to build it, but a build keeps them until it is written.
   */
  mayRead?: readonly TableName[];
  /**
   * The columns it reads of a table whose origin names its official columns (sources/dataset.ts): its
   * figures are official only if these all are. Unsaid, it counts as reading the synthetic ones. Where the
   * columns depend on a parameter (a coefficient of value added or of employees), one list per value.
   */
  reads?: Partial<Record<TableName, readonly string[] | ReadsBy>>;
  /**
   * What an operation without cityCode lists, where it lists one level only: `municipality` (and wards, no
   * prefecture), whose figures are then as official as the tables' municipal rows (build/core/origin.ts).
   */
  lists?: 'municipality';
  /**
   * Fields it computes from a fixed year besides the one asked (a base year), with that year: official only
   * where the tables are official in that year too (build/core/origin.ts).
   */
  baseYears?: Readonly<Record<string, number>>;
  /** Gathers once per build everything the responses need, from build/facts (where all arquero work is). */
  prepare(ctx: BuildContext): State;
  /**
   * What its answer for one value reads of the sources: `prefecture`, only the rows of the prefecture its
   * prefecture parameter names (not `-`); `year`, only the rows of its `year`. On demand, a first answer
   * is then prepared from that share (sources/scope.ts), a fraction of the work; a test renders every
   * such file from shares and from the whole and holds them to the same bytes.
   */
  share?: ShareKind;
  /**
   * Canonical values of every file's parameters (list parameters excluded), only where they are not the
   * product of its parameters' values under its constraints (runtime/file-product.ts), which the build
   * enumerates otherwise: a paged list's offsets, say.
   */
  enumerate?(ctx: BuildContext): Canonical[];
  /** The `result` member for one file; null when the region has no data. */
  render(state: State, values: Values<P>, ctx: BuildContext): unknown;
  /** What its route gains in the compact layout (its enumeration reads ctx.layout). */
  compactRoute?: Pick<RouteOp, 'pairs'>;
  /** Code lists its parameters are checked against, computed from the sources. */
  routeData?(ctx: BuildContext): RouteData;
  /** Rules across its parameters that depend on the sources (class codes per matter2), after the route's own. */
  routeConstraints?(ctx: BuildContext): Constraint[];
}

/** Declares an operation; its parameters' names type the values its enumerate and render see. */
export const defineOperation = <State, const P extends readonly ParamSpec[]>(
  op: Operation<State, P>,
): Operation<State, P> => op;

/** Why an operation cannot be built from these sources, or null when it can. */
export function missingTables(op: Operation, sources: Sources): string | null {
  for (const need of op.needs) {
    const options = Array.isArray(need) ? need : [need];
    if (!options.some((t) => t in sources.tables)) {
      return `These sources have no ${options.map((t) => `${t}.csv`).join(' or ')}; build from sources that include it (see sources/README.md).`;
    }
  }
  return null;
}

// Parameters shared by many operations.

export const prefCode = <R extends boolean = true>(
  required: R = true as R,
): PrefParam & { name: 'prefCode'; required: R } => ({
  name: 'prefCode',
  type: 'pref',
  required,
  doc: 'Prefecture code (1–47, see /api/v1/prefectures).',
});

/** The prefecture parameter in snake_case, as the mesh charts and toTransition name it. */
export const prefectureCd = (aliases: string[] = []): PrefParam & { name: 'prefecture_cd'; required: true } => ({
  name: 'prefecture_cd',
  type: 'pref',
  required: true,
  ...(aliases.length ? { aliases } : {}),
  doc: 'Prefecture code (1–47).',
});

export const cityCode = (): CityParam & { name: 'cityCode'; default: '-' } => ({
  name: 'cityCode',
  type: 'city',
  required: false,
  default: '-',
  pref: 'prefCode',
  doc: 'Municipality code, or - for the whole prefecture (see /api/v1/cities).',
});

export const addArea = (): AreasParam & { name: 'addArea' } => ({
  name: 'addArea',
  type: 'areas',
  required: false,
  max: 10,
  pref: 'prefCode',
  city: 'cityCode',
  doc: 'Regions whose counts are added to the main region: <prefCode>_ or <prefCode>_<cityCode>, comma-separated, at most 10.',
});

export const intParam = <N extends string>(
  name: N,
  values: number[],
  doc: string,
): IntParam & { name: N; required: true } => ({
  name,
  type: 'int',
  required: true,
  values,
  doc,
});

/** A code parameter where - means all (or unspecified), which is also its default. */
export const codeOrAll = <N extends string>(
  name: N,
  domain: Domain,
  doc: string,
  parent?: string,
): CodeParam & { name: N; default: '-' } => ({
  name,
  type: 'code',
  required: false,
  domain,
  all: true,
  default: '-',
  doc,
  ...(parent ? { parent } : {}),
});

/** The values of a file of an operation that takes prefCode and cityCode (-: the whole prefecture). */
export type RegionValues = { prefCode: string; cityCode: string };

/** The source-table region code named by prefCode and cityCode (or the names given). */
export function regionOf(values: Canonical, pref = 'prefCode', city = 'cityCode'): string {
  const c = values[city];
  return c && c !== '-' ? c : (values[pref] ?? '').padStart(2, '0');
}

/**
 * The region a chart speaks of, as text: the city members are empty for a whole prefecture, and all four
 * for the nation (prefCode -), the interface spec's "empty string when unavailable".
 */
export function regionHeader(ctx: BuildContext, pref: string, city: string) {
  if (pref === '-') return { prefCode: '', prefName: '', cityCode: '', cityName: '' };
  return {
    prefCode: pref,
    prefName: ctx.sources.regions.prefName(pref),
    cityCode: city === '-' ? '' : city,
    cityName: city === '-' ? '' : (ctx.sources.regions.city(city)?.cityName ?? ''),
  };
}
