// Sums by group as arquero's groupby + rollup of op.sum gives them, to the byte (test/facts/rollup.test.ts): groups in the order first
// met, values added in the order met, nulls and NaN skipped, a group with no valid value summing to
// undefined. rollupRegions sums by hand with it, where arquero's join, groupby and antijoin took 9.2 s of
// the 24 s of preparing every operation's facts; with it, 1.5–1.9 times less CPU (measured per call:
// the medical counts 1,365 → 928 ms, establishments 953 → 512 ms, the least of four). A plain groupby
// by hand was slower than arquero's (sumsAtEveryLevel 1,350 → 2,039 ms), so arquero keeps those.

export type Column = { at(row: number): unknown };

/** arquero's key of a value (util/key-function.js) for the values facts hold: strings quoted, others as text. */
const keyOf = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

interface Group {
  keys: unknown[];
  sums: number[];
  valid: number[];
}

/** A row's key over columns, as arquero's keyFunction makes it (values joined by `|`). */
export function rowKey(columns: Column[], row: number): string {
  let s = '';
  let separator = '';
  for (const c of columns) {
    s += separator + keyOf(c.at(row));
    separator = '|';
  }
  return s;
}

/** Sums of `values` by key, the groups in the order first met. */
export class SumGroups {
  private readonly list: Group[] = [];
  /** By the key's lead value (a region), then by the row's key: shorter strings to hash than the two joined. */
  private readonly index = new Map<unknown, Map<string, Group>>();
  constructor(private readonly values: Column[]) {}

  /** The group of `lead` and the row's `key`: its key values, `lead` then the row's, taken when first met. */
  group(lead: unknown, key: string, row: number, columns: Column[]): Group {
    let byKey = this.index.get(lead);
    if (!byKey) this.index.set(lead, (byKey = new Map()));
    let g = byKey.get(key);
    if (!g) {
      const keys: unknown[] = [lead];
      for (const c of columns) keys.push(c.at(row));
      g = { keys, sums: this.values.map(() => 0), valid: this.values.map(() => 0) };
      byKey.set(key, g);
      this.list.push(g);
    }
    return g;
  }

  add(g: Group, row: number): void {
    this.values.forEach((column, i) => {
      const v = column.at(row);
      if (v != null && v === v) {
        g.sums[i] = (g.sums[i] ?? 0) + +(v as number);
        g.valid[i] = (g.valid[i] ?? 0) + 1;
      }
    });
  }

  /** Columns `names`, the key values then the sums, of the groups `keep` keeps. */
  columns(names: string[], keep: (keys: unknown[]) => boolean): Record<string, unknown[]> {
    const out = names.map((): unknown[] => []);
    for (const g of this.list) {
      if (!keep(g.keys)) continue;
      const row = [...g.keys, ...g.sums.map((sum, i) => (g.valid[i] ? sum : undefined))];
      row.forEach((v, i) => out[i]?.push(v));
    }
    return Object.fromEntries(names.map((n, i) => [n, out[i] ?? []]));
  }
}
