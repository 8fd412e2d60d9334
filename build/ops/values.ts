// The parameter values an operation's enumerate and render see, typed from its declared parameters: a
// parameter that always takes effect and is required or has a default is always a string; one that takes
// effect only sometimes (activeWhen) is absent otherwise; list parameters are never part of a file.

import type { ParamSpec } from '../runtime/routes.ts';

type FileParam<S> = S extends { type: 'areas' | 'tecs' } | { ignored: true } ? never : S;
type Always<S> = S extends { activeWhen: object } ? false : S extends { required: true } | { default: string | number } ? true : false;

/** Canonical values of one file of an operation whose parameters are P. */
export type Values<P extends readonly ParamSpec[]> = {
  [S in FileParam<P[number]> as S extends { name: infer N extends string } ? N : never]: Always<S> extends true ? string : string | undefined;
};
