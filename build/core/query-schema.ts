// The zod query schema of an operation, derived from its declared parameters: which parameters it takes,
// their defaults and aliases, which apply when, and the rules across them. Values are checked and made
// canonical by the parameter-type table (runtime/params.ts), which the resolver reads too. The build
// parses every enumerated combination with it, and the tests check that the resolver accepts exactly what
// it accepts: it is the contract the resolver is compiled against.

import { z } from 'zod';
import { checkParam, type Canonical } from '../runtime/params.ts';
import { constraintKey, isActive, type CompiledRoutes, type RouteOp } from '../runtime/routes.ts';

type CanonicalQuery = Record<string, string>;

const emptyIsAbsent = (v: unknown) => (v === '' ? undefined : v);
/** Stands for a value that failed its check, so that conditions on it hold for no value. */
const INVALID = '\u0000invalid';

export function querySchema(route: RouteOp, routes: CompiledRoutes): z.ZodType<CanonicalQuery> {
  return z.preprocess(
    (q) => activeQuery(route, routes, q as Record<string, unknown>),
    z
      .object(fieldShape(route))
      .superRefine((q, ctx) => checkQuery(route, routes, q, ctx))
      // Defaults are filled in before activeWhen can be judged on canonical values: the canonical pass drops them again.
      .transform((q) => canonical(route, routes, q, false) as CanonicalQuery),
  ) as z.ZodType<CanonicalQuery>;
}

/** Each parameter's field: a string, with its default, required, or optional; empty counts as absent. */
function fieldShape(route: RouteOp): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const p of route.params) {
    if (p.ignored) continue;
    const field = z.string();
    const withDefault =
      p.default !== undefined
        ? field.default(String(p.default))
        : p.required && !p.activeWhen
          ? field
          : field.optional();
    shape[p.name] = z.preprocess(emptyIsAbsent, withDefault);
  }
  return shape;
}

/** Canonical values in declaration order, of the parameters that take effect; INVALID where a check fails. */
function canonical(
  route: RouteOp,
  routes: CompiledRoutes,
  q: Record<string, unknown>,
  withDefaults: boolean,
): Canonical {
  const out: Canonical = {};
  for (const p of route.params) {
    if (!isActive(p, out)) continue;
    const raw =
      (emptyIsAbsent(q[p.name]) as string | undefined) ??
      (withDefaults && p.default !== undefined ? String(p.default) : undefined);
    if (raw === undefined) continue;
    const checked = checkParam(p, raw, out, routes);
    out[p.name] = checked.ok ? checked.value : INVALID;
    if (checked.ok) Object.assign(out, checked.settles);
  }
  return out;
}

/** Aliases are folded into their parameter, and parameters that do not apply are dropped, before anything is checked. */
function activeQuery(route: RouteOp, routes: CompiledRoutes, q: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...q };
  for (const p of route.params) {
    for (const alias of p.aliases ?? []) {
      const v = emptyIsAbsent(out[alias]);
      delete out[alias];
      if (v === undefined) continue;
      out[p.name] = emptyIsAbsent(out[p.name]) === undefined ? v : '\u0000given twice';
    }
  }
  const seen = canonical(route, routes, out, true);
  for (const p of route.params) if (!(p.name in seen) && !isActive(p, seen)) delete out[p.name];
  return out;
}

/** Each parameter that applies checked in declaration order (required ones present), then the rules across them. */
function checkQuery(route: RouteOp, routes: CompiledRoutes, q: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const values: Canonical = {};
  for (const p of route.params) {
    if (!isActive(p, values)) continue;
    const v = q[p.name] as string | undefined;
    if (v === undefined) {
      if (p.required) ctx.addIssue({ code: 'custom', path: [p.name], message: 'required' });
      continue;
    }
    const checked = checkParam(p, v, values, routes);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: [p.name], message: checked.error.body.message });
    values[p.name] = checked.ok ? checked.value : INVALID;
    if (checked.ok) Object.assign(values, checked.settles);
  }
  for (const c of route.constraints ?? []) {
    const v = values[c.param];
    if (v !== undefined && !c.cases[constraintKey(c, values)]?.values.includes(v))
      ctx.addIssue({ code: 'custom', path: [c.param], message: 'not available for this combination' });
  }
}
