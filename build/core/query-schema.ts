// The zod query schema of an operation, derived from its declared parameters: allowed values, defaults
// and canonical form. The build parses every enumerated combination with it, and the tests check that
// the resolver accepts exactly what it accepts; it is the contract the resolver is compiled against.

import { z } from 'zod';
import type { CompiledRoutes, ParamSpec, RouteOp } from '../runtime/routes.ts';

export type RawQuery = Record<string, string | undefined>;
export type CanonicalQuery = Record<string, string>;

export function querySchema(route: RouteOp, routes: CompiledRoutes): z.ZodType<CanonicalQuery> {
  const shape: Record<string, z.ZodType> = {};
  for (const p of route.params) {
    const field = fieldSchema(p, routes);
    const given = 'default' in p && p.default !== undefined ? field.default(String(p.default)) : p.required ? field : field.optional();
    shape[p.name] = z.preprocess((v) => (v === '' ? undefined : v), given); // an empty value is no value
  }
  return z
    .object(shape)
    .superRefine((q, ctx) => {
      for (const p of route.params) {
        const pref = 'pref' in p ? Number(q[p.pref]) : NaN;
        if (p.type === 'city' && q[p.name] !== undefined && q[p.name] !== '-' && !routes.cities.get(pref)?.has(q[p.name] as string)) {
          ctx.addIssue({ code: 'custom', path: [p.name], message: `not a municipality of ${p.pref} ${q[p.pref]}` });
        }
        if (p.type === 'areas' && q[p.name]) checkAreas(p.name, q[p.name] as string, q[p.pref] as string, q[p.city] as string, p.max, routes, ctx);
      }
    })
    .transform((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as CanonicalQuery);
}

function fieldSchema(p: ParamSpec, routes: CompiledRoutes): z.ZodType<string, string> {
  switch (p.type) {
    case 'pref':
      return z
        .string()
        .regex(/^[0-9]{1,2}$/)
        .transform(Number)
        .refine((n) => routes.prefectures.has(n), 'not a prefecture of this build')
        .transform(String);
    case 'city':
      return z.union([z.literal('-'), z.string().regex(/^[0-9]{5}$/)]);
    case 'int':
      return z
        .string()
        .regex(/^-?[0-9]{1,9}$/)
        .transform(Number)
        .refine((n) => p.values.includes(n), `one of ${p.values.join(', ')}`)
        .transform(String);
    case 'areas':
      return z.string();
  }
}

function checkAreas(name: string, raw: string, pref: string, city: string, max: number, routes: CompiledRoutes, ctx: z.RefinementCtx): void {
  const entries = raw.split(',');
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (entries.length > max) return issue(`at most ${max} entries`);
  const municipal = city !== undefined && city !== '-';
  const seen = new Set([municipal ? city : `p${Number(pref)}`]);
  for (const e of entries) {
    const m = /^([0-9]{1,2})_([0-9]{5})?$/.exec(e);
    if (!m) return issue(`bad entry ${e}`);
    const p = Number(m[1]);
    if (!routes.prefectures.has(p)) return issue(`unknown prefecture in ${e}`);
    if (municipal !== (m[2] !== undefined)) return issue(`entry ${e} is not at the level of ${municipal ? 'a municipality' : 'a prefecture'}`);
    if (m[2] !== undefined && !routes.cities.get(p)?.has(m[2])) return issue(`unknown municipality in ${e}`);
    const key = m[2] ?? `p${p}`;
    if (seen.has(key)) return issue(`repeated region ${e}`);
    seen.add(key);
  }
}
