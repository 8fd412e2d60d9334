// What the sample's modules share: the draws of one sample (one seed), each made when a table first needs
// it, and a table's CSV from its rows. Each module lists the tables it generates (its SAMPLE) over these
// draws; index.ts composes the lists.

import { toCsv } from '../csv.ts';
import { TABLES, type TableName } from '../tables.ts';

/**
 * One sample being generated: its seed, and the identity its shared draws are remembered by; or one
 * prefecture's share of it (`prefCode`), for the tables that make it apart (index.ts).
 */
export interface Draws {
  readonly seed: string;
  readonly prefCode?: number;
}

/** Whether a prefecture's rows belong to what these draws make: all of them, or their share's. */
export const makes = (d: Draws, prefCode: number) => d.prefCode === undefined || d.prefCode === prefCode;

/** Writes one table's CSV text from the sample's draws. */
export type Generator = (d: Draws) => string;

/** The tables one module generates: any of TABLES, each by one function (a name TABLES lacks does not compile). */
export type SampleTables = { readonly [N in TableName]?: Generator };

/**
 * A draw that several tables share, made once per sample when one of them first asks for it (a server
 * that needs two tables never pays for forty; the population leaves, say, are drawn once).
 */
export function shared<T extends object>(make: (d: Draws) => T): (d: Draws) => T {
  const made = new WeakMap<Draws, T>();
  return (d) => {
    const known = made.get(d);
    if (known) return known;
    const value = make(d);
    made.set(d, value);
    return value;
  };
}

/** A table's CSV from rows that name its columns: the header is the table's own, as sources/tables.ts declares it. */
export function csvOf(name: TableName, rows: readonly object[]): string {
  const header = Object.keys(TABLES[name].schema.shape);
  return toCsv(
    header,
    rows.map((r) =>
      header.map((c) => ((r as Record<string, string | number | null | undefined>)[c] ?? '') as string | number),
    ),
  );
}

/** A code list's rows from its labels: kind, code (1, 2, …) and label. */
export const labelled = (kind: string, labels: readonly string[]) =>
  labels.map((label, i) => ({ kind, code: i + 1, label }));
