// The declaration of an operation: one object that drives its query schema (through its params), the
// enumeration of its files, the arquero computation behind each response, its file paths, its route
// table entry and its manifest entry.

import type { Sources } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';
import type { Canonical } from '../runtime/params.ts';
import type { AreasParam, CityParam, CodeParam, IntParam, PrefParam, RouteOp, RouteTable } from '../runtime/routes.ts';

export interface BuildContext {
  sources: Sources;
  /** Prefecture codes whose files this build writes. */
  prefs: number[];
  /** `compact` writes fewer files for hosts with file limits; operations that support it compose the rest. */
  layout?: 'full' | 'compact';
}

/** What an operation adds to the route table besides its route: code lists, labels, list lengths. */
export type RouteData = Partial<Pick<RouteTable, 'domains' | 'labels' | 'counts'>>;

export interface Operation<State = unknown> {
  route: RouteOp;
  /** The original's title, for people reading the manifest. */
  title: string;
  /** The issue-sized group it belongs to (population, industry…), for build and bench reports. */
  family: string;
  /** Source tables it reads; an inner list means any one of them will do. */
  needs: (TableName | TableName[])[];
  /** Computes once per build everything the responses need (arquero work happens here). */
  prepare(ctx: BuildContext): State;
  /** Canonical values of every file's parameters (list parameters excluded). */
  enumerate(ctx: BuildContext): Canonical[];
  /** The `result` member for one file; null when the region has no data. */
  render(state: State, values: Canonical): unknown;
  /** What its route gains in the compact layout (its enumeration reads ctx.layout). */
  compactRoute?: Pick<RouteOp, 'pairs'>;
  /** Code lists its parameters are checked against, computed from the sources. */
  routeData?(ctx: BuildContext): RouteData;
}

export const defineOperation = <State>(op: Operation<State>): Operation<State> => op;

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

export const prefCode = (required = true): PrefParam => ({
  name: 'prefCode',
  type: 'pref',
  required,
  doc: 'Prefecture code (1–47, see /api/v1/prefectures).',
});

export const cityCode = (): CityParam => ({
  name: 'cityCode',
  type: 'city',
  required: false,
  default: '-',
  pref: 'prefCode',
  doc: 'Municipality code, or - for the whole prefecture (see /api/v1/cities).',
});

export const addArea = (): AreasParam => ({
  name: 'addArea',
  type: 'areas',
  required: false,
  max: 10,
  pref: 'prefCode',
  city: 'cityCode',
  doc: 'Regions whose counts are added to the main region: <prefCode>_ or <prefCode>_<cityCode>, comma-separated, at most 10.',
});

export const intParam = (name: string, values: number[], doc: string): IntParam => ({ name, type: 'int', required: true, values, doc });

/** A code parameter where - means all (or unspecified), which is also its default. */
export const codeOrAll = (name: string, domain: string, doc: string, parent?: string): CodeParam => ({
  name,
  type: 'code',
  required: false,
  domain,
  all: true,
  default: '-',
  doc,
  ...(parent ? { parent } : {}),
});

// Enumeration helpers.

/** `{prefCode}` for every prefecture in scope. */
export function prefectureValues(ctx: BuildContext): Canonical[] {
  return ctx.prefs.map((p) => ({ prefCode: String(p) }));
}

/** `{prefCode, cityCode}` for every prefecture in scope (`-`) and each of its municipalities. */
export function regionValues(ctx: BuildContext, pref = 'prefCode', city = 'cityCode'): Canonical[] {
  return ctx.prefs.flatMap((p) => [
    { [pref]: String(p), [city]: '-' },
    ...ctx.sources.regions.citiesOf(p).map((c) => ({ [pref]: String(p), [city]: c.cityCode })),
  ]);
}

/** The source-table region code named by prefCode and cityCode (or the names given). */
export function regionOf(values: Canonical, pref = 'prefCode', city = 'cityCode'): string {
  const c = values[city];
  return c && c !== '-' ? c : (values[pref] ?? '').padStart(2, '0');
}

/** The region a chart speaks of, as text: the city members are empty for a whole prefecture. */
export function regionHeader(ctx: BuildContext, pref: string, city: string) {
  return {
    prefCode: pref,
    prefName: ctx.sources.regions.prefecture(Number(pref))!.prefName,
    cityCode: city === '-' ? '' : city,
    cityName: city === '-' ? '' : (ctx.sources.regions.city(city)?.cityName ?? ''),
  };
}
