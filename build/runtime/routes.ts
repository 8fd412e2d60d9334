// The route table: the serializable form of the operation declarations that every server reads.
// The build writes it to dist/routes.json; the resolver interprets it. Keeping it plain data lets
// config-only hosts (nginx, redirects files) be generated from the same table later.

export const ROUTES_FORMAT = 'regstat-routes/1';
export const API_PREFIX = '/api/v1';

interface ParamBase {
  name: string;
  required: boolean;
  /** What the parameter means, for error descriptions and the manifest. */
  doc: string;
}

/** A prefecture code of the build's scope; canonical form is the integer without leading zeros. */
export interface PrefParam extends ParamBase {
  type: 'pref';
  default?: undefined;
}

/** `-` (the whole prefecture) or a 5-digit municipality code inside the prefecture named by `pref`. */
export interface CityParam extends ParamBase {
  type: 'city';
  pref: string;
  default?: '-';
}

/** An integer from a fixed list (years, modes). */
export interface IntParam extends ParamBase {
  type: 'int';
  values: number[];
  default?: number;
}

/**
 * A comma-separated list of regions (`<prefCode>_` or `<prefCode>_<cityCode>`) whose counts are summed
 * with the main region at request time. Entries are prefecture-level when the `city` parameter is `-`
 * and municipal otherwise.
 */
export interface AreasParam extends ParamBase {
  type: 'areas';
  default?: undefined;
  max: number;
  pref: string;
  city: string;
}

export type ParamSpec = PrefParam | CityParam | IntParam | AreasParam;

export interface RouteOp {
  path: string;
  params: ParamSpec[];
  /** Present when a list parameter is composed at request time from other files of dist/. */
  compose?: {
    /** The `areas` parameter that triggers composition. */
    param: string;
    /** Operation whose per-region files are read (its params are a subset of this one's). */
    from: string;
    /** Name of the combine function in runtime/compose. */
    composer: string;
  };
  /** Set when the build's sources lack what the operation needs: requests get a 404 saying why. */
  unavailable?: string;
}

export interface RouteTable {
  format: typeof ROUTES_FORMAT;
  operations: RouteOp[];
  /** Prefecture codes in the build's scope, ascending. */
  prefectures: number[];
  /** Municipality codes per prefecture code, ascending. */
  cities: Record<string, string[]>;
}

/** A route table with lookup indexes, built once per process. */
export interface CompiledRoutes {
  table: RouteTable;
  byPath: Map<string, RouteOp>;
  prefectures: Set<number>;
  cities: Map<number, Set<string>>;
  /** The largest number of path segments of an operation path, for path-form matching. */
  maxDepth: number;
}

export function compileRoutes(table: RouteTable): CompiledRoutes {
  if (table.format !== ROUTES_FORMAT) {
    throw new Error(`routes.json has format ${JSON.stringify(table.format)}; this server reads ${ROUTES_FORMAT}. Rebuild dist with this version.`);
  }
  const byPath = new Map(table.operations.map((op) => [op.path, op]));
  const cities = new Map<number, Set<string>>();
  for (const [pref, codes] of Object.entries(table.cities)) cities.set(Number(pref), new Set(codes));
  const maxDepth = Math.max(...table.operations.map((op) => op.path.split('/').length));
  return { table, byPath, prefectures: new Set(table.prefectures), cities, maxDepth };
}

/** The file of an operation for canonical parameter values; list parameters are not part of it. */
export function filePath(op: RouteOp, values: Record<string, string | undefined>): string {
  let path = op.path;
  for (const p of op.params) {
    if (p.type === 'areas') continue;
    const v = values[p.name];
    if (v !== undefined) path += `/${p.name}/${v}`;
  }
  return `${path}/index.json`;
}
