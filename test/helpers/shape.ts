// Shape oracles: the key order and value types of real responses, whose values we cannot reproduce.

/**
 * The key order of a municipality's figures per year for an industry selection: municipality/value, company,
 * plant, employee and manufacture perYear.
 */
export const MUNICIPAL_KEYS = [
  'prefCode',
  'prefName',
  'cityCode',
  'cityName',
  'sicName',
  'sicCode',
  'simcName',
  'simcCode',
  'data',
];

/** The key order of the header of an industry selection in a prefecture: industry/power/forArea and forManufacturerEstablishments. */
export const SELECTION_HEADER_KEYS = ['prefCode', 'prefName', 'sicCode', 'sicName', 'simcCode', 'simcName'];

/**
 * The scopes a counts extension (agriculture, forestry, fishery entityCounts) answers, with the region code
 * each sums: the region itself, its prefecture, the nation.
 */
export const countScopes = (region: string, pref: string) =>
  [
    [region, 'region'],
    [pref, 'prefecture'],
    ['00', 'nation'],
  ] as const;

type Shapes = Map<string, { keys: string[]; always: Set<string>; types: Map<string, Set<string>> }>;

const typeOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'number' : typeof v;

/** Per JSON path (array indexes as []), the keys objects there carry, in their order. */
export function shapes(value: unknown, path = '$', out: Shapes = new Map()): Shapes {
  if (Array.isArray(value)) for (const v of value) shapes(v, `${path}[]`, out);
  else if (value && typeof value === 'object') {
    let s = out.get(path);
    const keys = Object.keys(value);
    if (!s) out.set(path, (s = { keys: [], always: new Set(keys), types: new Map() }));
    for (const k of s.always) if (!keys.includes(k)) s.always.delete(k);
    let at = 0;
    for (const k of keys) {
      const i = s.keys.indexOf(k);
      if (i < 0) s.keys.splice(at, 0, k);
      at = Math.max(at, s.keys.indexOf(k) + 1);
      const t = s.types.get(k) ?? new Set();
      t.add(typeOf((value as Record<string, unknown>)[k]));
      s.types.set(k, t);
      shapes((value as Record<string, unknown>)[k], `${path}.${k}`, out);
    }
  }
  return out;
}

/** Differences between the shapes of a response of ours and of a real one: empty when they agree. */
export function shapeDiff(ours: unknown, real: unknown): string[] {
  const a = shapes(ours);
  const b = shapes(real);
  const diffs: string[] = [];
  for (const [path, r] of b) {
    const o = a.get(path);
    if (!o) {
      // Reported only where we carry the key but not its objects; a missing key is reported above it.
      const m = /^(.*)\.([^.[\]]+)(?:\[\])*$/.exec(path);
      if (m && a.get(m[1]!)?.keys.includes(m[2]!)) diffs.push(`${path}: missing`);
      continue;
    }
    const order = o.keys.filter((k) => r.keys.includes(k));
    if (order.join() !== r.keys.filter((k) => o.keys.includes(k)).join())
      diffs.push(`${path}: key order ${o.keys} vs ${r.keys}`);
    for (const k of o.keys) if (!r.keys.includes(k)) diffs.push(`${path}.${k}: not in the real response`);
    for (const k of r.always) if (!o.keys.includes(k)) diffs.push(`${path}.${k}: missing`);
    for (const [k, types] of o.types) {
      const real = r.types.get(k);
      if (real)
        for (const t of types)
          if (!real.has(t) && !(t === 'null' || real.has('null'))) diffs.push(`${path}.${k}: ${t} vs ${[...real]}`);
    }
  }
  return diffs;
}
