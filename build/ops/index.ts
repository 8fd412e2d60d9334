// The registry of operations: each family folder's index lists its operations, and the families come in
// the order of the family table (runtime/families.ts), so the route table, OpenAPI, the API's index and
// the explorer list them in one order that no one keeps by hand. Tests check that every declaration of a
// family folder is registered there and declares that family.

import { UserError } from '../user-error.ts';
import { FAMILY_TABLE, type Family } from '../runtime/families.ts';
import agriculture from './agriculture/index.ts';
import employment from './employment/index.ts';
import fishery from './fishery/index.ts';
import forestry from './forestry/index.ts';
import industry from './industry/index.ts';
import masters from './masters/index.ts';
import medical from './medical/index.ts';
import mesh from './mesh/index.ts';
import type { Operation } from './operation.ts';
import population from './population/index.ts';
import tourism from './tourism/index.ts';

/** Drops what the operations prepared of a Sources (the facts layer's caches): for builds that let go family by family. */
export { forgetFacts } from '../facts/memo.ts';

/** Each family's operations, by the family's folder name. */
export const BY_FAMILY: Record<Family, Operation<any>[]> = {
  masters,
  population,
  industry,
  employment,
  tourism,
  fishery,
  forestry,
  agriculture,
  mesh,
  medical,
};

export const FAMILIES = Object.keys(FAMILY_TABLE) as Family[];

export const OPERATIONS: Operation<any>[] = FAMILIES.flatMap((f) => BY_FAMILY[f]);

/** The operations of some families; the masters always come along, since every client reads them. */
export function operationsOf(families: string[]): Operation<any>[] {
  const unknown = families.filter((f) => !FAMILIES.some((known) => known === f));
  if (unknown.length)
    throw new UserError(
      `--only names ${unknown.join(', ')}, which is not a family; the families are ${FAMILIES.join(', ')}.`,
    );
  return OPERATIONS.filter((o) => o.family === 'masters' || families.includes(o.family));
}
