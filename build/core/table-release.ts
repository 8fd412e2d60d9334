// What a build that loaded its own sources lets go of as it goes (issue 52): each table after the last
// operation of the last family that reads it, keeping only what the manifest says of it.

import type { Sources } from '../../sources/load.ts';
import { REGION_TABLES, type TableName } from '../../sources/tables.ts';
import type { Operation } from '../ops/operation.ts';
import { getOrSet } from '../runtime/maps.ts';
import type { TableSummary } from './manifest.ts';

/**
 * The tables each operation is the last to read, in build order: those its family's operations declare
 * (`needs`, `mayRead`), since a family's facts read its tables together and a build prepares them again for
 * each operation. The region masters, which the plan's region index is made of, stay. A build that loaded its
 * sources lets go of each after that operation; held to the end, the full build's tables were about 400 MB
 * of the pack writer's heap throughout.
 */
export function lastReaders(operations: readonly Operation[]): Map<Operation, TableName[]> {
  const ofFamily = new Map<string, Set<TableName>>();
  for (const op of operations)
    for (const t of [...op.needs.flat(), ...(op.mayRead ?? [])])
      if (!REGION_TABLES.includes(t)) getOrSet(ofFamily, op.family, () => new Set()).add(t);
  const last = new Map<TableName, Operation>();
  for (const op of operations) for (const t of ofFamily.get(op.family) ?? []) last.set(t, op);
  const out = new Map<Operation, TableName[]>();
  for (const [t, op] of last) getOrSet(out, op, () => []).push(t);
  return out;
}

/** The tables a build let go of, with what the manifest says of each. */
export type Released = Map<TableName, TableSummary>;

/** Lets go of a table the build loaded (Sources.release), keeping what the manifest says of it. */
export function release(sources: Sources, name: TableName, released: Released): void {
  const t = sources.tables[name];
  if (!t || !sources.release) return;
  released.set(name, { rows: t.rows, sha256: t.sha256 });
  sources.release(name);
}
