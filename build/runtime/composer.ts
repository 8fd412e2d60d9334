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

export interface Composer {
  readonly name: string;
  readonly combine: Combine;
}

export const composer = (name: string, combine: Combine): Composer => ({ name, combine });
