// A composer: how the files of several regions (or pages) become one response at request time. Each
// family exports its own beside its render functions; declarations name them by value and routes.json
// by name, which runtime/compose.ts maps back.

import type { Canonical } from './params.ts';
import type { RouteOp, RouteTable } from './routes.ts';

/** What a combine function knows of the request besides its input files. */
export interface ComposeContext {
  values: Canonical;
  op: RouteOp;
  table: RouteTable;
}

/** Combines the `result` members of the input files (inputs without data already left out). */
export type Combine = (results: unknown[], ctx: ComposeContext) => unknown;

/** The inputs of a composition: the main region's (or the first page's) result first, then the others'. */
export type Inputs<R> = [R, ...R[]];

/** A combine function of results typed as its operations render them. */
export type CombineOf<R> = (results: Inputs<R>, ctx: ComposeContext) => unknown;

export interface Composer {
  readonly name: string;
  readonly combine: Combine;
}

/**
 * A composer whose inputs are typed as what its operations render (R): the one place the parsed files'
 * `result` members are taken for that type. They are this build's own files of the operation the route
 * names (routes.json's compose.from), rendered by its declaration and checked by its result schema.
 */
export const composer = <R>(name: string, combine: CombineOf<R>): Composer => ({
  name,
  combine: combine as Combine,
});
